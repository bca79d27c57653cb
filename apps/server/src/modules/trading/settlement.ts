import { formatAmount, type CurrencyKey, type Direction } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { isPractice, type LedgerService, type PostedJournal } from '../ledger/ledger.service.js';
import type {
  NotificationEvent,
  NotificationsService,
  WrittenNotification,
} from '../notifications/notifications.service.js';
import type { LevelsRecorder } from '../levels/levels.service.js';
import type { Bus } from '../realtime/bus.js';
import type { CatalogCache } from './catalog.js';
import { pushOrder } from './pushes.js';
import type { TradingObserver } from './trading.service.js';
import { decide, KIND_OF, SETTLE_FINAL_AFTER_MS, settlementPostings } from './rules.js';
import { createTradingRepository, type DueOrder, type OrderRow } from './trading.repository.js';
import { toOrder } from './views.js';

/** Settling due orders, exactly once, in batches (settlement.job.ts runs it). */
export function createSettlement(deps: {
  db: Db;
  ledger: LedgerService;
  notifications: NotificationsService;
  levels: LevelsRecorder;
  catalog: CatalogCache;
  bus: Bus | undefined;
  now: () => number;
  observe?: Pick<TradingObserver, 'settled'> | undefined;
}) {
  const { db, ledger, notifications, levels, catalog, bus, now, observe } = deps;

  /**
   * Settles a claimed batch in a fixed number of statements: outcomes decided here, one bulk
   * ledger posting, one bulk order update, one bulk insert of the owners' notifications, one
   * statement adding the stakes to the owners' member-level progress. Returns the settled rows.
   */
  async function settleBatch(
    tx: Db,
    due: readonly DueOrder[],
    at: number,
  ): Promise<{
    rows: OrderRow[];
    balances: Map<bigint, PostedJournal['balances']>;
    notes: WrittenNotification[];
  }> {
    const decided = due.map(({ order, exit }) => {
      // A tick inside the window: after the strike, at or before expiry.
      const inside = exit && exit.id > order.strikeTickId ? exit : undefined;
      const outcome = decide(
        order.direction as Direction,
        order.strikePriceMinor,
        inside?.priceMinor,
        order.stakeMinor,
        order.payoutBps,
      );
      return { order, inside, outcome };
    });
    const journals = await ledger.postMany(
      tx,
      decided.map(({ order, outcome }) => ({
        kind: KIND_OF[outcome.status],
        actor: 'system:settlement',
        userId: order.userId,
        reference: `order:${order.id}`,
        postings: settlementPostings(order, outcome),
      })),
    );
    // One journal per order, in order: anything else would settle an order without its money.
    if (journals.length !== decided.length) throw new Error('settlement lost journals');
    const rows = await createTradingRepository(tx).settleMany(
      decided.map(({ order, inside, outcome }, i) => ({
        id: order.id,
        status: outcome.status,
        exitTickId: inside?.id ?? null,
        exitPriceMinor: inside?.priceMinor ?? null,
        exitTimeMs: inside?.timeMs ?? null,
        payoutMinor: outcome.payoutMinor,
        settledAtMs: at,
        settleJournalId: journalAt(journals, i).journalId,
      })),
    );
    // The rows were claimed FOR UPDATE: all of them must have settled, or roll back.
    if (rows.length !== due.length) throw new Error('settlement lost claimed orders');
    // "Order settled" in each owner's inbox, with the settlement (the practice book's play money
    // is not news).
    const notes = await notifications.record(
      tx,
      rows.filter((r) => !isPractice(r.currency)).map(settledNotification),
    );
    // Traded volume for member levels: the stakes of settled real-book orders, void ones
    // excluded (nothing was traded); the practice book's play money is not counted (`record`).
    await levels.record(
      tx,
      rows
        .filter((r) => r.status !== 'void')
        .map((r) => ({
          kind: 'volume',
          userId: r.userId,
          currency: r.currency,
          amountMinor: r.stakeMinor,
        })),
    );
    // Each order's journal, to push the balance it left (later journals of a user come later).
    const balances = new Map(
      decided.map(({ order }, i) => [order.id, journalAt(journals, i).balances]),
    );
    return { rows, balances, notes };
  }

  return {
    /**
     * Settles up to `batch` due orders in one transaction; returns how many. Safe to run in
     * every process at once: rows are claimed with SKIP LOCKED and an order changes only while
     * open, in the transaction that posts its journal — a crash rolls back both.
     */
    settleDue: async (batch = 200): Promise<number> => {
      const at = now();
      const settled = await db.transaction(async (tx) => {
        const due = await createTradingRepository(tx).claimDue(at, SETTLE_FINAL_AFTER_MS, batch);
        return settleBatch(tx, due, at);
      });
      for (const row of settled.rows)
        observe?.settled({
          book: isPractice(row.currency) ? 'practice' : 'real',
          status: row.status,
        });
      if (settled.rows.length > 0 && bus) {
        const n = await catalog.names('en-US');
        for (const row of [...settled.rows].sort((a, b) => (a.id < b.id ? -1 : 1))) {
          const order = toOrder(row, n.get(row.symbol) ?? row.symbol, at);
          pushOrder(bus, order, row.userId, settled.balances.get(row.id));
        }
      }
      await notifications.announce(settled.notes);
      return settled.rows.length;
    },
  };
}

/** A settled real-book order as its owner's notification: the facts, in decimal strings. */
function settledNotification(o: OrderRow): NotificationEvent {
  const currency = o.currency as CurrencyKey;
  if (o.payoutMinor === null || o.status === 'open')
    throw new Error(`order ${o.id} notified before it settled`);
  return {
    kind: 'order_settled',
    userId: o.userId,
    subjectId: o.id,
    params: {
      symbol: o.symbol,
      direction: o.direction as Direction,
      currency,
      stake: formatAmount(o.stakeMinor, currency),
      payout: formatAmount(o.payoutMinor, currency),
      outcome: o.status as 'won' | 'lost' | 'tie' | 'void',
    },
  };
}

function journalAt(journals: readonly PostedJournal[], i: number): PostedJournal {
  const journal = journals[i];
  if (!journal) throw new Error(`settlement: no journal for order ${i}`);
  return journal;
}
