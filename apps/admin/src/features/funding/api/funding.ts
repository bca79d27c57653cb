import {
  adminExchangeListSchema,
  adminReceivingAccountListSchema,
  adminReceivingAccountSchema,
  adminRechargeListSchema,
  adminRechargeSchema,
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  exchangeRateSchema,
  fundingRulesSchema,
  type ExchangeRateChange,
  type FundingReject,
  type FundingRules,
  type ReceivingAccountChange,
} from '@ampere/contract/admin';
import type { RechargeStatus, WithdrawalStatus } from '@ampere/contract';
import { newIdempotencyKey } from '@ampere/client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '@/core/api';

/**
 * The back office's funding calls (packages/contract/src/admin/funding.ts, docs/funding.md).
 * Decisions that move money carry an Idempotency-Key made before the first send and kept until
 * the server answers, so a retry after a lost answer is the same decision.
 */

export const FUNDING_PAGE_SIZE = 20;
const KEY = ['funding'] as const;
const RECHARGES = [...KEY, 'recharges'] as const;
const WITHDRAWALS = [...KEY, 'withdrawals'] as const;
const ACCOUNTS = [...KEY, 'accounts'] as const;
const RULES = [...KEY, 'rules'] as const;
const RATE = [...KEY, 'rate'] as const;
const EXCHANGES = [...KEY, 'exchanges'] as const;

type PostBody = Parameters<typeof api.post>[2];
/** Nested or typed bodies go as JSON, whole (the request layer types bodies as flat fields). */
const asBody = (body: object) => body as unknown as PostBody;

/** Bank recharges of one status; the pending queue comes oldest first (the server's order). */
export function useRechargeRecords(status: RechargeStatus) {
  return useInfiniteQuery({
    queryKey: [...RECHARGES, status],
    queryFn: ({ pageParam }) =>
      api.get('funding/recharges', adminRechargeListSchema, {
        status,
        cursor: pageParam,
        limit: FUNDING_PAGE_SIZE,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useWithdrawals(status: WithdrawalStatus) {
  return useInfiniteQuery({
    queryKey: [...WITHDRAWALS, status],
    queryFn: ({ pageParam }) =>
      api.get('funding/withdrawals', adminWithdrawalListSchema, {
        status,
        cursor: pageParam,
        limit: FUNDING_PAGE_SIZE,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Who and when the exchange list is narrowed to: a user's uid, [from, to) as ISO times. */
export interface ExchangeFilter {
  uid?: string;
  from?: string;
  to?: string;
}

/** Completed CNY↔USDT exchanges, newest first, a page at a time (read-only). */
export function useExchanges(filter: ExchangeFilter) {
  return useInfiniteQuery({
    queryKey: [...EXCHANGES, filter],
    queryFn: ({ pageParam }) =>
      api.get('funding/exchanges', adminExchangeListSchema, {
        ...filter,
        cursor: pageParam,
        limit: FUNDING_PAGE_SIZE,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One key per intended decision (`action:id`), kept until the server accepts it. */
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

/** A decision on a record: sent with its key; every queue is read again afterwards. */
function useDecision<Vars extends { id: string }, R>(
  action: string,
  send: (vars: Vars, key: string) => Promise<R>,
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

const path = (kind: 'recharges' | 'withdrawals', id: string, action: string) =>
  `funding/${kind}/${encodeURIComponent(id)}/${action}`;

export const useConfirmRecharge = () =>
  useDecision('confirm', ({ id, note }: { id: string; note?: string }, key) =>
    api.post(
      path('recharges', id, 'confirm'),
      adminRechargeSchema,
      { note },
      { idempotencyKey: key },
    ),
  );

export const useRejectRecharge = () =>
  useDecision('reject', ({ id, ...body }: { id: string } & FundingReject, key) =>
    api.post(path('recharges', id, 'reject'), adminRechargeSchema, asBody(body), {
      idempotencyKey: key,
    }),
  );

export const useApproveWithdrawal = () =>
  useDecision('approve', ({ id, note }: { id: string; note?: string }, key) =>
    api.post(
      path('withdrawals', id, 'approve'),
      adminWithdrawalSchema,
      { note },
      {
        idempotencyKey: key,
      },
    ),
  );

export const useRejectWithdrawal = () =>
  useDecision('reject', ({ id, ...body }: { id: string } & FundingReject, key) =>
    api.post(path('withdrawals', id, 'reject'), adminWithdrawalSchema, asBody(body), {
      idempotencyKey: key,
    }),
  );

export const usePayWithdrawal = () =>
  useDecision(
    'paid',
    ({ id, reference, note }: { id: string; reference: string; note?: string }, key) =>
      api.post(
        path('withdrawals', id, 'paid'),
        adminWithdrawalSchema,
        { reference, note },
        {
          idempotencyKey: key,
        },
      ),
  );

export const useSendWithdrawal = () =>
  useDecision('send', ({ id }: { id: string }, key) =>
    api.post(path('withdrawals', id, 'send'), adminWithdrawalSchema, {}, { idempotencyKey: key }),
  );

export function useReceivingAccounts() {
  return useQuery({
    queryKey: ACCOUNTS,
    queryFn: async () =>
      (await api.get('funding/receiving-accounts', adminReceivingAccountListSchema)).items,
  });
}

export function useSaveReceivingAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id?: string; change: ReceivingAccountChange }) =>
      api.post(
        id === undefined
          ? 'funding/receiving-accounts'
          : `funding/receiving-accounts/${encodeURIComponent(id)}`,
        adminReceivingAccountSchema,
        asBody(change),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS }),
  });
}

export function useFundingRules() {
  return useQuery({
    queryKey: RULES,
    queryFn: () => api.get('funding/settings', fundingRulesSchema),
  });
}

export function useSaveFundingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: FundingRules) =>
      api.post('funding/settings', fundingRulesSchema, asBody(rules)),
    onSuccess: (rules) => {
      queryClient.setQueryData(RULES, rules);
    },
  });
}

export function useExchangeRate() {
  return useQuery({
    queryKey: RATE,
    queryFn: () => api.get('funding/exchange-rate', exchangeRateSchema),
  });
}

export function useSaveExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ExchangeRateChange) =>
      api.post('funding/exchange-rate', exchangeRateSchema, asBody(change)),
    onSuccess: (rate) => {
      queryClient.setQueryData(RATE, rate);
    },
  });
}
