import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';

describe('health endpoints', () => {
  it('/healthz and /readyz answer ok while the database is up', async () => {
    const t = await createTestApp();
    try {
      const live = await t.app.inject({ url: '/healthz' });
      expect(live.json()).toMatchObject({ code: 0, data: { status: 'ok' } });
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ code: 0, data: { status: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('/readyz answers 503 once the database is gone, /healthz still 200', async () => {
    const t = await createTestApp();
    await t.database.close();
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 9003, data: { status: 'unavailable' } });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await t.app.close();
  });

  it('/readyz answers 503 once the process drains (SIGTERM), /healthz still 200', async () => {
    const t = await createTestApp();
    try {
      t.app.platform.lifecycle.drain();
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
