// The anchor for the socket fan-out: a bare `ws` server with per-connection subscription sets,
// broadcasting the same ticks on the same schedule with the same `{ch, data}` JSON shape as the
// Ampere server. Each tick is serialised once and the same string is sent to every subscriber —
// the least work any `ws` broadcast can do. It answers `heart` with `ping`, as the hub does. Started by bench/ws-fanout.ts with an IPC channel:
// it reports `{type:'ready', port}` and answers `{type:'stats'}` with its CPU and memory.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { WebSocketServer } from 'ws';

const SYMBOLS = JSON.parse(process.env.WS_SYMBOLS ?? '[]');
const TICK_MS = Number(process.env.WS_TICK_MS ?? 250);
const HASH = 'f'.repeat(64);

/** channel → sockets subscribed to it */
const subscribers = new Map();
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 4096 });

wss.on('connection', (socket) => {
  const mine = new Set();
  socket.on('message', (raw) => {
    let message;
    try {
      message = JSON.parse(raw.toString('utf8'));
    } catch {
      return;
    }
    if (message?.event === 'heart') {
      socket.send(JSON.stringify({ event: 'ping', data: { t: Date.now() } }));
      return;
    }
    const ch = message?.data?.ch;
    if (typeof ch !== 'string') return;
    if (message.event === 'sub' && !mine.has(ch) && mine.size < 50) {
      mine.add(ch);
      let set = subscribers.get(ch);
      if (!set) subscribers.set(ch, (set = new Set()));
      set.add(socket);
    } else if (message.event === 'unsub' && mine.delete(ch)) {
      subscribers.get(ch)?.delete(socket);
    }
  });
  socket.on('close', () => {
    for (const ch of mine) subscribers.get(ch)?.delete(socket);
    mine.clear();
  });
});

let ticks = 0;
let skipped = 0;
const stops = [];
const tickers = [];

/**
 * Calls `fn` every `ms` on a fixed schedule (not drifting when the loop is late); a tick more than
 * a whole interval late is skipped and counted, the rest run as soon as the loop gets to them.
 * Same schedule as the subject's (bench/ws-fanout/ampere-server.ts).
 */
function every(ms, offset, fn) {
  let due = Date.now() + offset;
  let timer;
  const run = () => {
    const behind = Math.floor((Date.now() - due) / ms);
    if (behind > 0) {
      skipped += behind;
      due += behind * ms;
    }
    fn();
    due += ms;
    timer = setTimeout(run, Math.max(0, due - Date.now()));
  };
  timer = setTimeout(run, offset);
  return () => clearTimeout(timer);
}

SYMBOLS.forEach((symbol, i) => {
  let price = 100_000;
  const ch = `ticker.${symbol}`;
  const tick = () => {
    price = Math.max(1, price + Math.round((Math.random() - 0.5) * 20));
    const time = Date.now();
    const message = JSON.stringify({
      ch,
      data: { symbol, price: (price / 100).toFixed(2), time, hash: HASH },
    });
    ticks++;
    const set = subscribers.get(ch);
    if (!set) return;
    for (const socket of set) {
      if (socket.bufferedAmount > 256 * 1024) socket.close(1013, 'slow consumer');
      else socket.send(message);
    }
  };
  tickers.push({ tick, offset: Math.round((i * TICK_MS) / SYMBOLS.length) });
});

/** Ticks run from the start; the parent pauses them while the clients connect. */
function setTicking(on) {
  for (const stop of stops.splice(0)) stop();
  // The symbols are spread evenly over the tick interval, as independent feeds would be.
  if (on) for (const t of tickers) stops.push(every(TICK_MS, t.offset, t.tick));
}
setTicking(true);

// `--profile`: a V8 CPU profile of the measured window only, as for the subject.
const inspector = new Session();
async function profile(action, dir) {
  if (action === 'start') {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
    return;
  }
  const { profile: result } = await inspector.post('Profiler.stop');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'window.cpuprofile'), JSON.stringify(result));
  inspector.disconnect();
}

process.on('message', (message) => {
  if (message?.type === 'profile') {
    profile(message.action === 'stop' ? 'stop' : 'start', message.dir).then(
      () => process.send?.({ type: 'profile' }),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  }
  if (message?.type === 'ticking') {
    setTicking(message.on === true);
    process.send?.({ type: 'ticking' });
  }
  if (message?.type === 'stats') {
    const cpu = process.cpuUsage(); // before the collection, which is not part of the window
    if (message.gc) globalThis.gc?.();
    process.send?.({
      type: 'stats',
      cpu,
      memory: process.memoryUsage(),
      ticks,
      skipped,
      connections: wss.clients.size,
    });
  }
});
process.on('SIGTERM', () => {
  setTicking(false);
  for (const socket of wss.clients) socket.terminate();
  wss.close(() => process.exit(0));
});
wss.on('listening', () => {
  process.send?.({ type: 'ready', port: wss.address().port });
});
