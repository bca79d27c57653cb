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
import { lastReconciliation } from './reconcile.js';
import { createLedgerReportsRepository } from './reports.repository.js';

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
      const journal = await repo.insertJournalWithPostings(
        {
          kind: spec.kind,
          reference: spec.reference ?? null,
          userId: spec.userId ?? null,
          actor: spec.actor,
          memo: spec.memo ?? null,
          reversesId: spec.reversesId ?? null,
          createdAt: now(),
        },
        postings,
      );
      return { journalId: journal.id, createdAt: journal.createdAt, balances };
    },

    /**
     * Posts many journals in a handful of statements (settlement of a batch): the user accounts
     * are locked once in the standard order, each account's summed change applied in one
     * update, then the journals and all their postings inserted at once. Same guarantees as
     * `post`: each journal balances, no user account goes negative (else the whole batch is
     * refused), and every user posting records the balance after it.
     */
    async postMany(tx: Db, specs: readonly JournalSpec[]): Promise<PostedJournal[]> {
      if (specs.length === 0) return [];
      for (const spec of specs) assertBalanced(spec);
      const repo = createLedgerRepository(tx);
      const keyOf = (a: { userId: bigint; currency: string; purpose: string }) =>
        `${a.userId}:${a.currency}:${a.purpose}`;
      const userRefs = new Map<string, { userId: bigint; currency: string; purpose: string }>();
      for (const spec of specs) {
        for (const p of spec.postings)
          if (isUser(p.account)) userRefs.set(keyOf(p.account), p.account);
      }
      let accounts = await repo.lockUserAccounts([...userRefs.values()]);
      if (accounts.length < userRefs.size) {
        for (const userId of new Set([...userRefs.values()].map((r) => r.userId))) {
          await repo.openUserAccounts(userId);
        }
        accounts = await repo.lockUserAccounts([...userRefs.values()]);
      }
      const byKey = new Map(accounts.map((a) => [keyOf(a), a]));
      const totals = new Map<bigint, bigint>();
      for (const spec of specs) {
        for (const p of spec.postings) {
          if (!isUser(p.account)) continue;
          const account = byKey.get(keyOf(p.account));
          if (!account) throw new LedgerInvariantError(`account ${keyOf(p.account)} missing`);
          totals.set(account.id, (totals.get(account.id) ?? 0n) + p.amountMinor);
        }
      }
      const applied = await repo.applyDeltas(
        [...totals].filter(([, delta]) => delta !== 0n).map(([id, delta]) => ({ id, delta })),
      );
      if (applied.length < [...totals.values()].filter((d) => d !== 0n).length) {
        throw new AppError('INSUFFICIENT_BALANCE');
      }
      // Walk the postings in order from each account's balance before the batch.
      const running = new Map(accounts.map((a) => [a.id, a.balanceMinor]));
      const ids = await repo.nextJournalIds(specs.length);
      const createdAt = now();
      const postings: (NewPosting & { journalId: bigint })[] = [];
      const results: PostedJournal[] = [];
      for (const [i, spec] of specs.entries()) {
        const journalId = ids[i];
        if (journalId === undefined) throw new LedgerInvariantError('journal ids ran out');
        const balances: PostedJournal['balances'] = [];
        for (const p of spec.postings) {
          const { account } = p;
          if (!isUser(account)) {
            postings.push({
              journalId,
              accountId: await systemAccountId(tx, account.currency, account.system),
              currency: account.currency,
              amountMinor: p.amountMinor,
              balanceAfterMinor: null,
            });
            continue;
          }
          const row = byKey.get(keyOf(account));
          if (!row) throw new LedgerInvariantError(`account ${keyOf(account)} missing`);
          const after = (running.get(row.id) ?? 0n) + p.amountMinor;
          // As if posted one by one: no account dips below zero even for a moment.
          if (after < 0n) throw new AppError('INSUFFICIENT_BALANCE');
          running.set(row.id, after);
          postings.push({
            journalId,
            accountId: row.id,
            currency: account.currency,
            amountMinor: p.amountMinor,
            balanceAfterMinor: after,
          });
          balances.push({ ...account, balanceMinor: after });
        }
        results.push({ journalId, createdAt, balances });
      }
      await repo.insertJournalsWithIds(
        specs.map((spec, i) => ({
          id: ids[i] ?? 0n,
          kind: spec.kind,
          reference: spec.reference ?? null,
          userId: spec.userId ?? null,
          actor: spec.actor,
          memo: spec.memo ?? null,
          reversesId: spec.reversesId ?? null,
          createdAt,
        })),
      );
      // Statements of at most ~10,000 postings (PostgreSQL's 65,535 parameters), never splitting
      // a journal: the balance trigger checks each statement's journals.
      let chunk: typeof postings = [];
      for (const [i, p] of postings.entries()) {
        chunk.push(p);
        const next = postings[i + 1];
        if (chunk.length >= 10_000 && next?.journalId !== p.journalId) {
          await repo.insertPostingsBulk(chunk);
          chunk = [];
        }
      }
      await repo.insertPostingsBulk(chunk);
      return results;
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

    /** Journals per kind and currency created in [from, to]: how many, and the money moved. */
    activity: (db: Db, from: Date, to: Date) =>
      createLedgerReportsRepository(db).activity(from, to),
    /** The reconciliation job's last run, as it recorded it (reconcile.job.ts). */
    lastReconciliation: (db: Db) => lastReconciliation(db),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
