import {
  adjustmentListSchema,
  adjustmentSchema,
  type Adjustment,
  type AdjustmentRequest,
  type AdjustmentStatus,
} from '@ampere/contract/admin';
import { newIdempotencyKey } from '@ampere/client';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/core/api';

export const ADJUSTMENTS_PAGE_SIZE = 20;
const ADJUSTMENTS_KEY = ['adjustments'] as const;

/** Adjustments of one status, newest first, a page at a time. */
export function useAdjustments(status: AdjustmentStatus) {
  return useInfiniteQuery({
    queryKey: [...ADJUSTMENTS_KEY, status],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      api.get('adjustments', adjustmentListSchema, {
        status,
        cursor: pageParam,
        limit: ADJUSTMENTS_PAGE_SIZE,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Idempotency keys made before sending and kept until the server accepts: a retry after a lost
 * answer carries the same key, so the server applies the action once (a refusal keeps nothing
 * on the server, so the same key may be sent again).
 */
function useKeys() {
  const keys = useRef(new Map<string, string>());
  return {
    keyFor(action: string): string {
      let key = keys.current.get(action);
      if (key === undefined) {
        key = newIdempotencyKey();
        keys.current.set(action, key);
      }
      return key;
    },
    accepted(action: string): void {
      keys.current.delete(action);
    },
  };
}

/**
 * A decision on one adjustment, with its key (`useKeys`). Every list of adjustments is read
 * again afterwards, whatever the answer.
 */
function useDecision<Vars extends { id: string }>(
  action: 'approve' | 'reject',
  send: (vars: Vars, key: string) => Promise<Adjustment>,
) {
  const queryClient = useQueryClient();
  const keys = useKeys();
  return useMutation({
    mutationFn: async (vars: Vars) => {
      const name = `${action}:${vars.id}`;
      const done = await send(vars, keys.keyFor(name));
      keys.accepted(name);
      return done;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_KEY }),
  });
}

/**
 * A request (nothing moves until another member approves it). The form keeps its key until the
 * server accepts, so a retry after a lost answer is the same request.
 */
export function useRequestAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: string; body: AdjustmentRequest }) =>
      api.post('adjustments', adjustmentSchema, body, { idempotencyKey: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_KEY }),
  });
}

export function useApproveAdjustment() {
  return useDecision('approve', ({ id, note }: { id: string; note?: string }, key) =>
    api.post(
      `adjustments/${encodeURIComponent(id)}/approve`,
      adjustmentSchema,
      { note },
      { idempotencyKey: key },
    ),
  );
}

export function useRejectAdjustment() {
  return useDecision('reject', ({ id, note }: { id: string; note: string }, key) =>
    api.post(
      `adjustments/${encodeURIComponent(id)}/reject`,
      adjustmentSchema,
      { note },
      { idempotencyKey: key },
    ),
  );
}
