import type { CurrencyKey } from '@ampere/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/core/api';
import {
  addAddress,
  bindCard,
  cancelWithdrawal,
  deleteAddress,
  fetchAddresses,
  fetchCashInfo,
  fetchDepositDetail,
  fetchExchangeConfig,
  fetchExchangeDetail,
  fetchExchanges,
  fetchRechargeConfig,
  fetchRechargeDetail,
  fetchRecharges,
  fetchWithdrawConfig,
  fetchWithdrawPreview,
  fetchWithdrawalDetail,
  fetchWithdrawals,
  fundingKeys,
  submitBankRecharge,
  submitExchange,
  submitWithdraw,
} from '../api/funding';
import type {
  AddressInput,
  BankRechargeInput,
  CardInput,
  ExchangeInput,
  WithdrawInput,
} from '../api/funding';
import { useSendKey } from './useSendKey';

export const useRechargeConfig = () =>
  useQuery({
    queryKey: fundingKeys.rechargeConfig(),
    queryFn: ({ signal }) => fetchRechargeConfig(api, signal),
  });

export const useRechargeList = () =>
  useInfiniteQuery({
    queryKey: fundingKeys.recharges(),
    queryFn: ({ pageParam, signal }) => fetchRecharges(api, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * While a record can still change it is read again every few seconds: pushes on the funding
 * channel normally bring each change at once, and this keeps the tracker right when the socket
 * is down.
 */
const OPEN_POLL_MS = 5000;
const OPEN_STATUSES = new Set(['pending', 'confirming', 'approved', 'paying']);
const pollWhileOpen = (query: { state: { data: { status: string } | undefined } }) =>
  query.state.data !== undefined && OPEN_STATUSES.has(query.state.data.status)
    ? OPEN_POLL_MS
    : false;

export const useRechargeDetail = (id: string) =>
  useQuery({
    queryKey: fundingKeys.recharge(id),
    queryFn: ({ signal }) => fetchRechargeDetail(api, id, signal),
    enabled: id !== '',
    refetchInterval: pollWhileOpen,
  });

/**
 * A USDT chain deposit: pushes on the funding channel bring each confirmation and the credit at
 * once (useFundingPushes); the poll is the fallback while it is still confirming.
 */
export const useDepositDetail = (id: string) =>
  useQuery({
    queryKey: fundingKeys.deposit(id),
    queryFn: ({ signal }) => fetchDepositDetail(api, id, signal),
    enabled: id !== '',
    refetchInterval: pollWhileOpen,
  });

export const useWithdrawConfig = () =>
  useQuery({
    queryKey: fundingKeys.withdrawConfig(),
    queryFn: ({ signal }) => fetchWithdrawConfig(api, signal),
  });

/** The server's fee and arrival for `amount`; nothing is asked while the amount is not valid. */
export const useWithdrawPreview = (currency: CurrencyKey, amount: string | undefined) =>
  useQuery({
    queryKey: fundingKeys.withdrawPreview(currency, amount ?? ''),
    queryFn: ({ signal }) => fetchWithdrawPreview(api, currency, amount ?? '', signal),
    enabled: amount !== undefined,
    retry: false,
  });

export const useWithdrawList = (currency: CurrencyKey) =>
  useInfiniteQuery({
    queryKey: fundingKeys.withdrawals(currency),
    queryFn: ({ pageParam, signal }) => fetchWithdrawals(api, currency, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useWithdrawalDetail = (id: string) =>
  useQuery({
    queryKey: fundingKeys.withdrawal(id),
    queryFn: ({ signal }) => fetchWithdrawalDetail(api, id, signal),
    enabled: id !== '',
    refetchInterval: pollWhileOpen,
  });

export const useExchangeConfig = () =>
  useQuery({
    queryKey: fundingKeys.exchangeConfig(),
    queryFn: ({ signal }) => fetchExchangeConfig(api, signal),
  });

export const useExchangeList = () =>
  useInfiniteQuery({
    queryKey: fundingKeys.exchanges(),
    queryFn: ({ pageParam }) => fetchExchanges(api, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useExchangeDetail = (id: string) =>
  useQuery({
    queryKey: fundingKeys.exchange(id),
    queryFn: ({ signal }) => fetchExchangeDetail(api, id, signal),
    enabled: id !== '',
  });

export const useCashInfo = () =>
  useQuery({
    queryKey: fundingKeys.cashInfo(),
    queryFn: ({ signal }) => fetchCashInfo(api, signal),
  });

export const useAddresses = () =>
  useQuery({
    queryKey: fundingKeys.addresses(),
    queryFn: ({ signal }) => fetchAddresses(api, signal),
  });

/** After any funding change every funding view is read again, and the wallet with it. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: fundingKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}

/**
 * A money-moving POST with its Idempotency-Key: made when the user first confirms, kept until
 * the server answers, so a retry after a lost answer is the same request (useSendKey).
 */
function useMoneyMutation<I, R>(send: (input: I, key: string) => Promise<R>) {
  const refresh = useRefresh();
  const keys = useSendKey();
  return useMutation({
    mutationFn: async (input: I) => {
      const key = keys.keyFor(input);
      const result = await send(input, key);
      keys.done();
      return result;
    },
    onSettled: refresh,
  });
}

export const useSubmitRecharge = () =>
  useMoneyMutation((input: BankRechargeInput, key) => submitBankRecharge(api, input, key));

export const useSubmitWithdraw = () =>
  useMoneyMutation((input: WithdrawInput, key) => submitWithdraw(api, input, key));

export const useCancelWithdrawal = () =>
  useMoneyMutation((id: string, key) => cancelWithdrawal(api, id, key));

export const useSubmitExchange = () =>
  useMoneyMutation((input: ExchangeInput, key) => submitExchange(api, input, key));

export function useBindCard() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CardInput) => bindCard(api, input),
    onSettled: refresh,
  });
}

export function useAddAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: AddressInput) => addAddress(api, input),
    onSettled: refresh,
  });
}

export function useDeleteAddress() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => deleteAddress(api, id), onSettled: refresh });
}
