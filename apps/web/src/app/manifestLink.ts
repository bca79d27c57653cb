/** Where the build writes the web app manifest (vite.config.ts, `pwa`'s `manifestFilename`). */
export const MANIFEST_HREF = '/manifest.webmanifest';

/**
 * Issue #20: the manifest is linked once the first screen is done (main.tsx), not from
 * index.html: linked there, the browser fetched it and its 192 px icon while the first page's
 * scripts were still downloading — two of a slow link's six connections, on the way to the
 * first paint, for an install prompt nobody can use before the app has drawn. Linking it later
 * leaves the app exactly as installable (Chromium reads a manifest link added at any time).
 */
export function linkManifest(doc: Document): void {
  if (doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  doc.head.appendChild(link);
}
