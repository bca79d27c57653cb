import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles/theme.css';
import '@/styles/global.css';
import { configLoader } from '@/core/api';
import { App } from '@/app/App';
import { handleLaunchUrl, preloadLandingPage } from '@/app/launch';
import { applyLayoutConstants } from '@/app/layout';
import { loadLoginPage } from '@/app/routes';
import { getSession } from '@/core/session';
import { startTheme } from '@/core/theme';
import { initI18n } from '@/i18n';

// Paint the stored theme before anything renders, so a dark-mode user never sees a white flash.
startTheme();
applyLayoutConstants();
handleLaunchUrl(window.location, window.history);
preloadLandingPage(window.location, getSession().isLogin, loadLoginPage);
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
