import { CURRENCIES, JOURNAL_KINDS, type CurrencyKey, type JournalKind } from '@ampere/contract';

/** "CNY" for `money`, "USDT" for `usdt`: the name staff know a currency by. */
export const currencyName = (key: CurrencyKey): string =>
  CURRENCIES.find((c) => c.key === key)?.name ?? key;

/** A journal kind the contract knows (and the locale files name); others show as they are. */
export const isJournalKind = (kind: string): kind is JournalKind =>
  JOURNAL_KINDS.some((k) => k === kind);
