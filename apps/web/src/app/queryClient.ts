import { QueryClient } from '@tanstack/react-query';
import { refetchOnMount } from '@/lib/launchReads';

/**
 * The app's one query cache: App provides it to the pages, and launch (main.tsx) starts Home's
 * first reads in it before Home renders, under the keys Home's hooks use, so they find them in
 * flight (issue #20).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already reports failures; one quiet retry covers a flaky mobile link.
    queries: { retry: 1, refetchOnWindowFocus: false, refetchOnMount },
    // An action (an order, a withdrawal) is sent now or fails now with the network's message:
    // never held while offline and sent when the network returns, at another price.
    mutations: { networkMode: 'always' },
  },
});
