/**
 * The first page's own files, fetched from the start (issue #20, LCP). The page a launch opens on
 * — Log in for a visitor, Home's parts for a signed-in user — is otherwise discovered only after
 * the entry's scripts have downloaded and run. A tiny classic script (`vite.config.ts`,
 * `firstPagePreload`) runs `preloadFirstPage` as soon as index.html names it and adds
 * `<link rel=modulepreload>` / `<link rel=preload as=style>` for that page's chunks, so they
 * download beside the entry. The app then imports them as usual and finds them in flight.
 *
 * It is serialized into that script with `Function.prototype.toString`: it must use nothing
 * from outside its own body (no imports, no module constants), and it must never throw — at
 * worst it preloads nothing or a page that is not shown, which costs bytes, not correctness.
 */
export interface FirstPageFiles {
  /** Log in and what it imports (not in the entry's own set). */
  login: readonly string[];
  /** Home's lazy parts and what they import. */
  home: readonly string[];
}

export function preloadFirstPage(files: FirstPageFiles, doc: Document, storage: Storage): void {
  try {
    // Only a launch on Home (`/` or its tab path) is guessed: Home needs a session, so a visitor
    // lands on Log in. Any other address is left to the app (main.tsx preloads from its routes).
    const hash = doc.location.hash.replace(/^#/, '');
    const end = hash.search(/[?#]/);
    const path = end === -1 ? hash : hash.slice(0, end);
    if (path !== '' && path !== '/' && path !== '/app/pages/tabbar/index/index') return;
    // The session as the app keeps it (core/session.ts): `{v: value}` JSON per key, a token and a
    // user both present. An expired or malformed entry only makes the guess wrong.
    const stored = (key: string): unknown => {
      const raw = storage.getItem(key);
      if (raw === null) return undefined;
      const entry: unknown = JSON.parse(raw);
      return typeof entry === 'object' && entry !== null && 'v' in entry ? entry.v : undefined;
    };
    const token = stored('ampere.token');
    const user = stored('ampere.user');
    const signedIn =
      typeof token === 'string' && token !== '' && typeof user === 'object' && user !== null;
    for (const href of signedIn ? files.home : files.login) {
      const link = doc.createElement('link');
      if (href.endsWith('.css')) {
        // Preloaded, not applied: the app's loader adds the style sheet itself and waits for it
        // before the page renders (an applied sheet it would not wait for).
        link.rel = 'preload';
        link.as = 'style';
        // In the mode the loader's own link asks for (Vite's preload helper makes style sheets
        // `crossorigin`): a preload whose mode differs is not used, and the sheet was fetched a
        // second time as the app ran, during the first page's last downloads.
        link.crossOrigin = '';
      } else {
        link.rel = 'modulepreload';
      }
      link.href = href;
      doc.head.appendChild(link);
    }
  } catch {
    // No storage (sandboxed frame, private mode) or a malformed entry: the app loads as before.
  }
}
