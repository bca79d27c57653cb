import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Ampere</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    t = await createTestApp({ webDist: dist, env: { RATE_LIMIT_PER_MIN: '2' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Ampere</title>');
  });

  it('serves the universal-link landing page as the app', async () => {
    const res = await t.app.inject({
      url: '/ulink/redirect.html?url=%2Fapp%2Fpages%2Fuser%2Fshare',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Ampere</title>');
  });

  it('caches hashed assets immutably', async () => {
    const res = await t.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not count the app’s own files against the API rate limit', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject({ url: '/assets/index-3f9a1c.js' })).statusCode).toBe(200);
  });

  it('serves top-level public files', async () => {
    expect((await t.app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('answers a missing asset or a path escape with the 404 envelope', async () => {
    const missing = await t.app.inject({ url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    const escape = await t.app.inject({ url: '/assets/..%2f..%2fpackage.json' });
    expect(escape.statusCode).toBe(404);
    expect(escape.json().code).toBe(1004);
  });
});
