// Posting many journals at once (settlement of a batch) in a handful of statements.
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  assertBalanced,
  isUser,
  LedgerInvariantError,
  type JournalSpec,
  type PostedJournal,
} from './journal-rules.js';
import { createLedgerRepository, type NewPosting } from './ledger.repository.js';
import type { SystemAccountIds } from './system-accounts.js';

/** `postMany`; `now` stamps the journals. */
export function createBulkPosting(deps: { now: () => Date; systemAccountId: SystemAccountIds }) {
  const { now, systemAccountId } = deps;
  return {
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
  };
}
