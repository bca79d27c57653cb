import {
  cashInfoSchema,
  exchangeConfigSchema,
  exchangeDetailSchema,
  exchangeListSchema,
  exchangeQuoteSchema,
  rechargeConfigSchema,
  depositDetailSchema,
  rechargeDetailSchema,
  rechargeListSchema,
  withdrawAddressesSchema,
  withdrawConfigSchema,
  withdrawListSchema,
  withdrawPreviewSchema,
  withdrawalDetailSchema,
} from '@ampere/contract';
import type { CurrencyKey } from '@ampere/contract';
import type { Api } from '@ampere/client';

/**
 * The funding calls (packages/contract/src/funding.ts, docs/funding.md). Amounts stay decimal
 * strings from the wire to the screen: fees, arrivals and exchange results are the server's own
 * arithmetic (withdrawPreview, exchangeQuote), shown as it sends them, never recomputed here.
 */

export const fundingKeys = {
  all: ['funding'] as const,
  rechargeConfig: () => [...fundingKeys.all, 'recharge', 'config'] as const,
  recharges: () => [...fundingKeys.all, 'recharge', 'list'] as const,
  recharge: (id: string) => [...fundingKeys.all, 'recharge', 'detail', id] as const,
  deposit: (id: string) => [...fundingKeys.all, 'recharge', 'deposit', id] as const,
  withdrawConfig: () => [...fundingKeys.all, 'withdraw', 'config'] as const,
  withdrawPreview: (currency: string, amount: string) =>
    [...fundingKeys.all, 'withdraw', 'preview', currency, amount] as const,
  withdrawals: (currency: string) => [...fundingKeys.all, 'withdraw', 'list', currency] as const,
  withdrawal: (id: string) => [...fundingKeys.all, 'withdraw', 'detail', id] as const,
  exchangeConfig: () => [...fundingKeys.all, 'exchange', 'config'] as const,
  exchanges: () => [...fundingKeys.all, 'exchange', 'list'] as const,
  exchange: (id: string) => [...fundingKeys.all, 'exchange', 'detail', id] as const,
  cashInfo: () => [...fundingKeys.all, 'card'] as const,
  addresses: () => [...fundingKeys.all, 'addresses'] as const,
};

export const fetchRechargeConfig = async (api: Api, signal?: AbortSignal) =>
  rechargeConfigSchema.parse(await api.get('user/recharge', { signal }));

export interface BankRechargeInput {
  accountId: string;
  amount: string;
  payerName: string;
  reference: string;
  /** The transfer receipt's upload id (purpose `recharge_proof`), when the user attached one. */
  proof?: string;
}

export const submitBankRecharge = async (api: Api, input: BankRechargeInput, key: string) =>
  rechargeDetailSchema.parse(
    await api.post('user/recharge', { body: { method: 'bank', ...input }, idempotencyKey: key }),
  );

export const fetchRecharges = async (api: Api, cursor: string | undefined, signal?: AbortSignal) =>
  rechargeListSchema.parse(await api.get('user/rechargeList', { query: { cursor }, signal }));

export const fetchRechargeDetail = async (api: Api, id: string, signal?: AbortSignal) =>
  rechargeDetailSchema.parse(await api.get('user/rechargeDetail', { query: { id }, signal }));

export const fetchDepositDetail = async (api: Api, id: string, signal?: AbortSignal) =>
  depositDetailSchema.parse(await api.get('user/depositDetail', { query: { id }, signal }));

export const fetchWithdrawConfig = async (api: Api, signal?: AbortSignal) =>
  withdrawConfigSchema.parse(await api.get('user/withdraw', { signal }));

export const fetchWithdrawPreview = async (
  api: Api,
  currency: CurrencyKey,
  amount: string,
  signal?: AbortSignal,
) =>
  withdrawPreviewSchema.parse(
    await api.get('user/withdrawPreview', { query: { currency, amount }, signal }),
  );

export interface WithdrawInput {
  currency: CurrencyKey;
  amount: string;
  /** USDT: the address book entry. */
  addressId?: string;
  mpassword: string;
}

export const submitWithdraw = async (api: Api, input: WithdrawInput, key: string) =>
  withdrawalDetailSchema.parse(
    await api.post('user/withdraw', { body: { ...input }, idempotencyKey: key }),
  );

export const fetchWithdrawals = async (
  api: Api,
  currency: CurrencyKey,
  cursor: string | undefined,
  signal?: AbortSignal,
) =>
  withdrawListSchema.parse(
    await api.get('user/withdrawList', { query: { currency, cursor }, signal }),
  );

export const fetchWithdrawalDetail = async (api: Api, id: string, signal?: AbortSignal) =>
  withdrawalDetailSchema.parse(await api.get('user/withdrawDetail', { query: { id }, signal }));

export const cancelWithdrawal = async (api: Api, id: string, key: string) =>
  withdrawalDetailSchema.parse(
    await api.post('user/withdrawCancel', { body: { id }, idempotencyKey: key }),
  );

export const fetchExchangeConfig = async (api: Api, signal?: AbortSignal) =>
  exchangeConfigSchema.parse(await api.get('user/exchange', { signal }));

export const fetchExchangeQuote = async (api: Api, from: CurrencyKey, amount: string) =>
  exchangeQuoteSchema.parse(await api.get('user/exchangeQuote', { query: { from, amount } }));

export interface ExchangeInput {
  quoteId: string;
  from: CurrencyKey;
  amount: string;
}

export const submitExchange = async (api: Api, input: ExchangeInput, key: string) =>
  exchangeDetailSchema.parse(
    await api.post('user/exchange', { body: { ...input }, idempotencyKey: key }),
  );

/** SPEC §7: the exchange list is a POST with a form body. */
export const fetchExchanges = async (api: Api, cursor: string | undefined) =>
  exchangeListSchema.parse(
    await api.post('user/exchangeList', { body: cursor === undefined ? {} : { cursor } }),
  );

export const fetchExchangeDetail = async (api: Api, id: string, signal?: AbortSignal) =>
  exchangeDetailSchema.parse(await api.get('user/exchangeDetail', { query: { id }, signal }));

export const fetchCashInfo = async (api: Api, signal?: AbortSignal) =>
  cashInfoSchema.parse(await api.get('user/cashInfo', { signal }));

export interface CardInput {
  accountName: string;
  bankName: string;
  cardNumber: string;
  branch: string;
  /** Needed to replace a bound card. */
  mpassword?: string;
}

export const bindCard = async (api: Api, input: CardInput) =>
  api.post('user/cashBind', { body: { ...input } });

export const fetchAddresses = async (api: Api, signal?: AbortSignal) =>
  withdrawAddressesSchema.parse(await api.get('user/withdrawAddresses', { signal }));

export interface AddressInput {
  network: string;
  address: string;
  label: string;
  mpassword: string;
}

export const addAddress = async (api: Api, input: AddressInput) =>
  api.post('user/withdrawAddress', { body: { ...input } });

export const deleteAddress = async (api: Api, id: string) =>
  api.post('user/withdrawAddressDelete', { body: { id } });
