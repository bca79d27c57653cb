import { Modal, Toast, unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { TOAST_MS } from './constants';
import { registerOverlays } from './overlayHandle';

/**
 * antd-mobile's Toast and Modal, configured for the app. They draw through Mask, which brings
 * react-spring (about 16 KB gzip), so the first page does not load them (BRIEF §9). The app
 * imports them from here only (a lint rule keeps it so), statically in lazy pages or through
 * loadOverlays(), so the setup below always runs before the first toast or modal.
 *
 * antd-mobile 5 renders Toast and Modal through ReactDOM.render, which React 19 removed; the hook
 * below hands it React 19's root API instead (https://mobile.ant.design/guide/v5-for-19). The app
 * uses no other imperative antd-mobile overlay (Dialog.show, ActionSheet.show), so setting it
 * here is early enough. The hook is marked deprecated only because antd-mobile 6 will not need
 * it; v5 has no other way.
 */
const overlayRoots = new WeakMap<Element | DocumentFragment, Root>();
// eslint-disable-next-line @typescript-eslint/no-deprecated -- see the comment above.
unstableSetRender((node, container) => {
  const root = overlayRoots.get(container) ?? createRoot(container);
  overlayRoots.set(container, root);
  root.render(node);
  return async () => {
    // Unmounting inside the render that closes the overlay is not allowed; wait for it to end.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    overlayRoots.delete(container);
  };
});

Toast.config({ duration: TOAST_MS });
registerOverlays({ Modal, Toast });

export { Modal, Toast };
