import { ProConfigProvider } from '@ant-design/pro-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { HashRouter } from 'react-router';
import { queryClient } from '@/core/queryClient';
import { useColorScheme } from '@/core/theme';
import { useKitLocale } from '@/i18n';
import { SessionGate } from './SessionGate';

/**
 * The providers, outermost first: antd's language and theme (ProComponents follow both), antd's
 * App for messages and confirmations that read the theme, server state, and the hash router —
 * the server serves only /admin/index.html, so every page lives after the `#`.
 */
export function App() {
  // Subscribing here re-renders the providers when the language changes.
  useTranslation();
  const locale = useKitLocale();
  const dark = useColorScheme() === 'dark';
  return (
    <ConfigProvider
      locale={locale.antd}
      theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }}
    >
      <ProConfigProvider dark={dark} intl={locale.pro}>
        <AntdApp>
          <QueryClientProvider client={queryClient}>
            <HashRouter>
              <SessionGate />
            </HashRouter>
          </QueryClientProvider>
        </AntdApp>
      </ProConfigProvider>
    </ConfigProvider>
  );
}
