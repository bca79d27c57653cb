// Posting one journal, and reversing one: the only way money moves, one journal at a time.
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  assertBalanced,
  isUser,
  LedgerInvariantError,
  lockOrder,
  type JournalSpec,
  type PostedJournal,
  type PostingSpec,
} from './journal-rules.js';
import { createLedgerRepository, type NewPosting } from './ledger.repository.js';
import type { LedgerCurrency } from './books.js';
import type { SystemPurpose, UserPurpose } from './ledger.schema.js';
import type { SystemAccountIds } from './system-accounts.js';

/** `post` and `reverse`; `now` stamps the journals. */
export function createPosting(deps: { now: () => Date; systemAccountId: SystemAccountIds }) {
  const { now, systemAccountId } = deps;
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
     * Posts the mirror image of a journal. A journal can be reversed once (unique index); the
     * reversal can itself be refused if the money has since been spent.
     */
    async reverse(tx: Db, journalId: bigint, actor: string, memo: string): Promise<PostedJournal> {
      const found = await createLedgerRepository(tx).journalWithPostings(journalId);
      if (!found) throw new LedgerInvariantError(`journal ${journalId} not found`);
      const postings: PostingSpec[] = found.postings.map((p) => ({
        account:
          p.userId === null
            ? { system: p.purpose as SystemPurpose, currency: p.currency as LedgerCurrency }
            : {
                userId: p.userId,
                purpose: p.purpose as UserPurpose,
                currency: p.currency as LedgerCurrency,
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
  };
}
