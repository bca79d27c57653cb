import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openSocket, signUp } from './client.js';
import { createClusterDatabase, ops, startNode, type ClusterNode } from './harness.js';

const TOKEN = 'cluster-metrics-token-0123456789';
const GRACE_MS = 10_000;

interface OrderPush {
  id: string;
  status: string;
}

/** One sample of a node's /metrics, or NaN. */
async function metric(node: ClusterNode, name: string, labels: string): Promise<number> {
  const res = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await res.text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Graceful shutdown (issue #19): SIGTERM a node that leads the feed and the jobs, with an order
 * falling due, and a user's socket on it. It exits 0 within SHUTDOWN_GRACE_MS, the socket is
 * closed with 1012 (service restart), the other node takes the leads, and the order is settled
 * exactly once.
 */
describe('SIGTERM drains a node', () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>> | undefined;
  let a: ClusterNode | undefined;
  let b: ClusterNode | undefined;
  const prefix = `cluster:${randomUUID()}:`;

  beforeAll(async () => {
    db = await createClusterDatabase();
    const env = { METRICS_TOKEN: TOKEN, SHUTDOWN_GRACE_MS: String(GRACE_MS) };
    const common = { databaseUrl: db.url, redisPrefix: prefix, env };
    // A starts first: it leads both groups; B follows, trying for the leads every 5 s.
    a = await startNode({ ...common, name: 'a' });
    b = await startNode({ ...common, name: 'b' });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  }, 60_000);

  it('exits 0 in the grace period, closes sockets with 1012, hands over the leads, settles once', async () => {
    if (!db || !a || !b) throw new Error('the cluster did not start');
    const [nodeA, nodeB, database] = [a, b, db];
    await until('A leads the feed', 30_000, async () =>
      (await metric(nodeA, 'ampere_leader', 'group="marketFeed"')) === 1 ? true : undefined,
    );
    expect(await metric(nodeA, 'ampere_leader', 'group="jobs"')).toBe(1);
    expect(await metric(nodeB, 'ampere_leader', 'group="marketFeed"')).toBe(0);

    const user = await signUp(nodeB.url);
    ops(database.url, ['credit', user.username, '1000', 'money', '--reason', 'shutdown test']);
    const socket = await openSocket(nodeA.url, user.token, ['orders']);
    const order = await until('an order placed through B', 30_000, async () => {
      const r = await call<{ id: string }>(nodeB.url, 'user/buy', {
        token: user.token,
        idempotencyKey: randomUUID(),
        form: {
          symbol: 'BTC/USDT',
          direction: 'up',
          amount: '10',
          currency: 'money',
          period: '30',
        },
      });
      return r.code === 0 ? r.data : undefined;
    });
    const placedAt = Date.now();
    await socket.waitFor<OrderPush>('orders', (o) => o.id === order.id, 10_000);

    // SIGTERM as the order falls due: A may be settling it when the signal lands.
    await new Promise((r) => setTimeout(r, Math.max(0, placedAt + 30_000 - Date.now())));
    const signalled = Date.now();
    const [code, closeCode] = await Promise.all([nodeA.stop('SIGTERM'), socket.closed]);
    const took = Date.now() - signalled;
    expect(code, nodeA.log()).toBe(0);
    expect(took).toBeLessThan(GRACE_MS);
    expect(closeCode).toBe(1012);
    expect(nodeA.log()).not.toContain('grace period over');

    // B takes both leads on its next try (every 5 s).
    const handover = await until('B leads the feed', 15_000, async () =>
      (await metric(nodeB, 'ampere_leader', 'group="marketFeed"')) === 1 ? Date.now() : undefined,
    );
    expect(handover - signalled).toBeLessThan(12_000);
    await until('B leads the jobs', 15_000, async () =>
      (await metric(nodeB, 'ampere_leader', 'group="jobs"')) === 1 ? true : undefined,
    );

    // Settled (by A while draining, or by B after), exactly once.
    const settled = await until('the order settled', 60_000, async () => {
      const list = await call<{ items: OrderPush[] }>(nodeB.url, 'user/orderList', {
        token: user.token,
      });
      const o = list.data.items.find((x) => x.id === order.id);
      return o && o.status !== 'open' ? o : undefined;
    });
    expect(['won', 'lost', 'tie', 'void']).toContain(settled.status);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `select count(*)::text as n from ledger_journal j join app_user u on u.id = j.user_id
          where u.username = $1 and j.kind in ('trade_win', 'trade_loss', 'trade_refund')`,
        [user.username],
      );
      expect(rows[0]?.n).toBe('1');
    } finally {
      await client.end();
    }
  }, 150_000);
});
