// The Lighthouse anchors' server (lib/lighthouseAnchors.ts): the files under ANCHOR_DIR,
// compressed as the app's server sends its own (Brotli), never cached. A process of its own: the
// bench waits on each Lighthouse run synchronously, and a server in its process would not answer.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.env.ANCHOR_DIR ?? '.');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

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
