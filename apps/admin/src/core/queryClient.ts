import { QueryClient } from '@tanstack/react-query';

/** Server state of the signed-in member; cleared whenever the session ends. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already reports failures; one quiet retry covers a flaky link. Staff
    // switch windows all day: data refetches when they come back, as a back office should.
    queries: { retry: 1, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
