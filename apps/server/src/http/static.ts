import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_ONLY_HEADERS } from './security-headers.js';

/** Finds apps/<name>/dist from source (src/http) or from the bundle (dist/). */
function findAppDist(name: 'web' | 'admin', from: string): string | undefined {
  let dir = from;
  for (let depth = 0; depth < 6; depth++) {
    const candidate = path.join(dir, 'apps', name, 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, name, 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

const here = () => path.dirname(fileURLToPath(import.meta.url));

/** Finds apps/web/dist from source (src/http) or from the bundle (dist/). */
export function findWebDist(from = here()): string | undefined {
  return findAppDist('web', from);
}

/** Finds apps/admin/dist, the built back office, the same way. */
export function findAdminDist(from = here()): string | undefined {
  return findAppDist('admin', from);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The build's files that only a page loads: scripts and style sheets (not SVG, not HTML), sent as
 * they are or as their compressed copy (`setHeaders` sees the copy's path).
 */
const SUBRESOURCE = /\.(?:js|css)(?:\.br|\.gz)?$/;
const NO_CACHE = 'no-cache';

/**
 * The scripts and style sheets a build's index.html loads before anything else, as a `Link`
 * header for that page (issue #20): the browser starts them as the response arrives, before it
 * has parsed the document — on a slow phone, the parse is a task of its own on a busy main thread
 * that the first page's scripts otherwise wait behind. Module scripts as `modulepreload`, the
 * classic one (first-page.js) and the style sheets as `preload`, so each request is the one the
 * document makes next and is not fetched twice.
 */
export function firstLoadLinks(html: string): string | undefined {
  const links: string[] = [];
  // The element's own CORS mode, so the preload is the request the element makes.
  const cors = (tag: string) => (/\scrossorigin\b/.test(tag) ? '; crossorigin' : '');
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    const rel = /\stype="module"/.test(tag) ? 'rel=modulepreload' : 'rel=preload; as=script';
    links.push(`<${src}>; ${rel}${cors(tag)}`);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\srel="stylesheet"/.test(tag))
      links.push(`<${href}>; rel=preload; as=style${cors(tag)}`);
  }
  return links.length > 0 ? links.join(', ') : undefined;
}

/** How a Vite build is served: one route per file, its compressed copies, the cache rules. */
function builtAppOptions(root: string, prefix: string): FastifyStaticOptions {
  const indexHtml = path.join(root, 'index.html');
  const links = fs.existsSync(indexHtml)
    ? firstLoadLinks(fs.readFileSync(indexHtml, 'utf8'))
    : undefined;
  return {
    root,
    prefix,
    wildcard: false,
    preCompressed: true,
    // The compressed copies are found beside their file, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : NO_CACHE);
      // index.html as it is or as its compressed copy.
      if (links && filePath.replace(/\.(?:br|gz)$/, '') === indexHtml) reply.header('link', links);
      // A hashed script or style sheet is never a document (security-headers.ts), and is never
      // asked for again while cached (immutable, its name changes with its content): no validators.
      if (hashed && SUBRESOURCE.test(filePath)) {
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
      }
    },
  };
}

/**
 * Serves the built web app. Vite names every asset by content hash, so /assets/* is cached for a
 * year; index.html is revalidated on each load so a deploy is picked up at once. The build writes
 * a Brotli and a gzip copy beside each text file (scripts/precompress.mjs); they are sent
 * as they are to a client that accepts them (`Vary: Accept-Encoding`), so a phone downloads the
 * compressed bytes and the server compresses nothing per request. The app routes
 * by hash, so the only HTML entry points are `/`, `/index.html` and the universal-link landing
 * page `/ulink/redirect.html` (SPEC §2), which boots the same app.
 */
export async function serveWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, { ...builtAppOptions(root, '/'), index: false });

  // With `wildcard: false` the plugin declares one route per file found in the build, so the
  // rest of the URL space stays ours (404 envelope). The two HTML entry points are added here.
  for (const entry of ['/', '/ulink/redirect.html']) {
    app.get(entry, { schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', NO_CACHE).sendFile('index.html'),
    );
  }
}

const ADMIN_PREFIX = '/admin/';

/**
 * Serves the built back office (apps/admin) at `/admin/`, with the web app's caching rules and
 * compressed copies. It routes by hash, so its one HTML entry point is `/admin/` (index.html);
 * `/admin` redirects there, so that the build's `/admin/assets/…` and the address bar agree.
 *
 * Registered in its own scope: the web app's registration already gave every reply
 * `sendFile`, and a second decoration would throw. The plugin's own index route (`index.html`
 * of the build's root) serves `/admin/`, so nothing here needs `sendFile`.
 */
export function serveAdminApp(app: FastifyInstance, root: string) {
  return app.register(async (scope) => {
    // The router ignores trailing slashes, so `/admin` reaches the index route: send it on.
    scope.addHook('onRequest', async (req, reply) => {
      const [pathname = '', query] = req.url.split('?', 2);
      if (pathname === ADMIN_PREFIX.slice(0, -1)) {
        return reply.redirect(query === undefined ? ADMIN_PREFIX : `${ADMIN_PREFIX}?${query}`, 301);
      }
    });
    await scope.register(fastifyStatic, {
      ...builtAppOptions(root, ADMIN_PREFIX),
      index: ['index.html'],
      decorateReply: false,
    });
  });
}
