import type { Role } from '@ampere/contract/admin';
import { enUSIntl, ProConfigProvider } from '@ant-design/pro-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import antdEnUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { queryClient } from '@/core/queryClient';
import { SessionContext, signedIn } from '@/core/session';
import { initI18n } from '@/i18n';
import { fakeStaffApi } from './fakeServer';
import { staffSession } from './fixtures';

/**
 * A page test's set-up, in English: a fresh fake staff API before each test, and everything
 * (rendered pages, cached queries, stubs) cleared after. The API, for the test to answer with.
 */
export function pageTests(): { readonly server: ReturnType<typeof fakeStaffApi> } {
  let server: ReturnType<typeof fakeStaffApi> | undefined;
  beforeAll(async () => {
    await initI18n('en-US');
  });
  beforeEach(() => {
    server = fakeStaffApi();
    server.install();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return {
    get server() {
      if (!server) throw new Error('the fake staff API is made before each test');
      return server;
    },
  };
}

/** `page` with the shell's providers, for a signed-in member of `role`, in English. */
export function renderAsMember(page: ReactNode, role: Role): void {
  const session = staffSession({ role, csrfToken: 'csrf-1' });
  signedIn(session);
  render(
    <ConfigProvider locale={antdEnUS}>
      <ProConfigProvider intl={enUSIntl}>
        <AntdApp>
          <QueryClientProvider client={queryClient}>
            <SessionContext value={session}>{page}</SessionContext>
          </QueryClientProvider>
        </AntdApp>
      </ProConfigProvider>
    </ConfigProvider>,
  );
}
