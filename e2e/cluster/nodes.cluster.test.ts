import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openSocket, signUp } from './client.js';
import {
  createClusterDatabase,
  ops,
  startNode,
  startProxy,
  type ClusterNode,
  type Proxy,
} from './harness.js';

interface OrderPush {
  id: string;
  status: string;
  payout: string | null;
}

/**
 * Three nodes on one PostgreSQL and one Redis behind nginx (issue #19): A and C serve requests
 * only, B also settles (`JOBS`). An order placed through A and settled by B reaches the user's
 * socket on C; requests through the proxy are spread over every node.
 */
describe('three nodes behind nginx', () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>> | undefined;
  let nodes: ClusterNode[] = [];
  let proxy: Proxy | undefined;
  const prefix = `cluster:${randomUUID()}:`;

  beforeAll(async () => {
    const database = await createClusterDatabase();
    db = database;
    // The first node migrates the empty database; the others start on a migrated one.
    const common = { databaseUrl: database.url, redisPrefix: prefix };
    const a = await startNode({ ...common, name: 'a', jobs: 'all,-trading.settle' });
    const [b, c] = await Promise.all([
      startNode({ ...common, name: 'b' }),
      startNode({ ...common, name: 'c', jobs: 'all,-trading.settle' }),
    ]);
    nodes = [a, b, c];
    proxy = await startProxy(nodes.map((n) => n.port));
  }, 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(nodes.map((n) => n.stop()));
    await db?.drop();
  }, 60_000);

  const ready = () => {
    if (!db || !proxy) throw new Error('the cluster did not start');
    return { db, proxy };
  };

  it('delivers to a socket on C the settlement of an order placed through A and settled by B', async () => {
    const { db, proxy } = ready();
    const [a, , c] = nodes as [ClusterNode, ClusterNode, ClusterNode];
    const user = await signUp(proxy.url);
    ops(db.url, ['credit', user.username, '1000', 'money', '--reason', 'cluster test']);
    const socket = await openSocket(c.url, user.token, ['orders', 'balance']);
    try {
      // The feed's first tick may still be on its way: a buy without a price is refused.
      let order: { id: string } | undefined;
      for (let i = 0; i < 60 && !order; i++) {
        const r = await call<{ id: string }>(a.url, 'user/buy', {
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
        if (r.code === 0) order = r.data;
        else await new Promise((res) => setTimeout(res, 500));
      }
      if (!order) throw new Error('no order placed through A');
      const opened = await socket.waitFor<OrderPush>('orders', (o) => o.id === order.id, 10_000);
      expect(opened.status).toBe('open');
      const settled = await socket.waitFor<OrderPush>(
        'orders',
        (o) => o.id === order.id && o.status !== 'open',
        90_000,
      );
      expect(['won', 'lost', 'tie', 'void']).toContain(settled.status);
      // Only B settles: A and C run every job but that one.
      const list = await call<{ items: OrderPush[] }>(c.url, 'user/orderList', {
        token: user.token,
      });
      expect(list.data.items.find((o) => o.id === order.id)?.status).toBe(settled.status);
    } finally {
      socket.close();
    }
  }, 150_000);

  it('spreads requests through the proxy over every node, with no sticky sessions', async () => {
    const { proxy } = ready();
    const user = await signUp(proxy.url);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${proxy.url}/api/v1/user/cashInfo`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.status).toBe(200);
      const node = res.headers.get('x-upstream');
      if (node) seen.add(node);
    }
    expect(seen.size).toBe(3);
  }, 60_000);
});
