import { Toast, unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import '@/styles/theme.css';
import '@/styles/global.css';
import { configLoader } from '@/app/api';
import { App } from '@/app/App';
import { handleLaunchUrl } from '@/app/launch';
import { applyLayoutConstants } from '@/app/layout';
import { startTheme } from '@/app/theme';
import { initI18n } from '@/i18n';
import { TOAST_MS } from '@/lib/constants';

// antd-mobile 5 renders Toast and Modal through ReactDOM.render, which React 19 removed; this
// hands it React 19's root API instead (https://mobile.ant.design/guide/v5-for-19). The hook is
// marked deprecated only because antd-mobile 6 will not need it; v5 has no other way.
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

// Paint the stored theme before anything renders, so a dark-mode user never sees a white flash.
startTheme();
applyLayoutConstants();
handleLaunchUrl(window.location, window.history);
// Started now, in parallel with the messages; a failure shows through the loader's state.
configLoader.load().catch(() => undefined);
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
