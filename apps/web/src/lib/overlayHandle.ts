import type { Modal, Toast } from 'antd-mobile';

/** What lib/overlays.ts provides, reachable without loading it. */
export interface Overlays {
  Modal: typeof Modal;
  Toast: typeof Toast;
}

let loaded: Overlays | undefined;

/** Called by overlays.ts as it is evaluated. */
export function registerOverlays(overlays: Overlays): void {
  loaded = overlays;
}

/** Toast and Modal if a chunk has loaded them yet; if not, none can be open. */
export function loadedOverlays(): Overlays | undefined {
  return loaded;
}

/** Loads Toast and Modal (their own chunk, fetched once). */
export function loadOverlays(): Promise<Overlays> {
  return import('./overlays');
}
