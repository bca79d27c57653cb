import { CURRENCIES, formatAmount, type CurrencyKey, type JournalKind } from '@ampere/contract';
import type {
  CurrencyTotal,
  Dashboard,
  Exposure,
  FeedState,
  PendingQueue,
  ReconciliationSummary,
} from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { ReconciliationReport } from '../ledger/reconcile.js';

/** A module's queue of work waiting for staff (e.g. adjustments to approve). */
export type QueueSource = () => Promise<PendingQueue>;

/**
 * Journal kinds that are deposits (bank recharges confirmed, chain deposits credited) and
 * withdrawals (paid out: a withdrawal still held has not left).
 */
const DEPOSIT_KINDS: readonly JournalKind[] = ['recharge', 'chain_deposit'];
const WITHDRAWAL_KINDS: readonly JournalKind[] = ['withdraw_payout'];
/** Every accepted order holds its stake with one `trade_open` journal. */
const TRADING_KINDS: readonly JournalKind[] = ['trade_open'];

const DAY_MS = 86_400_000;

type Activity = Awaited<ReturnType<LedgerService['activity']>>;

const isCurrency = (c: string): c is CurrencyKey => CURRENCIES.some((x) => x.key === c);

/** Per currency (every one, zero when none): the journals of `kinds`, counted and summed. */
function totalsOf(activity: Activity, kinds: readonly string[]): CurrencyTotal[] {
  return CURRENCIES.map(({ key }) => {
    const rows = activity.filter((r) => r.currency === key && kinds.includes(r.kind));
    return {
      currency: key,
      count: rows.reduce((n, r) => n + r.journals, 0),
      amount: formatAmount(
        rows.reduce((n, r) => n + r.amountMinor, 0n),
        key,
      ),
    };
  });
}

function summary(report: ReconciliationReport): ReconciliationSummary {
  return {
    checkedAt: report.checkedAt,
    ok: report.ok,
    totals: report.totals.map((t) => ({
      currency: t.currency,
      total: isCurrency(t.currency) ? formatAmount(BigInt(t.totalMinor), t.currency) : t.totalMinor,
    })),
    unbalancedJournals: report.unbalancedJournals.length,
    balanceMismatches: report.balanceMismatches.length,
    negativeBalances: report.negativeBalances.length,
  };
}

export interface DashboardDeps {
  db: Db;
  now: () => Date;
  ledger: Pick<LedgerService, 'activity' | 'lastReconciliation'>;
  trading: { openExposure(): Promise<Exposure[]> };
  market: { feedState(): Promise<Omit<FeedState, 'configured'>> };
  /** This node's feed configuration (MARKET_FEED, MARKET_FEED_PUBLISH). */
  configured: FeedState['configured'];
  queues: readonly QueueSource[];
}

/**
 * The back office's landing page: work waiting for staff, today's money by journal kind, what
 * open orders stand to pay, the last reconciliation and the feed. Read-only, from the modules'
 * own services; nothing is estimated or made up.
 */
export function createDashboardService(deps: DashboardDeps) {
  const { db, now, ledger, trading, market } = deps;

  return {
    /** Only the work queues, one cheap count each (the metrics read them on every scrape). */
    pendingQueues: (): Promise<PendingQueue[]> => Promise.all(deps.queues.map((queue) => queue())),

    async dashboard(): Promise<Dashboard> {
      const at = now();
      const from = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
      const [queues, activity, exposure, reconciliation, feed] = await Promise.all([
        Promise.all(deps.queues.map((queue) => queue())),
        ledger.activity(db, from, at),
        trading.openExposure(),
        ledger.lastReconciliation(db),
        market.feedState(),
      ]);
      return {
        generatedAt: at.toISOString(),
        queues,
        today: {
          from: from.toISOString(),
          to: at.toISOString(),
          deposits: totalsOf(activity, DEPOSIT_KINDS),
          withdrawals: totalsOf(activity, WITHDRAWAL_KINDS),
          trading: totalsOf(activity, TRADING_KINDS),
          journals: activity.flatMap((r) =>
            isCurrency(r.currency)
              ? [
                  {
                    kind: r.kind,
                    currency: r.currency,
                    count: r.journals,
                    amount: formatAmount(r.amountMinor, r.currency),
                  },
                ]
              : [],
          ),
        },
        exposure,
        reconciliation: reconciliation ? summary(reconciliation) : null,
        feed: { configured: deps.configured, ...feed },
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
