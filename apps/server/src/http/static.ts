import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Finds apps/web/dist from source (src/http) or from the bundle (dist/). */
export function findWebDist(
  from = path.dirname(fileURLToPath(import.meta.url)),
): string | undefined {
  let dir = from;
  for (let depth = 0; depth < 6; depth++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/**
 * Serves the built web app. Vite names every asset by content hash, so /assets/* is cached for a
 * year; index.html is revalidated on each load so a deploy is picked up at once. The build writes
 * a Brotli and a gzip copy beside each text file (apps/web/scripts/precompress.mjs); they are sent
 * as they are to a client that accepts them (`Vary: Accept-Encoding`), so a phone downloads the
 * compressed bytes and the server compresses nothing per request. The app routes
 * by hash, so the only HTML entry points are `/`, `/index.html` and the universal-link landing
 * page `/ulink/redirect.html` (SPEC §2), which boots the same app.
 */
export async function serveWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    // The compressed copies are found beside their file, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : NO_CACHE,
      );
    },
  });

  // With `wildcard: false` the plugin declares one route per file found in the build, so the
  // rest of the URL space stays ours (404 envelope). The two HTML entry points are added here.
  for (const entry of ['/', '/ulink/redirect.html']) {
    app.get(entry, { schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', NO_CACHE).sendFile('index.html'),
    );
  }
}
