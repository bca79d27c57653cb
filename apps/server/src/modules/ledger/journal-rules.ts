// What a journal is and the rules every one obeys: balanced, in range, locked in one order.
import type { JournalKind } from '@ampere/contract';
import { isPractice, type LedgerCurrency } from './books.js';
import type { SystemPurpose, UserPurpose } from './ledger.schema.js';

export type AccountRef =
  | { userId: bigint; currency: LedgerCurrency; purpose: UserPurpose }
  | { system: SystemPurpose; currency: LedgerCurrency };

/**
 * The practice book's own kinds: issuing its starting balance and resetting it. Server-only:
 * a user's statement never shows the practice book, so the contract's list has no label for them.
 */
export type PracticeJournalKind = 'practice_open' | 'practice_reset';

export interface PostingSpec {
  account: AccountRef;
  amountMinor: bigint;
}

export interface JournalSpec {
  kind: JournalKind | PracticeJournalKind;
  actor: string;
  postings: PostingSpec[];
  /** The user the movement concerns (shown on their statement). */
  userId?: bigint;
  reference?: string;
  memo?: string;
  reversesId?: bigint;
}

export interface PostedJournal {
  journalId: bigint;
  createdAt: Date;
  /** New balances of the user accounts touched, keyed `currency:purpose` per user. */
  balances: { userId: bigint; currency: string; purpose: string; balanceMinor: bigint }[];
}

/** A broken ledger invariant is a bug in our code, never a user error: fail loudly. */
export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerInvariantError';
  }
}

/** |amount| must stay below 10^18 minor units so every sum fits PostgreSQL's bigint. */
const MAX_POSTING_MINOR = 10n ** 18n;
const MAX_POSTINGS = 64;

export function assertBalanced(spec: JournalSpec): void {
  if (spec.postings.length < 2 || spec.postings.length > MAX_POSTINGS) {
    throw new LedgerInvariantError(`journal ${spec.kind} has ${spec.postings.length} postings`);
  }
  const sums = new Map<string, bigint>();
  for (const p of spec.postings) {
    if (p.amountMinor === 0n)
      throw new LedgerInvariantError(`journal ${spec.kind} has a zero posting`);
    if (p.amountMinor >= MAX_POSTING_MINOR || p.amountMinor <= -MAX_POSTING_MINOR) {
      throw new LedgerInvariantError(`journal ${spec.kind} posting out of range`);
    }
    sums.set(p.account.currency, (sums.get(p.account.currency) ?? 0n) + p.amountMinor);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n)
      throw new LedgerInvariantError(`journal ${spec.kind} is off by ${sum} in ${currency}`);
  }
  // One book per journal: practice money never meets real money (the database refuses it too).
  if (new Set([...sums.keys()].map(isPractice)).size > 1)
    throw new LedgerInvariantError(`journal ${spec.kind} mixes the practice and real books`);
}

export const isUser = (a: AccountRef): a is Extract<AccountRef, { userId: bigint }> =>
  'userId' in a;

/**
 * User postings are applied in one fixed order (user, currency, purpose) so that two journals
 * touching the same accounts lock them in the same order and cannot deadlock.
 */
export function lockOrder(a: PostingSpec, b: PostingSpec): number {
  const ka = isUser(a.account) ? [a.account.userId, a.account.currency, a.account.purpose] : [];
  const kb = isUser(b.account) ? [b.account.userId, b.account.currency, b.account.purpose] : [];
  for (let i = 0; i < 3; i++) {
    const x = ka[i];
    const y = kb[i];
    if (x === undefined || y === undefined || x === y) continue;
    return x < y ? -1 : 1;
  }
  return 0;
}
