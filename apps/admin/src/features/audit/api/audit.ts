import {
  auditListSchema,
  auditVerificationSchema,
  type AuditListQuery,
} from '@ampere/contract/admin';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { api } from '@/core/api';

export type AuditFilters = Pick<AuditListQuery, 'actor' | 'action' | 'subject'>;

/** Entries per page: a screenful and a half; the contract allows up to 200. */
export const AUDIT_PAGE_SIZE = 50;

/** The log newest first, a page at a time: each page continues before the last entry shown. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.get('audit', auditListSchema, { ...filters, before: pageParam, limit: AUDIT_PAGE_SIZE }),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Recomputes the whole chain on the server: on demand only, never on a timer. */
export function useVerifyChain() {
  return useMutation({ mutationFn: () => api.get('audit/verify', auditVerificationSchema) });
}
