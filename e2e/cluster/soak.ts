import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import type { Address } from 'viem';
import { call, signUp, type Envelope } from './client.js';
import {
  createClusterDatabase,
  freePort,
  ops,
  startNode,
  startProxy,
  type ClusterNode,
} from './harness.js';
import {
  checkFunding,
  financePass,
  newTally,
  prepareFunding,
  sendUsdt,
  startSoakChain,
} from './soak-funding.js';
import { staffMember } from './staff.js';

/**
 * The soak with faults (issue #19): simulated users recharge by bank (a finance member confirms
 * over the staff API), receive USDT on a local chain (the jobs leader's watcher credits it),
 * trade, subscribe to Earn, redeem, exchange and withdraw (finance approves and marks paid)
 * through nginx in front of three nodes, while a chaos loop SIGKILLs a random node
 * every few seconds and starts it again, and once restarts Redis (a private redis-server, so
 * nothing else on the machine loses its Redis). Every request carries an Idempotency-Key and
 * is retried with the same key after a transport error or a 502/503/504, as a phone would.
 * At the end: every accepted request's effect exists exactly once, the ledger reconciles, no
 * balance is negative, every due order is settled, and the tick chain verifies.
 */
export interface SoakOptions {
  durationMs: number;
  users: number;
  /** A node is killed this often (and started again a moment later). */
  killEveryMs: number;
  log?: (line: string) => void;
}

export interface SoakReport {
  requests: number;
  accepted: Record<string, number>;
  refused: Record<string, number>;
  retries: number;
  kills: number;
  redisRestarts: number;
  reconnects: number;
  checks: {
    lost: number;
    duplicated: number;
    unsettledDue: number;
    /** Earn orders whose day is over and not yet paid, after the day boundary the soak crosses. */
    unaccruedDue: number;
    negativeBalances: number;
    reconcileOk: boolean;
    driftMinor: string;
    tickChainsOk: boolean;
  };
  /** Money in and out that completed: bank recharges credited, withdrawals paid, USDT credited. */
  funding: { recharges: number; withdrawals: number; deposits: number; usdtSent: number };
  /** Earn's daily interest paid after the soak moved Earn's clock into the next operator day. */
  accruals: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FUND_PASSWORD = '135790';

/** The operator's day (docs/earn.md): UTC+8 by default, as the nodes run. */
const OPERATOR_OFFSET_MS = 480 * 60_000;
const DAY_MS = 86_400_000;
const operatorDay = (ms: number) => Math.floor((ms + OPERATOR_OFFSET_MS) / DAY_MS);
/** The offset that puts Earn's clock a minute into the operator day after the one `now` is in. */
const intoNextOperatorDay = (now: number) =>
  (operatorDay(now) + 1) * DAY_MS - OPERATOR_OFFSET_MS + 60_000 - now;
const clockOffset = (file: string) => {
  try {
    return Number(fs.readFileSync(file, 'utf8'));
  } catch {
    return 0;
  }
};

/** What the soak reads of `GET user/recharge`: the user's deposit address. */
interface RechargeConfig {
  usdt: { networks: { address: string }[] };
}
const TRANSIENT = new Set([502, 503, 504]);

/** A private Redis on a free port; `restart` kills it and starts it again on the same port. */
async function startRedis(): Promise<{ url: string; restart(): Promise<void>; stop(): void }> {
  const port = await freePort();
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 100; i++) {
      const ok = await new Promise<boolean>((resolve) => {
        const s = new net.Socket();
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => {
          resolve(false);
        });
        s.connect(port, '127.0.0.1');
      });
      if (ok) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      await launch();
    },
    stop: () => child.kill('SIGKILL'),
  };
}

interface Tracked {
  userId?: string;
  token: string;
  username: string;
  /** Accepted (key, operation) pairs. */
  accepted: { key: string; op: string; id: string }[];
  earnOpen: string[];
  /** The user's USDT deposit address on the local chain. */
  depositAddress: Address;
}

export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const log = opts.log ?? (() => undefined);
  const db = await createClusterDatabase();
  const redis = await startRedis();
  const prefix = `soak:${randomUUID()}:`;
  const nodes: ClusterNode[] = [];
  const ports: number[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  const report: SoakReport = {
    requests: 0,
    accepted: {},
    refused: {},
    retries: 0,
    kills: 0,
    redisRestarts: 0,
    reconnects: 0,
    checks: {
      lost: -1,
      duplicated: -1,
      unsettledDue: -1,
      unaccruedDue: -1,
      negativeBalances: -1,
      reconcileOk: false,
      driftMinor: '?',
      tickChainsOk: false,
    },
    funding: { recharges: 0, withdrawals: 0, deposits: 0, usdtSent: 0 },
    accruals: 0,
  };
  // Earn's clock, shared by the nodes: moved once into the next operator day (docs/earn.md).
  const clockFile = path.join(os.tmpdir(), `ampere-soak-clock-${randomUUID()}`);
  const chain = await startSoakChain();
  const tally = newTally();
  // USDT on the local chain, three confirmations, scanned twice a second by the jobs leader.
  const nodeEnv = {
    REDIS_URL: redis.url,
    CHAIN_DEV_NODE: chain.url,
    CHAIN_CONFIRMATIONS: '3',
    CHAIN_POLL_MS: '500',
    EARN_TEST_CLOCK_FILE: clockFile,
  };
  const launch = (i: number, port?: number) =>
    startNode({
      name: `n${i}`,
      databaseUrl: db.url,
      redisPrefix: prefix,
      ...(port === undefined ? {} : { port }),
      env: nodeEnv,
    });
  const client = new pg.Client({ connectionString: db.url });
  try {
    nodes.push(await launch(0));
    await client.connect();
    // The operator's set-up the flows need: an exchange rate and one Earn product.
    await client.query(
      `insert into system_setting (key, value) values ('exchangeRate', $1)
       on conflict (key) do update set value = excluded.value`,
      [JSON.stringify({ rate: '7.200000', spreadBps: 50, updatedAt: null, updatedBy: null })],
    );
    const product = await client.query<{ id: string }>(
      `insert into earn_product (names, descriptions, currency, rate_e8, cycle_days, min_minor,
         max_minor, penalty_bps, status)
       values ('{"en-US":"Soak 7"}', '{"en-US":"soak"}', 'money', 150000, 7, 10000, 100000000, 300, 'active')
       returning id`,
    );
    const productId = product.rows[0]?.id ?? '';
    const accountId = await prepareFunding(client);
    nodes.push(await launch(1), await launch(2));
    for (const n of nodes) ports.push(n.port);
    proxy = await startProxy(ports);
    const base = proxy.url;

    const staff = await staffMember(base, db.url, 'finance', () => report.retries++);
    const users: Tracked[] = [];
    for (let i = 0; i < opts.users; i++) {
      const u = await signUp(base);
      ops(db.url, ['credit', u.username, '100000', 'money', '--reason', 'soak']);
      const auth = { authorization: `Bearer ${u.token}` };
      for (const [route, form] of [
        ['user/mpassword', { password: FUND_PASSWORD, repassword: FUND_PASSWORD }],
        [
          'user/cashBind',
          {
            accountName: 'Soak User',
            bankName: 'Soak Bank',
            cardNumber: `6222${String(randomInt(1e12)).padStart(12, '0')}`,
            branch: 'Main branch',
          },
        ],
      ] as const) {
        const r = await call(base, route, { token: u.token, form });
        if (r.code !== 0) throw new Error(`${route}: ${JSON.stringify(r)}`);
      }
      const config = await fetch(`${base}/api/v1/user/recharge`, { headers: auth });
      const address = ((await config.json()) as Envelope<RechargeConfig>).data.usdt.networks[0]
        ?.address;
      if (!address) throw new Error('no USDT deposit address');
      users.push({ ...u, accepted: [], earnOpen: [], depositAddress: address as Address });
    }
    log(`cluster up: ${nodes.length} nodes, ${users.length} users funded, staff ${staff.username}`);

    /** One request, retried with the same key on transport errors and 502/503/504. */
    const send = async <T>(
      route: string,
      u: Tracked,
      form?: Record<string, string>,
      key?: string,
    ): Promise<Envelope<T> | undefined> => {
      for (let attempt = 0; attempt < 40; attempt++) {
        report.requests++;
        try {
          const headers: Record<string, string> = { authorization: `Bearer ${u.token}` };
          if (key) headers['idempotency-key'] = key;
          if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
          const res = await fetch(`${base}/api/v1/${route}`, {
            method: form ? 'POST' : 'GET',
            headers,
            body: form ? new URLSearchParams(form).toString() : undefined,
            signal: AbortSignal.timeout(15_000),
          });
          if (TRANSIENT.has(res.status)) throw new Error(String(res.status));
          const body = (await res.json()) as Envelope<T>;
          if (body.code === 9000 || body.code === 9003) throw new Error(`code ${body.code}`);
          return body;
        } catch {
          report.retries++;
          await sleep(100 + randomInt(200));
        }
      }
      return undefined;
    };
    const count = (bucket: Record<string, number>, op: string) =>
      (bucket[op] = (bucket[op] ?? 0) + 1);
    const money = async (u: Tracked, op: string, form: Record<string, string>) => {
      const key = randomUUID();
      const r = await send<{ id?: string }>(op, u, form, key);
      if (!r) throw new Error(`${op}: no answer after 40 tries`);
      if (r.code === 0) {
        count(report.accepted, op);
        u.accepted.push({ key, op, id: r.data.id ?? '' });
        return r.data;
      }
      count(report.refused, `${op}:${r.code}`);
      return undefined;
    };

    const deadline = Date.now() + opts.durationMs;
    const act = async (u: Tracked) => {
      while (Date.now() < deadline) {
        const dice = randomInt(100);
        if (dice < 55) {
          await money(u, 'user/buy', {
            symbol: 'BTC/USDT',
            direction: randomInt(2) ? 'up' : 'down',
            amount: '10',
            currency: 'money',
            period: '30',
          });
        } else if (dice < 70) {
          const o = await money(u, 'user/earnBuy', {
            productId,
            amount: '200.00',
            password: FUND_PASSWORD,
          });
          if (o?.id) u.earnOpen.push(o.id);
        } else if (dice < 76 && u.earnOpen.length > 0) {
          const id = u.earnOpen.shift() ?? '';
          const p = await send<Record<string, string>>(`user/earnRedeemPreview?id=${id}`, u);
          if (p?.code === 0) {
            await money(u, 'user/earnRedeem', {
              id,
              principal: p.data.principal ?? '',
              interestPaid: p.data.interestPaid ?? '',
              liquidatedDamages: p.data.liquidatedDamages ?? '',
              refundAmount: p.data.refundAmount ?? '',
              password: FUND_PASSWORD,
            });
          }
        } else if (dice < 84) {
          await money(u, 'user/recharge', {
            accountId,
            amount: '100.00',
            payerName: 'Soak Payer',
            reference: `SOAK${randomInt(1e9)}`,
          });
        } else if (dice < 90) {
          await money(u, 'user/withdraw', {
            currency: 'money',
            amount: '100.00',
            mpassword: FUND_PASSWORD,
          });
        } else {
          const q = await send<{ quoteId: string }>(`user/exchangeQuote?from=money&amount=50`, u);
          if (q?.code === 0) {
            await money(u, 'user/exchange', {
              quoteId: q.data.quoteId,
              from: 'money',
              amount: '50',
            });
          }
        }
        await sleep(randomInt(150));
      }
    };

    /**
     * Every `killEveryMs` a random running node is SIGKILLed and started again on its port a
     * moment later (in the background: the next kill does not wait for it, but never takes a
     * node that is still coming back, so at least one always serves). Redis is restarted once,
     * half-way, between kills.
     */
    const restarting = new Set<number>();
    const restarts: Promise<void>[] = [];
    const chaos = async () => {
      const redisAt = deadline - opts.durationMs / 2;
      let redisDone = false;
      // Earn's next day starts at two thirds of the run: every node's accrual pays while they die.
      const dayAt = deadline - opts.durationMs / 3;
      let dayMoved = false;
      while (Date.now() < deadline - 3_000) {
        await sleep(opts.killEveryMs);
        if (Date.now() >= deadline - 3_000) break;
        if (!dayMoved && Date.now() > dayAt) {
          dayMoved = true;
          fs.writeFileSync(clockFile, String(intoNextOperatorDay(Date.now())));
          log('Earn clock moved into the next operator day');
        }
        if (!redisDone && Date.now() > redisAt) {
          redisDone = true;
          await redis.restart();
          report.redisRestarts++;
          log('redis restarted');
        }
        const up = nodes.map((_, i) => i).filter((i) => !restarting.has(i));
        if (up.length < 2) continue;
        const i = up[randomInt(up.length)] ?? 0;
        const victim = nodes[i];
        if (!victim) continue;
        restarting.add(i);
        await victim.stop('SIGKILL');
        report.kills++;
        log(`killed ${victim.name}`);
        restarts.push(
          (async () => {
            await sleep(500 + randomInt(1_000));
            nodes[i] = await launch(i, victim.port);
            restarting.delete(i);
          })(),
        );
      }
      await Promise.all(restarts);
    };

    /** Sockets that reconnect whenever their node goes away, as the app does. */
    const sockets = users
      .slice(0, 3)
      .map((u) => watchOrders(base, u.token, () => report.reconnects++));
    /** Finance works its queues while the nodes die. */
    const desk = async () => {
      while (Date.now() < deadline) {
        await financePass(staff, tally);
        await sleep(300);
      }
    };
    /** A customer's wallet sends USDT to a random user now and then; blocks keep coming. */
    const wallet = async () => {
      while (Date.now() < deadline) {
        const u = users[randomInt(users.length)];
        if (u)
          await sendUsdt(chain, tally, u.depositAddress, BigInt(10 + randomInt(90)) * 10n ** 6n);
        await chain.mine(1);
        await sleep(500 + randomInt(500));
      }
    };
    await Promise.all([...users.map(act), chaos(), desk(), wallet()]);
    for (const s of sockets) s.close();
    log(`load over: ${report.requests} requests, ${report.kills} kills; draining queues`);

    // Finance empties its queues; the chain confirms the last transfers.
    const drainBy = Date.now() + 90_000;
    for (;;) {
      await financePass(staff, tally);
      await chain.mine(1);
      const left = await client.query<{ n: string }>(
        `select (select count(*) from bank_recharge where status = 'pending')
              + (select count(*) from withdrawal where status in ('pending', 'approved'))
              + (select count(*) from chain_deposit where status = 'confirming')
              + (select count(*) from earn_order
                  where status = 'hosting' and next_due_day <= $1) as n`,
        [operatorDay(Date.now() + clockOffset(clockFile))],
      );
      const credited = await client.query<{ n: string }>(
        `select count(*) as n from chain_deposit where status = 'credited'`,
      );
      const settledAll =
        Number(left.rows[0]?.n) === 0 && Number(credited.rows[0]?.n) >= tally.sent.size;
      if (settledAll || Date.now() > drainBy) break;
      await sleep(500);
    }
    log('queues drained; waiting for settlement');

    // Every order expires within 30 s of the last buy; settlement follows within seconds.
    const settleBy = Date.now() + 90_000;
    for (;;) {
      const open = await client.query<{ n: string }>(
        `select count(*) as n from trade_order where status = 'open' and expires_at_ms < $1`,
        [Date.now() - 5_000],
      );
      report.checks.unsettledDue = Number(open.rows[0]?.n);
      const all = await client.query<{ n: string }>(
        `select count(*) as n from trade_order where status = 'open'`,
      );
      if (Number(all.rows[0]?.n) === 0 || Date.now() > settleBy) break;
      await sleep(1_000);
    }

    // Lost: an accepted request whose record (and so effect) is missing.
    const keys = users.flatMap((u) => u.accepted.map((a) => a.key));
    const found = await client.query<{ key: string }>(
      `select key from idempotency_record where key = any($1)`,
      [keys],
    );
    report.checks.lost = keys.length - found.rowCount!;
    // Duplicated: effects beyond one per record, per kind.
    const dup = await client.query<{ n: string }>(`
      select (select count(*) from trade_order) - (select count(*) from idempotency_record where operation = 'user/buy')
           + (select count(*) from earn_order) - (select count(*) from idempotency_record where operation = 'user/earnBuy')
           + (select count(*) from currency_exchange) - (select count(*) from idempotency_record where operation = 'user/exchange')
           + (select count(*) from earn_order where status = 'cancelled') - (select count(*) from idempotency_record where operation = 'user/earnRedeem')
           + (select count(*) from bank_recharge) - (select count(*) from idempotency_record where operation = 'user/recharge')
           + (select count(*) from withdrawal) - (select count(*) from idempotency_record where operation = 'user/withdraw')
           as n`);
    const funding = await checkFunding(client, tally);
    report.checks.duplicated = Number(dup.rows[0]?.n) + funding.duplicated;
    report.checks.lost += funding.lost;
    report.funding = {
      recharges: funding.recharges,
      withdrawals: funding.withdrawals,
      deposits: funding.deposits,
      usdtSent: tally.sent.size,
    };
    const neg = await client.query<{ n: string }>(
      `select count(*) as n from ledger_account where user_id is not null and balance_minor < 0`,
    );
    report.checks.negativeBalances = Number(neg.rows[0]?.n);
    const unaccrued = await client.query<{ n: string }>(
      `select count(*) as n from earn_order where status = 'hosting' and next_due_day <= $1`,
      [operatorDay(Date.now() + clockOffset(clockFile))],
    );
    report.checks.unaccruedDue = Number(unaccrued.rows[0]?.n);
    const accruals = await client.query<{ n: string }>(`select count(*) as n from earn_accrual`);
    report.accruals = Number(accruals.rows[0]?.n);
    const drift = await client.query<{ d: string }>(
      `select coalesce(sum(abs(t)), 0)::text as d from (select sum(amount_minor) as t from ledger_posting group by currency) x`,
    );
    report.checks.driftMinor = drift.rows[0]?.d ?? '?';
    try {
      ops(db.url, ['reconcile']);
      report.checks.reconcileOk = true;
    } catch (error) {
      log(String(error));
    }
    let chainsOk = true;
    for (const symbol of ['BTC/USDT']) {
      const v = await call<{ ok: boolean }>(
        base,
        `market/chain/verify?symbol=${encodeURIComponent(symbol)}&limit=1000`,
      );
      if (v.code !== 0 || !v.data.ok) chainsOk = false;
    }
    report.checks.tickChainsOk = chainsOk;
    return report;
  } finally {
    await client.end().catch(() => undefined);
    await proxy?.stop();
    await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
    redis.stop();
    await chain.close();
    fs.rmSync(clockFile, { force: true });
    await db.drop();
  }
}

/** A socket on `orders` that reconnects (after 200 ms) whenever it closes. */
function watchOrders(base: string, token: string, onReconnect: () => void) {
  let closed = false;
  let ws: WebSocket | undefined;
  const open = (first: boolean) => {
    if (closed) return;
    if (!first) onReconnect();
    ws = new WebSocket(
      `${base.replace(/^http/, 'ws')}/api/v1/ws?uid=1&timestamp=${Date.now()}&token=${token}`,
    );
    ws.on('open', () => ws?.send(JSON.stringify({ event: 'sub', data: { ch: 'orders' } })));
    ws.on('error', () => undefined);
    ws.on('close', () =>
      setTimeout(() => {
        open(false);
      }, 200),
    );
  };
  open(true);
  return {
    close() {
      closed = true;
      ws?.close();
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '120' },
      users: { type: 'string', default: '12' },
      'kill-every': { type: 'string', default: '5' },
    },
  });
  const r = await runSoak({
    durationMs: Number(values.duration) * 1000,
    users: Number(values.users),
    killEveryMs: Number(values['kill-every']) * 1000,
    log: (l) => {
      console.log(`[soak] ${l}`);
    },
  });
  console.log(JSON.stringify(r, null, 2));
  const c = r.checks;
  const pass =
    c.lost === 0 &&
    c.duplicated === 0 &&
    c.unsettledDue === 0 &&
    c.unaccruedDue === 0 &&
    c.negativeBalances === 0 &&
    c.reconcileOk &&
    c.driftMinor === '0' &&
    c.tickChainsOk;
  process.exit(pass ? 0 : 1);
}
