// The ledger's two books: real money, and the practice book's virtual USDT (docs/ledger.md).
import type { CurrencyKey } from '@ampere/contract';

/**
 * The practice book's currency: virtual USDT (scale 6) of practice accounts. A currency of its
 * own, so every sum per currency is also a sum per book, and no journal may mix it with a real
 * currency (journal-rules.ts `assertBalanced`; the database's balance trigger, migration
 * `practice_book`).
 */
export const PRACTICE_CURRENCY = 'usdt_practice';
export type PracticeCurrency = typeof PRACTICE_CURRENCY;

/** Any currency an account can hold: a real one, or practice. */
export type LedgerCurrency = CurrencyKey | PracticeCurrency;

export const REAL_CURRENCIES: readonly CurrencyKey[] = ['money', 'usdt'];

export const isPractice = (currency: string): boolean => currency === PRACTICE_CURRENCY;

/** The practice book's user accounts: only what trading needs. */
export const PRACTICE_USER_PURPOSES = ['available', 'in_order'] as const;
/** Its system accounts: where virtual money is issued and where practice trades settle. */
export const PRACTICE_SYSTEM_PURPOSES = ['house_equity', 'house_trading'] as const;
