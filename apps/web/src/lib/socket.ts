import { SOCKET_STATE, socketInSchema } from '@ampere/contract';
import type { SocketState } from '@ampere/contract';
import {
  SOCKET_BUFFER_MAX_MESSAGES,
  SOCKET_HEARTBEAT_MS,
  SOCKET_PING_DEADLINE_MS,
  SOCKET_RECONNECT_MAX_DELAY_MS,
  SOCKET_RECONNECT_MAX_TRIES,
  SOCKET_RECONNECT_STEP_MS,
  SOCKET_RESEND_MAX_DELAY_MS,
  SOCKET_RESEND_MAX_TRIES,
  SOCKET_RESEND_MIN_DELAY_MS,
  SOCKET_SEND_CONCURRENCY,
  SOCKET_TIMEOUT_MS,
} from './constants';
import { documentVisibility, type PageVisibility } from './visibility';

/**
 * The real-time socket client (SPEC §4, §7, §9; BRIEF §5), free of any framework so its timing
 * rules can be tested with fake timers:
 *
 * - URL: the config `wss` address plus `uid`, `timestamp` (ms) and the session `token`.
 * - Out `{event, data}`: `online` right after connecting, `heart` with the uid every 20 s,
 *   subscribe events (re-sent on every reconnect) and their `un`-prefixed twins.
 * - In `{ch, data}` and `ping`. A ping only proves the connection alive; it needs no reply.
 * - A lost connection is retried up to 20 times, 1 s × attempt apart (at most 30 s), then the
 *   state is error (3). A connect attempt not open within 60 s counts as lost.
 * - Back in the foreground, a connection that shows no ping within 5 s is dead: reconnect at once.
 * - Sends leave through a queue in order, at most 5 per macrotask (the rest wait for the next).
 *   Messages sent while not connected wait in a bounded buffer (500, oldest dropped) and are
 *   retried 2 s, 4 s, … 60 s apart, 28 times at most, then dropped. A (re)connect sends them at
 *   once, after `online` and the subscriptions.
 *
 * Nothing here throws into its caller or out of a socket callback: failures are logged.
 */

export interface SocketMessage {
  ch: string;
  data: unknown;
}

export type SocketVisibility = PageVisibility;

export interface SocketDeps {
  /** The config `wss` address (may wait for the config, e.g. `waitForField('wss')`). */
  url(): Promise<string> | string;
  /** Sent as the `uid` query and in every `heart`; omitted when undefined. */
  uid(): string | number | undefined;
  /** The session token, sent as the `token` query; omitted when signed out. */
  token(): string | undefined;
  /** Defaults to the global WebSocket. */
  WebSocketImpl?: typeof WebSocket;
  /** Clock for the `timestamp` query; defaults to Date.now. */
  now?: () => number;
  /** Defaults to `document.visibilityState` and `visibilitychange`. */
  visibility?: SocketVisibility;
  /** Defaults to console.warn. */
  log?: (msg: string, detail?: unknown) => void;
}

export interface SocketClient {
  /** Starts connecting; a no-op while connecting or connected. From error (3) it starts afresh. */
  connect(): void;
  /**
   * Back to idle (0): the socket is closed, timers stop, nothing reconnects and unsent messages
   * are discarded (they may belong to a session that just ended). Subscriptions are kept and are
   * sent again by the next connect().
   */
  close(): void;
  /** Queues `{event, data}`; buffered and retried when not connected. Never throws. */
  send(event: string, data?: unknown): void;
  /**
   * Sends `event` now (if connected) and again after every reconnect; `onMessage` receives the
   * channel messages `match` accepts. The returned function unsubscribes: when the last listener
   * of the same event and data leaves, the `un`-prefixed twin (`un${event}`) is sent.
   */
  subscribe(
    event: string,
    data: unknown,
    onMessage: (msg: SocketMessage) => void,
    match: (ch: string) => boolean,
  ): () => void;
  /** Receives every channel message (pings excluded). */
  onMessage(cb: (msg: SocketMessage) => void): () => void;
  state(): SocketState;
  /** Called on every change of state (not with the current one). */
  onState(cb: (state: SocketState) => void): () => void;
}

/** WebSocket.readyState values; a test double may not define the static constants. */
const WS_CONNECTING = 0;
const WS_OPEN = 1;
/** Normal closure, used when the app closes the socket itself. */
const CLOSE_NORMAL = 1000;
/** SPEC §7 events. */
const EVENT_HEART = 'heart';
const EVENT_ONLINE = 'online';
const EVENT_PING = 'ping';
/** The contract bounds event names (socketOutSchema). */
const EVENT_MAX_LENGTH = 64;
/** How much of a rejected frame goes into the log. */
const LOG_FRAME_CHARS = 200;

/** Delay before reconnect attempt `attempt` (1-based): 1 s per attempt, at most 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(Math.max(1, attempt) * SOCKET_RECONNECT_STEP_MS, SOCKET_RECONNECT_MAX_DELAY_MS);
}

/** Delay before retry `retry` (1-based) of a buffered message: 2 s doubling, at most 60 s. */
export function resendDelayMs(retry: number): number {
  const doublings = Math.min(Math.max(0, retry - 1), 30);
  return Math.min(SOCKET_RESEND_MIN_DELAY_MS * 2 ** doublings, SOCKET_RESEND_MAX_DELAY_MS);
}

/** SPEC §7: the unsubscribe twin of an event is the same name prefixed `un`. */
export function unsubscribeEvent(event: string): string {
  return `un${event}`;
}

/**
 * The connection URL: the configured address with `uid`, `timestamp` and `token` set (replacing
 * any already there). A relative or http(s) address resolves against the page as ws(s). Throws on
 * an address that cannot be a WebSocket URL.
 */
export function buildSocketUrl(
  address: string,
  query: { uid: string | number | undefined; token: string | undefined; timestamp: number },
): string {
  const trimmed = address.trim();
  if (trimmed === '') throw new Error('empty socket address');
  const base = typeof location === 'undefined' ? undefined : location.href;
  const url = new URL(trimmed, base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new Error(`not a WebSocket address: ${url.protocol}`);
  }
  const uid = query.uid === undefined ? '' : String(query.uid);
  if (uid === '') url.searchParams.delete('uid');
  else url.searchParams.set('uid', uid);
  url.searchParams.set('timestamp', String(query.timestamp));
  if (query.token === undefined || query.token === '') url.searchParams.delete('token');
  else url.searchParams.set('token', query.token);
  return url.href;
}

type Timer = ReturnType<typeof setTimeout>;

/** One outgoing frame. Control frames (online, heart, (un)subscribe) are never buffered. */
interface Outgoing {
  readonly event: string;
  readonly frame: string;
  readonly control: boolean;
  /** Retries done so far (buffered messages only). */
  retries: number;
  /** Ready to go out with the next drain; otherwise waiting for `timer`. */
  ready: boolean;
  timer: Timer | undefined;
}

interface Handler {
  onMessage: (msg: SocketMessage) => void;
  match: (ch: string) => boolean;
}

interface Subscription {
  readonly event: string;
  readonly data: unknown;
  readonly handlers: Set<Handler>;
}

export function createSocket(deps: SocketDeps): SocketClient {
  const now = deps.now ?? Date.now;
  const rawLog =
    deps.log ??
    ((msg: string, detail?: unknown) => {
      if (detail === undefined) console.warn(`[socket] ${msg}`);
      else console.warn(`[socket] ${msg}`, detail);
    });
  const log = (msg: string, detail?: unknown): void => {
    try {
      rawLog(msg, detail);
    } catch {
      // A broken logger must not break the socket.
    }
  };
  const guard = (what: string, fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      log(`${what} failed`, error);
    }
  };
  const visibility = deps.visibility ?? documentVisibility();
  const Impl: typeof WebSocket | undefined =
    deps.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);

  let state: SocketState = SOCKET_STATE.IDLE;
  /** Between connect() and close(): the client wants a connection. */
  let active = false;
  let ws: WebSocket | undefined;
  let wsOpen = false;
  /** Bumped whenever an attempt is abandoned, so its late callbacks do nothing. */
  let generation = 0;
  /** Reconnect attempts since the last successful open. */
  let attempts = 0;
  let wasVisible = true;
  let stopVisibility: (() => void) | undefined;
  let connectTimer: Timer | undefined;
  let reconnectTimer: Timer | undefined;
  let heartTimer: ReturnType<typeof setInterval> | undefined;
  let pingTimer: Timer | undefined;
  /** Sends made since the last macrotask boundary, and the timer that marks the next one. */
  let budgetUsed = 0;
  let budgetTimer: Timer | undefined;
  const outbox: Outgoing[] = [];
  const subscriptions = new Map<string, Subscription>();
  const messageListeners = new Set<(msg: SocketMessage) => void>();
  const stateListeners = new Set<(state: SocketState) => void>();

  const setState = (next: SocketState): void => {
    if (next === state) return;
    state = next;
    for (const listener of [...stateListeners])
      guard('state listener', () => {
        listener(next);
      });
  };

  const clearTimers = (): void => {
    clearTimeout(connectTimer);
    clearTimeout(reconnectTimer);
    clearInterval(heartTimer);
    clearTimeout(pingTimer);
    connectTimer = reconnectTimer = heartTimer = pingTimer = undefined;
  };

  // --- Outgoing -----------------------------------------------------------------------------

  const encode = (event: string, data: unknown): string | undefined => {
    if (event === '' || event.length > EVENT_MAX_LENGTH) {
      log('dropped a message with an invalid event name', event);
      return undefined;
    }
    try {
      return JSON.stringify(data === undefined ? { event } : { event, data });
    } catch (error) {
      log(`dropped "${event}": its data cannot be serialised`, error);
      return undefined;
    }
  };

  const removeEntry = (entry: Outgoing): void => {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    const index = outbox.indexOf(entry);
    if (index >= 0) outbox.splice(index, 1);
  };

  /** Waits for the next retry of a buffered message; drops it after the last one. */
  const armRetry = (entry: Outgoing): void => {
    entry.ready = false;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(
      () => {
        entry.timer = undefined;
        entry.retries += 1;
        if (wsOpen) {
          entry.ready = true;
          drain();
        } else if (entry.retries >= SOCKET_RESEND_MAX_TRIES) {
          removeEntry(entry);
          log(`dropped "${entry.event}" after ${entry.retries} retries`);
        } else {
          armRetry(entry);
        }
      },
      resendDelayMs(entry.retries + 1),
    );
  };

  const sendFailed = (entry: Outgoing): void => {
    if (entry.control) {
      // Subscriptions and `online` go out again on the next connect; the next heart is due anyway.
      removeEntry(entry);
    } else if (entry.retries >= SOCKET_RESEND_MAX_TRIES) {
      removeEntry(entry);
      log(`dropped "${entry.event}" after ${entry.retries} retries`);
    } else {
      armRetry(entry);
    }
  };

  const transmit = (frame: string): boolean => {
    if (ws?.readyState !== WS_OPEN) return false;
    try {
      ws.send(frame);
      return true;
    } catch (error) {
      log('send failed', error);
      return false;
    }
  };

  /**
   * Sends ready frames in order, at most SOCKET_SEND_CONCURRENCY per macrotask: the first sends
   * of a task go out at once, the rest wait for the next task (a zero-delay timer), and so on.
   */
  function drain(): void {
    for (const entry of [...outbox]) {
      if (!wsOpen || budgetUsed >= SOCKET_SEND_CONCURRENCY) break;
      if (!entry.ready) continue;
      budgetUsed += 1;
      budgetTimer ??= setTimeout(() => {
        budgetTimer = undefined;
        budgetUsed = 0;
        drain();
      }, 0);
      if (transmit(entry.frame)) removeEntry(entry);
      else sendFailed(entry);
    }
  }

  const enqueueControl = (event: string, data?: unknown): void => {
    if (!wsOpen) return;
    const frame = encode(event, data);
    if (frame === undefined) return;
    outbox.push({ event, frame, control: true, retries: 0, ready: true, timer: undefined });
    drain();
  };

  const sendHeart = (): void => {
    let uid: string | number | undefined;
    try {
      uid = deps.uid();
    } catch (error) {
      log('uid() failed', error);
    }
    enqueueControl(EVENT_HEART, { uid });
  };

  const startHeartbeat = (): void => {
    clearInterval(heartTimer);
    heartTimer = setInterval(sendHeart, SOCKET_HEARTBEAT_MS);
  };

  // --- Incoming -----------------------------------------------------------------------------

  /**
   * Hands a channel message to every listener, then to the handlers whose `match` accepts its
   * channel — those matched before any is called, so a handler added or removed by another
   * during the dispatch does not change who receives this message. Runs for every message of a
   * busy stream (a ticker per product, ≈ 100 a second on a list of 50): no closure or label is
   * made per handler unless one fails (issue #20, frame time).
   */
  const dispatch = (msg: SocketMessage): void => {
    for (const listener of [...messageListeners]) {
      try {
        listener(msg);
      } catch (error) {
        log('message listener failed', error);
      }
    }
    const matched: { event: string; handler: Handler }[] = [];
    for (const { event, handlers } of subscriptions.values()) {
      for (const handler of handlers) {
        try {
          if (handler.match(msg.ch)) matched.push({ event, handler });
        } catch (error) {
          log(`"${event}" listener failed`, error);
        }
      }
    }
    for (const { event, handler } of matched) {
      try {
        handler.onMessage(msg);
      } catch (error) {
        log(`"${event}" listener failed`, error);
      }
    }
  };

  const receive = (raw: unknown): void => {
    if (typeof raw !== 'string') {
      log('ignored a non-text frame');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      log('ignored a malformed frame', raw.slice(0, LOG_FRAME_CHARS));
      return;
    }
    const result = socketInSchema.safeParse(parsed);
    if (!result.success) {
      log('ignored a frame of unknown shape', raw.slice(0, LOG_FRAME_CHARS));
      return;
    }
    const msg = result.data;
    if ('event' in msg || msg.ch === EVENT_PING) {
      // Alive: whatever foreground check was waiting for this is satisfied.
      clearTimeout(pingTimer);
      pingTimer = undefined;
      return;
    }
    dispatch({ ch: msg.ch, data: msg.data });
  };

  // --- Connection ---------------------------------------------------------------------------

  /** Drops the current socket (if any) and everything tied to it; the client stays active. */
  const teardown = (code?: number): void => {
    generation += 1;
    clearTimers();
    clearTimeout(budgetTimer);
    budgetTimer = undefined;
    budgetUsed = 0;
    const socket = ws;
    ws = undefined;
    wsOpen = false;
    if (socket !== undefined) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      if (socket.readyState === WS_CONNECTING || socket.readyState === WS_OPEN) {
        guard('close', () => {
          socket.close(code);
        });
      }
    }
    for (const entry of [...outbox]) {
      if (entry.control) removeEntry(entry);
      else if (entry.ready) armRetry(entry);
    }
  };

  const scheduleReconnect = (): void => {
    attempts += 1;
    if (attempts > SOCKET_RECONNECT_MAX_TRIES) {
      log(`gave up after ${SOCKET_RECONNECT_MAX_TRIES} reconnect attempts`);
      setState(SOCKET_STATE.ERROR);
      return;
    }
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      open();
    }, reconnectDelayMs(attempts));
    setState(SOCKET_STATE.RECONNECTING);
  };

  const connectionLost = (why: string, detail?: unknown): void => {
    log(why, detail);
    teardown();
    if (active) scheduleReconnect();
  };

  /** Abandons the current connection and tries again without waiting. */
  const reconnectNow = (why: string): void => {
    log(why);
    teardown();
    attempts = 0;
    open();
    if (active) setState(SOCKET_STATE.RECONNECTING);
  };

  const opened = (socket: WebSocket): void => {
    clearTimeout(connectTimer);
    connectTimer = undefined;
    wsOpen = true;
    attempts = 0;
    startHeartbeat();
    // `online` first, then every subscription, then what was buffered, in order.
    const controls: Outgoing[] = [];
    const control = (event: string, data?: unknown) => {
      const frame = encode(event, data);
      if (frame !== undefined) {
        controls.push({ event, frame, control: true, retries: 0, ready: true, timer: undefined });
      }
    };
    control(EVENT_ONLINE);
    for (const subscription of subscriptions.values()) {
      control(subscription.event, subscription.data);
    }
    for (const entry of outbox) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
      entry.ready = true;
    }
    outbox.unshift(...controls);
    drain();
    if (ws === socket) setState(SOCKET_STATE.CONNECTED);
  };

  const startSocket = (gen: number, address: string): void => {
    if (Impl === undefined) {
      connectionLost('WebSocket is not available');
      return;
    }
    let href: string;
    let socket: WebSocket;
    try {
      href = buildSocketUrl(address, { uid: deps.uid(), token: deps.token(), timestamp: now() });
      socket = new Impl(href);
    } catch (error) {
      connectionLost('could not open the socket', error);
      return;
    }
    if (gen !== generation) {
      guard('close', () => {
        socket.close();
      });
      return;
    }
    ws = socket;
    const mine = (fn: () => void) => () => {
      if (ws === socket) guard('socket callback', fn);
    };
    socket.onopen = mine(() => {
      opened(socket);
    });
    socket.onmessage = (event: MessageEvent) => {
      mine(() => {
        receive(event.data);
      })();
    };
    socket.onerror = mine(() => {
      connectionLost('socket error');
    });
    socket.onclose = (event: CloseEvent) => {
      mine(() => {
        connectionLost('socket closed', { code: event.code, reason: event.reason });
      })();
    };
  };

  /** One connection attempt: resolve the address, open, and give up after the timeout. */
  function open(): void {
    generation += 1;
    const gen = generation;
    clearTimeout(connectTimer);
    connectTimer = setTimeout(() => {
      connectTimer = undefined;
      if (gen === generation) connectionLost(`not connected within ${SOCKET_TIMEOUT_MS} ms`);
    }, SOCKET_TIMEOUT_MS);
    let address: Promise<string> | string;
    try {
      address = deps.url();
    } catch (error) {
      connectionLost('no socket address', error);
      return;
    }
    if (typeof address === 'string') {
      startSocket(gen, address);
      return;
    }
    address.then(
      (resolved) => {
        if (gen === generation)
          guard('connect', () => {
            startSocket(gen, resolved);
          });
      },
      (error: unknown) => {
        if (gen === generation) connectionLost('no socket address', error);
      },
    );
  }

  const visibilityChanged = (visible: boolean): void => {
    const returned = visible && !wasVisible;
    wasVisible = visible;
    if (!returned || !active) return;
    if (state === SOCKET_STATE.CONNECTED) {
      // Prompt the server now (a heart restarts the cadence) and expect a ping within 5 s.
      sendHeart();
      startHeartbeat();
      clearTimeout(pingTimer);
      pingTimer = setTimeout(() => {
        pingTimer = undefined;
        if (state === SOCKET_STATE.CONNECTED) {
          reconnectNow(
            `no ping within ${SOCKET_PING_DEADLINE_MS} ms of returning to the foreground`,
          );
        }
      }, SOCKET_PING_DEADLINE_MS);
    } else if (state === SOCKET_STATE.ERROR) {
      reconnectNow('back in the foreground after giving up');
    }
  };

  // --- API ----------------------------------------------------------------------------------

  const subscriptionKey = (event: string, data: unknown): string => {
    try {
      // JSON.stringify(undefined) is undefined at run time (printed "undefined"): still a key.
      return `${event}\u0000${JSON.stringify(data)}`;
    } catch {
      return `${event}\u0000${String(Math.random())}`;
    }
  };

  return {
    connect: () => {
      if (active && state !== SOCKET_STATE.ERROR) return;
      const fromError = state === SOCKET_STATE.ERROR;
      active = true;
      if (stopVisibility === undefined) {
        guard('visibility', () => {
          wasVisible = visibility.isVisible();
          stopVisibility = visibility.onChange((visible) => {
            guard('visibility change', () => {
              visibilityChanged(visible);
            });
          });
        });
      }
      if (fromError) {
        reconnectNow('connect() after giving up');
        return;
      }
      attempts = 0;
      open();
    },

    close: () => {
      active = false;
      guard('visibility', () => stopVisibility?.());
      stopVisibility = undefined;
      teardown(CLOSE_NORMAL);
      for (const entry of [...outbox]) removeEntry(entry);
      attempts = 0;
      setState(SOCKET_STATE.IDLE);
    },

    send: (event, data) => {
      const frame = encode(event, data);
      if (frame === undefined) return;
      let buffered = 0;
      for (const entry of outbox) if (!entry.control) buffered += 1;
      if (buffered >= SOCKET_BUFFER_MAX_MESSAGES) {
        const oldest = outbox.find((entry) => !entry.control);
        if (oldest !== undefined) {
          removeEntry(oldest);
          log(`buffer full (${SOCKET_BUFFER_MAX_MESSAGES}): dropped the oldest "${oldest.event}"`);
        }
      }
      const entry: Outgoing = {
        event,
        frame,
        control: false,
        retries: 0,
        ready: wsOpen,
        timer: undefined,
      };
      outbox.push(entry);
      if (wsOpen) drain();
      else armRetry(entry);
    },

    subscribe: (event, data, onMessage, match) => {
      const key = subscriptionKey(event, data);
      let subscription = subscriptions.get(key);
      if (subscription === undefined) {
        subscription = { event, data, handlers: new Set() };
        subscriptions.set(key, subscription);
        enqueueControl(event, data);
      }
      const handler: Handler = { onMessage, match };
      subscription.handlers.add(handler);
      const owner = subscription;
      return () => {
        if (!owner.handlers.delete(handler)) return;
        if (owner.handlers.size > 0 || subscriptions.get(key) !== owner) return;
        subscriptions.delete(key);
        enqueueControl(unsubscribeEvent(event), data);
      };
    },

    onMessage: (cb) => {
      messageListeners.add(cb);
      return () => {
        messageListeners.delete(cb);
      };
    },

    state: () => state,

    onState: (cb) => {
      stateListeners.add(cb);
      return () => {
        stateListeners.delete(cb);
      };
    },
  };
}
