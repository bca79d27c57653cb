// The practice book: opening it with the starting balance, reading it, resetting it.
import {
  formatAmount,
  parseAmount,
  PRACTICE_RESET_EVERY_MS,
  type PracticeAccount,
} from '@ampere/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { runIdempotent } from '../../ledger/idempotency.js';
import {
  LedgerInvariantError,
  PRACTICE_CURRENCY,
  type LedgerService,
} from '../../ledger/ledger.service.js';
import { createPracticeRepository, type PracticeBookRow } from './practice.repository.js';

const P = PRACTICE_CURRENCY;
const usdt = (minor: bigint) => formatAmount(minor, 'usdt');

/**
 * Practice (docs/trading-rules.md, Practice): virtual USDT in ledger accounts of the practice
 * currency, issued from the practice book's own `house_equity`, so no journal can carry it to a
 * real account. `practiceStart` is the operator's starting balance (settings).
 */
export function createPractice(deps: {
  db: Db;
  ledger: LedgerService;
  practiceStart: () => Promise<string>;
  now: () => number;
}) {
  const { db, ledger, now } = deps;

  async function startMinor(): Promise<bigint> {
    const parsed = parseAmount(await deps.practiceStart(), 'usdt');
    if (!parsed.ok) throw new Error('practiceStart setting does not parse');
    return parsed.minor;
  }

  /** Opens the user's book with the starting balance, once; safe to repeat and to race. */
  async function ensure(userId: bigint): Promise<void> {
    if (await createPracticeRepository(db).book(userId)) return;
    const start = await startMinor();
    await db.transaction(async (tx) => {
      if (!(await createPracticeRepository(tx).open(userId, start, now()))) return;
      await ledger.openPracticeAccounts(tx, userId);
      await ledger.post(tx, {
        kind: 'practice_open',
        actor: `user:${userId}`,
        userId,
        reference: `practice:${userId}`,
        postings: [
          { account: { userId, currency: P, purpose: 'available' }, amountMinor: start },
          { account: { system: 'house_equity', currency: P }, amountMinor: -start },
        ],
      });
    });
  }

  function view(
    book: PracticeBookRow,
    balances: { available: bigint; inOrder: bigint },
    openOrders: number,
    start: bigint,
  ): PracticeAccount {
    const last = book.lastResetAtMs;
    const next = last === null ? null : last + PRACTICE_RESET_EVERY_MS;
    return {
      currency: 'usdt',
      available: usdt(balances.available),
      inOrder: usdt(balances.inOrder),
      start: usdt(start),
      openOrders,
      resets: book.resets,
      lastResetAt: last,
      nextResetAt: next !== null && next > now() ? next : null,
    };
  }

  /**
   * The book as it stands, `tx` the connection to read it on. `start` (the setting) is read by
   * the caller before any transaction: settings are read on the root connection.
   */
  async function read(tx: Db, userId: bigint, start: bigint): Promise<PracticeAccount | undefined> {
    const repo = createPracticeRepository(tx);
    const [book, accounts, openOrders] = await Promise.all([
      repo.book(userId),
      ledger.practiceAccounts(tx, userId),
      repo.openOrders(userId),
    ]);
    if (!book) return undefined;
    const of = (purpose: string) => accounts.find((a) => a.purpose === purpose)?.balanceMinor ?? 0n;
    return view(book, { available: of('available'), inOrder: of('in_order') }, openOrders, start);
  }

  return {
    /** Opens the practice book if it is not yet (before a practice order). */
    ensurePractice: ensure,

    /** GET user/practice: the book, opened with the starting balance on first read. */
    async practiceAccount(userId: bigint): Promise<PracticeAccount> {
      await ensure(userId);
      const account = await read(db, userId, await startMinor());
      if (!account) throw new Error('practice book missing after opening');
      return account;
    },

    /** The book if the user ever opened it (the back office); opens nothing. */
    practiceAccountIfOpen: async (userId: bigint) => read(db, userId, await startMinor()),

    /**
     * Resets the book to the current starting balance: refused while a practice order is open
     * (it never waits or closes one) and within an hour of the last reset. Idempotent per key.
     */
    async resetPractice(userId: bigint, key: string): Promise<PracticeAccount> {
      await ensure(userId);
      const operation = 'user/practiceReset';
      // Before the transaction: the setting is read on the root connection, which inside the
      // transaction's callback would wait for ever on PGlite (and on a pool, hold two).
      const start = await startMinor();
      return db.transaction((tx) =>
        runIdempotent(tx, { userId, key, operation, body: {} }, async () => {
          const repo = createPracticeRepository(tx);
          const book = await repo.book(userId, true);
          // The available account's row lock first: a practice buy either committed before
          // (its order is counted below) or waits for this reset to finish.
          const available = await ledger.lockUserAccount(tx, userId, P, 'available');
          if (!book || available === undefined) throw new Error('practice book missing');
          if ((await repo.openOrders(userId)) > 0) throw new AppError('PRACTICE_RESET_ORDERS_OPEN');
          const at = now();
          if (book.lastResetAtMs !== null && at - book.lastResetAtMs < PRACTICE_RESET_EVERY_MS) {
            const minutes = Math.ceil((book.lastResetAtMs + PRACTICE_RESET_EVERY_MS - at) / 60_000);
            throw new AppError('PRACTICE_RESET_TOO_SOON', { minutes }, { minutes });
          }
          const inOrder = await ledger.lockUserAccount(tx, userId, P, 'in_order');
          if (inOrder !== 0n)
            throw new LedgerInvariantError(`practice in_order ${inOrder} with no open order`);
          const delta = start - available;
          if (delta !== 0n) {
            await ledger.post(tx, {
              kind: 'practice_reset',
              actor: `user:${userId}`,
              userId,
              reference: `practice:${userId}`,
              postings: [
                { account: { userId, currency: P, purpose: 'available' }, amountMinor: delta },
                { account: { system: 'house_equity', currency: P }, amountMinor: -delta },
              ],
            });
          }
          await repo.markReset(userId, start, at);
          const account = await read(tx, userId, start);
          if (!account) throw new Error('practice book missing after reset');
          return account;
        }),
      );
    },
  };
}

export type Practice = ReturnType<typeof createPractice>;
