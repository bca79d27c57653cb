// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the
// highest levels, so the server sends them as they are (@fastify/static `preCompressed`) instead
// of compressing on each request or not at all. A copy that would not be smaller is not written.
//
//   node ../../scripts/precompress.mjs [dist]   (each app's `npm run build`, after `vite build`;
//                                               dist defaults to ./dist of the working directory)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// npm runs a workspace's scripts in that workspace's directory, so `dist` is that app's build.
const dist = resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else if (TEXT.test(name)) yield file;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(dist)) {
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  raw += body.length;
  br += Math.min(brotli.length, body.length);
  count += 1;
}
console.log(
  `precompress: ${count} files, ${(raw / 1024).toFixed(1)} KB → ${(br / 1024).toFixed(1)} KB Brotli`,
);
