// antd 5 renders through ReactDOM.render-era APIs for its static methods and waves; on React 19
// this patch gives it createRoot. It must run before antd renders anything.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { loadSession } from '@/core/api';
import { startTheme } from '@/core/theme';
import { initI18n } from '@/i18n';
import '@/styles/global.css';

// Paint the theme before anything renders, so a dark-mode member never sees a white flash.
startTheme();
// Who is signed in, asked at once, in parallel with the messages; the gate shows the answer.
loadSession().catch(() => undefined);
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
