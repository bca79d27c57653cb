import { dashboardSchema } from '@ampere/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/core/api';

/** How often an open dashboard reads the figures again. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** Queues, today's journals, exposure, the last reconciliation and the feed: one call. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api.get('dashboard', dashboardSchema),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
