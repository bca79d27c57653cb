import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { usingPostgres } from '../../test/harness.js';
import { createRedisBus } from './bus.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The Redis bus on the machine's Redis (the PostgreSQL suite, where the services run). */
describe.runIf(usingPostgres)('Redis bus', () => {
  const open = () => {
    const errors: string[] = [];
    const bus = createRedisBus(REDIS_URL, `test:${randomUUID()}:`, (e) => errors.push(e.message));
    return { bus, errors };
  };

  it('delivers a message published on one bus to a subscriber of another', async () => {
    const prefix = `test:${randomUUID()}:`;
    const errors: string[] = [];
    const a = createRedisBus(REDIS_URL, prefix, (e) => errors.push(e.message));
    const b = createRedisBus(REDIS_URL, prefix, (e) => errors.push(e.message));
    try {
      const got = new Promise((resolve) => b.subscribe('user.7.inbox', resolve));
      // The subscription reaches Redis asynchronously: publish until it is delivered.
      const timer = setInterval(() => {
        a.publish('user.7.inbox', { unread: 3 });
      }, 50);
      expect(await got).toEqual({ unread: 3 });
      clearInterval(timer);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(errors).toEqual([]);
  });

  it('ends a subscription quietly when the bus closed first (a socket closing after shutdown)', async () => {
    const { bus, errors } = open();
    const off = bus.subscribe('user.7.inbox', () => undefined);
    await bus.close();
    off();
    await new Promise((r) => setTimeout(r, 100));
    expect(errors).toEqual([]);
  });
});
