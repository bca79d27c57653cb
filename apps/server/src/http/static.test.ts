import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { firstLoadLinks, serveAdminApp } from './static.js';

const INDEX_HTML =
  '<!doctype html><title>Ampere</title><script type="module" crossorigin src="/assets/app-77c1d2.js"></script>';
const APP_JS = `export const words = ${JSON.stringify('ampere '.repeat(200))};`;

describe('firstLoadLinks', () => {
  it("names the page's own scripts and style sheets, each as the element will ask for it", () => {
    const html = `<!doctype html><head>
      <link rel="icon" href="data:image/svg+xml,x" />
      <script async src="/assets/first-page-1.js"></script>
      <script type="module" crossorigin src="/assets/framework-2.js"></script>
      <link rel="stylesheet" crossorigin href="/assets/app-3.css">
    </head><body><script>inline()</script></body>`;
    expect(firstLoadLinks(html)).toBe(
      '</assets/first-page-1.js>; rel=preload; as=script, ' +
        '</assets/framework-2.js>; rel=modulepreload; crossorigin, ' +
        '</assets/app-3.css>; rel=preload; as=style; crossorigin',
    );
    expect(firstLoadLinks('<!doctype html><title>Ampere</title>')).toBeUndefined();
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
    // What scripts/precompress.mjs leaves beside a file: its Brotli and gzip copies.
    const app = path.join(dist, 'assets', 'app-77c1d2.js');
    fs.writeFileSync(app, APP_JS);
    fs.writeFileSync(`${app}.br`, brotliCompressSync(APP_JS));
    fs.writeFileSync(`${app}.gz`, gzipSync(APP_JS));
    fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
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
    // Its first scripts named up front, as it is and as its compressed copy.
    expect(res.headers.link).toBe('</assets/app-77c1d2.js>; rel=modulepreload; crossorigin');
    const compressed = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.link).toBe(res.headers.link);
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

  it('sends a hashed script only the headers a subresource needs, and a page all of them', async () => {
    const script = await t.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers.etag).toBeUndefined();
    // Its compressed copy too.
    const compressed = await t.app.inject({
      url: '/assets/app-77c1d2.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-security-policy']).toBeUndefined();
    expect(compressed.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.app.inject({ url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // index.html is revalidated on each load: it keeps its validator.
    expect(page.headers.etag).toBeDefined();
    // A file outside the hashed build (the worker, icons) keeps the document's set.
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('does not count the app’s own files against the API rate limit', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject({ url: '/assets/index-3f9a1c.js' })).statusCode).toBe(200);
  });

  it('serves top-level public files', async () => {
    expect((await t.app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('sends the build’s compressed copy the client accepts, and the file itself otherwise', async () => {
    const url = '/assets/app-77c1d2.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 10);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);

    // The copies are not addresses of their own.
    expect((await t.app.inject({ url: `${url}.br` })).statusCode).toBe(404);

    const page = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers a missing asset or a path escape with the 404 envelope', async () => {
    const missing = await t.app.inject({ url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    const escape = await t.app.inject({ url: '/assets/..%2f..%2fpackage.json' });
    expect(escape.statusCode).toBe(404);
    expect(escape.json().code).toBe(1004);
  });
});

describe('serving the built back office at /admin/', () => {
  const ADMIN_HTML = '<!doctype html><title>Ampere back office</title>';
  const ADMIN_JS = `export const staff = ${JSON.stringify('admin '.repeat(200))};`;
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-admin-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), ADMIN_HTML);
    fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(ADMIN_HTML));
    const app = path.join(dist, 'assets', 'index-a1b2c3.js');
    fs.writeFileSync(app, ADMIN_JS);
    fs.writeFileSync(`${app}.br`, brotliCompressSync(ADMIN_JS));
    fs.writeFileSync(`${app}.gz`, gzipSync(ADMIN_JS));
    // The harness serves no web app here; the back office is registered as app.ts does.
    t = await createTestApp({ extend: (app) => void serveAdminApp(app, dist) });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves its index.html at /admin/ with no-cache, compressed when accepted', async () => {
    const res = await t.app.inject({ url: '/admin/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(ADMIN_HTML);

    const br = await t.app.inject({ url: '/admin/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ADMIN_HTML);
  });

  it('redirects /admin to /admin/', async () => {
    const res = await t.app.inject({ url: '/admin' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/admin/');
    const withQuery = await t.app.inject({ url: '/admin?lang=en-US' });
    expect(withQuery.headers.location).toBe('/admin/?lang=en-US');
  });

  it('caches its hashed assets for a year and sends their compressed copies', async () => {
    const url = '/admin/assets/index-a1b2c3.js';
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(ADMIN_JS);
    expect((await t.app.inject({ url: `${url}.gz` })).statusCode).toBe(404);
  });

  it('leaves other addresses under /admin/ and the web root to the 404 envelope', async () => {
    const missing = await t.app.inject({ url: '/admin/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(1004);
    expect((await t.app.inject({ url: '/admin/users' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/' })).statusCode).toBe(404);
  });
});
