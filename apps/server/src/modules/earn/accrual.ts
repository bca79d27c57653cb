import { earnDailyInterestMinor, formatAmount } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import type { JournalSpec, LedgerService, PostedJournal } from '../ledger/ledger.service.js';
import type {
  NotificationEvent,
  NotificationsService,
  WrittenNotification,
} from '../notifications/notifications.service.js';
import type { Bus } from '../realtime/bus.js';
import { pushBalance } from '../wallet/balance-push.js';
import { createAccruingRepository, type AccruedDay, type DueKey } from './accruing.repository.js';
import type { OrderRow } from './orders.repository.js';
import type { EarnCalendar } from './days.js';
import { currencyOf } from './views.js';

/**
 * Daily accrual, exactly once per (order, day) (accrual.job.ts runs it). A batch claims due
 * orders with SKIP LOCKED and pays each one the next day it is owed — one day per order per
 * batch, so a server that was down for three days pays them in three rounds, in order — in a
 * fixed number of statements: the claim, one `ledger.postMany` (interest from `house_interest`,
 * and the principal back on an order's last day), one insert of the accrual rows, one update of
 * the orders, and one insert of "Earn order matured" notifications for the orders that ended. A
 * crash anywhere rolls all of it back; the primary key of `earn_accrual` refuses a second
 * payment of any day outright.
 */
export function createAccrual(deps: {
  db: Db;
  ledger: LedgerService;
  notifications: NotificationsService;
  bus: Bus | undefined;
  calendar: EarnCalendar;
  now: () => number;
}) {
  const { db, ledger, notifications, bus, calendar, now } = deps;

  /**
   * Pays one day to each of up to `batch` due orders (after `after` in the due order, if given)
   * in one transaction; returns how many, and the key of the last one claimed.
   */
  async function accrueBatch(
    batch: number,
    after: DueKey | null,
  ): Promise<{ count: number; last: DueKey | null }> {
    const at = now();
    const today = calendar.dayOf(at);
    const done = await db.transaction(async (tx) => {
      const repo = createAccruingRepository(tx);
      const due = await repo.claimDue(today, batch, after);
      if (due.length === 0)
        return {
          count: 0,
          journals: [] as PostedJournal[],
          notes: [] as WrittenNotification[],
          last: null,
        };
      const specs: JournalSpec[] = [];
      // For each order: the index of its interest journal and of its maturity journal, if any.
      const slots = due.map((o) => {
        const currency = currencyOf(o.currency);
        const day = o.startDay + o.accruedDays;
        const amountMinor = earnDailyInterestMinor(o.principalMinor, o.rateE8);
        const user = (purpose: 'available' | 'earn_principal') => ({
          userId: o.userId,
          currency,
          purpose,
        });
        let interest: number | null = null;
        let mature: number | null = null;
        if (amountMinor > 0n) {
          interest = specs.length;
          specs.push({
            kind: 'earn_interest',
            actor: 'system:earn',
            userId: o.userId,
            reference: `earn_order:${o.id}:${calendar.label(day)}`,
            postings: [
              { account: { system: 'house_interest', currency }, amountMinor: -amountMinor },
              { account: user('available'), amountMinor },
            ],
          });
        }
        if (o.accruedDays + 1 === o.cycleDays) {
          mature = specs.length;
          specs.push({
            kind: 'earn_mature',
            actor: 'system:earn',
            userId: o.userId,
            reference: `earn_order:${o.id}`,
            postings: [
              { account: user('earn_principal'), amountMinor: -o.principalMinor },
              { account: user('available'), amountMinor: o.principalMinor },
            ],
          });
        }
        return { order: o, day, amountMinor, interest, mature };
      });
      const journals = await ledger.postMany(tx, specs);
      if (journals.length !== specs.length) throw new Error('accrual lost journals');
      const idAt = (i: number | null) => {
        if (i === null) return null;
        const j = journals[i];
        if (!j) throw new Error(`accrual: no journal ${i}`);
        return j.journalId;
      };
      const days: AccruedDay[] = slots.map((s) => ({
        orderId: s.order.id,
        day: s.day,
        amountMinor: s.amountMinor,
        journalId: idAt(s.interest),
        matureJournalId: idAt(s.mature),
      }));
      const moved = await repo.recordDays(days, at);
      // The orders were claimed FOR UPDATE: every one must move, or none does.
      if (moved !== due.length) throw new Error('accrual lost claimed orders');
      const notes = await notifications.record(
        tx,
        slots
          .filter((s) => s.mature !== null)
          .map((s) => maturedNotification(s.order, s.amountMinor)),
      );
      const end = due[due.length - 1];
      const last = end ? { day: end.nextDueDay, id: end.id } : null;
      return { count: due.length, journals, notes, last };
    });
    if (bus) pushBalances(bus, done.journals);
    await notifications.announce(done.notes);
    return { count: done.count, last: done.last };
  }

  return {
    /** Pays one day to each of up to `batch` due orders in one transaction; returns how many. */
    async accrueDue(batch = 1_000): Promise<number> {
      return (await accrueBatch(batch, null)).count;
    },

    /**
     * Pays everything due, a batch per transaction, until nothing is (or `stopping()`); returns
     * how many (order, day)s it paid. First a forward pass, each claim starting after the last
     * one's key: a claim from the start would walk back over the index entries of every order
     * already moved on today (dead until vacuumed), more of them the further the day has got
     * (at 200,000 orders this made no measurable difference; bench/accrual). Then a sweep from
     * the start for what the pass stepped over: orders another worker held and gave back (a
     * rollback, a killed process), and later days of orders more than a day behind — passes
     * until one finds nothing due. `pauseMs`
     * between batches leaves the database to others (and gives the crash test its moments).
     */
    async drainDue(
      opts: { batch?: number; stopping?: () => boolean; pauseMs?: number } = {},
    ): Promise<number> {
      const { batch = 1_000, stopping = () => false, pauseMs = 0 } = opts;
      let paid = 0;
      for (;;) {
        let after: DueKey | null = null;
        let passPaid = 0;
        for (;;) {
          const { count, last } = await accrueBatch(batch, after);
          passPaid += count;
          if (count < batch || stopping()) break;
          after = last;
          if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
        }
        paid += passPaid;
        // Only a pass that found nothing due proves nothing is: paying a day can leave an order
        // due again (it was days behind), after the pass has gone by.
        if (passPaid === 0 || stopping()) return paid;
      }
    },
  };
}

/**
 * "Earn order matured" for an order paid its last day now: the principal back, and every day's
 * interest (those paid before and `lastDayMinor`).
 */
function maturedNotification(o: OrderRow, lastDayMinor: bigint): NotificationEvent {
  const currency = currencyOf(o.currency);
  return {
    kind: 'earn_matured',
    userId: o.userId,
    subjectId: o.id,
    params: {
      currency,
      principal: formatAmount(o.principalMinor, currency),
      interest: formatAmount(o.interestPaidMinor + lastDayMinor, currency),
    },
  };
}

/** One push per (user, currency) with the last balances the batch left. */
function pushBalances(bus: Bus, journals: readonly PostedJournal[]): void {
  const last = new Map<string, PostedJournal['balances']>();
  for (const j of journals) {
    for (const b of j.balances) {
      const key = `${b.userId}:${b.currency}`;
      last.set(key, [...(last.get(key) ?? []), b]);
    }
  }
  for (const balances of last.values()) {
    const first = balances[0];
    if (first) pushBalance(bus, first.userId, currencyOf(first.currency), balances);
  }
}
