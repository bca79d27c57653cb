import type { CurrencyKey } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { JournalKind } from '@ampere/contract';
import {
  createLedgerRepository,
  type NewPosting,
  type StatementFilter,
} from './ledger.repository.js';
import type { SystemPurpose, UserPurpose } from './ledger.schema.js';

export type AccountRef =
  | { userId: bigint; currency: CurrencyKey; purpose: UserPurpose }
  | { system: SystemPurpose; currency: CurrencyKey };

export interface PostingSpec {
  account: AccountRef;
  amountMinor: bigint;
}

export interface JournalSpec {
  kind: JournalKind;
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

function assertBalanced(spec: JournalSpec): void {
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
}

const isUser = (a: AccountRef): a is Extract<AccountRef, { userId: bigint }> => 'userId' in a;

/**
 * User postings are applied in one fixed order (user, currency, purpose) so that two journals
 * touching the same accounts lock them in the same order and cannot deadlock.
 */
function lockOrder(a: PostingSpec, b: PostingSpec): number {
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

/** `now` stamps journals, so statements follow the same clock as every other rule. */
export function createLedgerService(deps: { now?: () => Date } = {}) {
  const now = deps.now ?? (() => new Date());
  let systemIds: Map<string, bigint> | undefined;

  async function systemAccountId(
    db: Db,
    currency: string,
    purpose: SystemPurpose,
  ): Promise<bigint> {
    if (!systemIds) {
      const rows = await createLedgerRepository(db).systemAccountIds();
      systemIds = new Map(rows.map((r) => [`${r.currency}:${r.purpose}`, r.id]));
    }
    const id = systemIds.get(`${currency}:${purpose}`);
    if (id === undefined)
      throw new LedgerInvariantError(`system account ${currency}:${purpose} missing`);
    return id;
  }

  return {
    /**
     * Posts one balanced journal inside the caller's transaction — the only way money moves.
     * A user account that would go negative refuses the whole journal (INSUFFICIENT_BALANCE);
     * the caller's transaction then rolls back with everything it did.
     */
    async post(tx: Db, spec: JournalSpec): Promise<PostedJournal> {
      assertBalanced(spec);
      const repo = createLedgerRepository(tx);
      const postings: NewPosting[] = [];
      const balances: PostedJournal['balances'] = [];
      for (const p of [...spec.postings].sort(lockOrder)) {
        const { account } = p;
        if (!isUser(account)) {
          postings.push({
            accountId: await systemAccountId(tx, account.currency, account.system),
            currency: account.currency,
            amountMinor: p.amountMinor,
            balanceAfterMinor: null,
          });
          continue;
        }
        let applied = await repo.applyUserDelta(
          account.userId,
          account.currency,
          account.purpose,
          p.amountMinor,
        );
        if (
          !applied &&
          !(await repo.userAccountExists(account.userId, account.currency, account.purpose))
        ) {
          await repo.openUserAccounts(account.userId);
          applied = await repo.applyUserDelta(
            account.userId,
            account.currency,
            account.purpose,
            p.amountMinor,
          );
        }
        if (!applied) throw new AppError('INSUFFICIENT_BALANCE');
        postings.push({
          accountId: applied.id,
          currency: account.currency,
          amountMinor: p.amountMinor,
          balanceAfterMinor: applied.balanceMinor,
        });
        balances.push({ ...account, balanceMinor: applied.balanceMinor });
      }
      const journal = await repo.insertJournal({
        kind: spec.kind,
        reference: spec.reference ?? null,
        userId: spec.userId ?? null,
        actor: spec.actor,
        memo: spec.memo ?? null,
        reversesId: spec.reversesId ?? null,
        createdAt: now(),
      });
      await repo.insertPostings(journal.id, postings);
      return { journalId: journal.id, createdAt: journal.createdAt, balances };
    },

    /**
     * Posts the mirror image of a journal. A journal can be reversed once (unique index); the
     * reversal can itself be refused if the money has since been spent.
     */
    async reverse(tx: Db, journalId: bigint, actor: string, memo: string): Promise<PostedJournal> {
      const found = await createLedgerRepository(tx).journalWithPostings(journalId);
      if (!found) throw new LedgerInvariantError(`journal ${journalId} not found`);
      const postings: PostingSpec[] = found.postings.map((p) => ({
        account:
          p.userId === null
            ? { system: p.purpose as SystemPurpose, currency: p.currency as CurrencyKey }
            : {
                userId: p.userId,
                purpose: p.purpose as UserPurpose,
                currency: p.currency as CurrencyKey,
              },
        amountMinor: -p.amountMinor,
      }));
      return this.post(tx, {
        kind: 'reversal',
        actor,
        memo,
        postings,
        reversesId: journalId,
        ...(found.journal.userId === null ? {} : { userId: found.journal.userId }),
        reference: `journal:${journalId}`,
      });
    },

    openUserAccounts: (db: Db, userId: bigint) =>
      createLedgerRepository(db).openUserAccounts(userId),
    openSystemAccounts: (db: Db) => createLedgerRepository(db).openSystemAccounts(),
    userAccounts: (db: Db, userId: bigint) => createLedgerRepository(db).userAccounts(userId),
    statement: (db: Db, filter: StatementFilter) => createLedgerRepository(db).statement(filter),
    systemBalance: (db: Db, currency: CurrencyKey, purpose: SystemPurpose) =>
      createLedgerRepository(db).systemBalance(currency, purpose),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
