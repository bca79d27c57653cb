// The Lighthouse anchors' server (lib/lighthouseAnchors.ts): the files under ANCHOR_DIR,
// compressed as the app's server sends its own (Brotli), never cached. A process of its own: the
// bench waits on each Lighthouse run synchronously, and a server in its process would not answer.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.env.ANCHOR_DIR ?? '.');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
/**
 * A page's isolation, as the app's server sends it with every page (apps/server/src/http/
 * security-headers.ts). Lighthouse opens each page from about:blank; a page with this opener
 * policy is given a new browsing context group and so a fresh renderer process, whose first
 * context takes a slow machine 50–100 ms more to create, 0.2–0.4 s of simulated LCP (session 25).
 * The anchors pay it as the app does, so that a page's LCP over them is what its own parts cost.
 */
const DOCUMENT_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
};

const server = http.createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://anchor').pathname;
  const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
  if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  const raw = fs.readFileSync(file);
  const br = /\bbr\b/.test(String(req.headers['accept-encoding']));
  res.writeHead(200, {
    ...(path.extname(file) === '.html' ? DOCUMENT_HEADERS : {}),
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-encoding': br ? 'br' : 'gzip',
    'cache-control': 'no-store',
  });
  res.end(br ? zlib.brotliCompressSync(raw) : zlib.gzipSync(raw));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
});
