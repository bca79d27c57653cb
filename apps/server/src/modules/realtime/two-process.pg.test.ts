import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { openPostgres, type Database } from '../../db/client.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../test/harness.js';

/**
 * Two server processes' worth of apps on one PostgreSQL and one Redis: a tick recorded through
 * one reaches a socket connected to the other. Part of `npm run test:pg` (which has both
 * services); `npm test` on the embedded database needs neither and leaves it out.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(usingPostgres)('two server processes on PostgreSQL + Redis', () => {
  let db: TestDatabase;
  let second: Database;
  let apps: Awaited<ReturnType<typeof buildApp>>[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // The second "process" opens its own pool on the same database.
    second = db.url ? openPostgres(db.url, 5) : db.database;
    // Both nodes share a prefix of their own: test files run side by side on one Redis.
    const env = loadEnv({
      LOG_LEVEL: 'silent',
      REDIS_URL,
      REDIS_PREFIX: `test:${randomUUID()}:`,
      MARKET_FEED_PUBLISH: 'false',
    });
    apps = [
      await buildApp({ env, database: db.database }),
      await buildApp({ env, database: second }),
    ];
    for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    if (second !== db.database) await second.close();
    await db.drop();
  });

  it('delivers a tick published by one process to a socket on the other', async () => {
    const [producer, consumer] = apps as [(typeof apps)[number], (typeof apps)[number]];
    const port = (consumer.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws?uid=1&timestamp=${Date.now()}`);
    const messages: { ch?: string; data?: { price?: string } }[] = [];
    ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as never));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        resolve();
      });
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ event: 'sub', data: { ch: 'ticker.XAU/USD' } }));
    // Let the Redis SUBSCRIBE land before publishing.
    await new Promise((r) => setTimeout(r, 300));
    await producer.services.market.recordTick('XAU/USD', Date.now(), 265_012n, 2);
    const deadline = Date.now() + 5_000;
    while (!messages.some((m) => m.ch === 'ticker.XAU/USD') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    ws.close();
    expect(messages.find((m) => m.ch === 'ticker.XAU/USD')?.data?.price).toBe('2650.12');
  });
});
