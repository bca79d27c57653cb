import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { initI18n } from '@/i18n';
import { loadFeatureMessages } from '@/i18n/feature';

/** English with the funding messages, as the funding pages load them. */
export async function initFundingI18n(): Promise<void> {
  await initI18n();
  await loadFeatureMessages('funding', 'en-US');
}

/** Renders with a fresh query client (no retries: a refusal shows at once). */
export function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

type Answer = (url: URL, init: RequestInit | undefined) => unknown;

/**
 * Answers the app's requests as the server would, in the `{code, msg, data}` envelope: `routes`
 * maps an API path (`user/withdrawPreview`) to the data to send. Every request is recorded.
 */
export function serveApi(routes: Record<string, Answer>) {
  const calls: { path: string; url: URL; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://app.test');
      const path = url.pathname.replace(/^.*\/api\/v1\//, '');
      calls.push({ path, url, init });
      const answer = routes[path];
      const body =
        answer === undefined
          ? { code: 404, msg: 'Not found', data: null }
          : { code: 0, msg: 'ok', data: answer(url, init) };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return calls;
}
