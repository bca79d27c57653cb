import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'apps',
  'web',
  'dist',
);

/**
 * What a phone downloads before the first page can render: the entry script and every chunk
 * index.html preloads, gzip-compressed (level 9, as a server would serve them). Budget (BRIEF §9):
 * 160 KB initial JS.
 */
export function measureInitialJs(): {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
} {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)]
    .map((m) => m[1])
    .filter((f): f is string => !!f);
  const files = [...new Set(refs)].map((file) => ({
    file,
    gzipBytes: gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length,
  }));
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/**
 * The chart chunk (the K-line chart with lightweight-charts, `KlineChart-*.js`), gzip level 9.
 * Budget (BRIEF §9): lazy (not in the initial set) and ≤ 60 KB.
 */
export function measureChartChunk(): { file: string; gzipBytes: number; lazy: boolean } {
  const file = fs
    .readdirSync(path.join(DIST, 'assets'))
    .find((f) => f.startsWith('KlineChart-') && f.endsWith('.js'));
  if (!file)
    throw new Error('no KlineChart chunk in apps/web/dist/assets: build the web app first');
  const initial = new Set(measureInitialJs().files.map((f) => f.file));
  return {
    file: `assets/${file}`,
    gzipBytes: gzipSync(fs.readFileSync(path.join(DIST, 'assets', file)), { level: 9 }).length,
    lazy: !initial.has(`assets/${file}`),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = measureInitialJs();
  for (const f of r.files)
    console.log(`${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`${(r.totalGzipBytes / 1024).toFixed(1).padStart(7)} KB  initial JS (gzip)`);
}
