import {
  formatAmount,
  type Book,
  type CurrencyKey,
  type LocaleKey,
  type Period,
  type Receipt,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { MarketService } from '../market/market.service.js';
import type { LevelsRecorder } from '../levels/levels.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Bus } from '../realtime/bus.js';
import { createBuying } from './buying.js';
import { createCatalog, seedPeriods } from './catalog.js';
import { createLimits } from './limits.js';
import { createOrdersAdminRepository } from './orders-admin.repository.js';
import { createPractice } from './practice/practice.js';
import { createSettlement } from './settlement.js';
import { createTradingRepository } from './trading.repository.js';
import { toOrder, toPeriod } from './views.js';
import { PRACTICE_DEFAULT_START } from '@ampere/contract';

export { CATALOG_TTL_MS } from './catalog.js';
export {
  decide,
  rateText,
  SETTLE_FINAL_AFTER_MS,
  settlementPostings,
  type Outcome,
} from './rules.js';

/**
 * Fixed-time trading, composed from its use cases: the catalog (catalog.ts), buying
 * (buying.ts), settlement (settlement.ts), limits (limits.ts); here, the orders and receipts a
 * user reads.
 */
export function createTradingService(deps: {
  db: Db;
  ledger: LedgerService;
  market: MarketService;
  /** Settlement writes "order settled" to each owner's inbox in its own transaction. */
  notifications: NotificationsService;
  /** Settlement adds each batch's settled stakes to member-level progress, in its transaction. */
  levels: LevelsRecorder;
  bus?: Bus | undefined;
  now?: () => number;
  /** The practice book's starting balance (settings; USDT with 6 decimals). */
  practiceStart?: () => Promise<string>;
  /** Told of every order accepted (not replays) and settled: the metrics' counters. */
  observe?: TradingObserver | undefined;
}) {
  const { db, ledger, market, notifications, levels, bus } = deps;
  const now = deps.now ?? Date.now;
  const repo = () => createTradingRepository(db);
  const catalog = createCatalog(db, market);
  const practiceStart = deps.practiceStart ?? (() => Promise.resolve(PRACTICE_DEFAULT_START));
  const practice = createPractice({ db, ledger, practiceStart, now });
  const { observe } = deps;
  const buying = createBuying({
    db,
    catalog,
    bus,
    now,
    observe,
    ensurePractice: practice.ensurePractice,
  });
  const settlement = createSettlement({
    db,
    ledger,
    notifications,
    levels,
    catalog,
    bus,
    now,
    observe,
  });

  return {
    ...buying,
    ...settlement,
    ...practice,
    ...createLimits(db, now),

    /** Drops this process's copy of products and periods (after a back-office edit). */
    invalidateCatalog: catalog.invalidate,

    seedPeriods: () => seedPeriods(db, market),

    async periods(symbol: string): Promise<Period[] | undefined> {
      const { products, periods } = await catalog.load();
      if (!products.some((p) => p.symbol === symbol)) return undefined;
      return (periods.get(symbol) ?? []).map(toPeriod);
    },

    async openOrders(
      userId: bigint,
      symbol: string | undefined,
      locale: LocaleKey,
      book: Book = 'real',
    ) {
      const [rows, n] = await Promise.all([
        repo().openOrders(userId, symbol, book),
        catalog.names(locale),
      ]);
      const at = now();
      return rows.map((o) => toOrder(o, n.get(o.symbol) ?? o.symbol, at));
    },

    async closedOrders(
      userId: bigint,
      q: {
        symbol?: string | undefined;
        currency?: string | undefined;
        book?: Book;
        cursor?: string | undefined;
        limit: number;
      },
      locale: LocaleKey,
    ) {
      const [rows, n] = await Promise.all([
        repo().closedOrders(
          userId,
          q,
          q.cursor === undefined ? undefined : BigInt(q.cursor),
          q.limit + 1,
        ),
        catalog.names(locale),
      ]);
      const at = now();
      const page = rows.slice(0, q.limit);
      return {
        items: page.map((o) => toOrder(o, n.get(o.symbol) ?? o.symbol, at)),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },

    /** Per user, the stakes of their settled orders per currency (member levels). */
    async settledVolumes(): Promise<Map<bigint, Record<CurrencyKey, bigint>>> {
      const volumes = new Map<bigint, Record<CurrencyKey, bigint>>();
      for (const row of await createOrdersAdminRepository(db).settledVolumes()) {
        const v = volumes.get(row.userId) ?? { money: 0n, usdt: 0n };
        if (row.currency === 'money' || row.currency === 'usdt')
          v[row.currency] = BigInt(row.volumeMinor);
        volumes.set(row.userId, v);
      }
      return volumes;
    },

    /** Every order of a user, open and settled, newest first (the back office). */
    async ordersOf(
      userId: bigint,
      q: {
        status?: string | undefined;
        symbol?: string | undefined;
        currency?: string | undefined;
        book?: Book;
        cursor?: string | undefined;
        limit: number;
      },
      locale: LocaleKey,
    ) {
      const [rows, n] = await Promise.all([
        createOrdersAdminRepository(db).ordersOf(
          userId,
          q,
          q.cursor === undefined ? undefined : BigInt(q.cursor),
          q.limit + 1,
        ),
        catalog.names(locale),
      ]);
      const at = now();
      const page = rows.slice(0, q.limit);
      return {
        items: page.map((o) => toOrder(o, n.get(o.symbol) ?? o.symbol, at)),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },

    /** A user's practice book and its orders in numbers, for the back office (opens nothing). */
    async practiceOf(userId: bigint) {
      const [account, stats] = await Promise.all([
        practice.practiceAccountIfOpen(userId),
        createOrdersAdminRepository(db).practiceStats(userId),
      ]);
      const { stakedMinor, netMinor, ...counts } = stats;
      return {
        account: account ?? null,
        orders: {
          ...counts,
          staked: formatAmount(stakedMinor, 'usdt'),
          net: formatAmount(netMinor, 'usdt'),
        },
      };
    },

    /** The order with its strike and exit ticks, the covering chain head and a verification. */
    async receipt(userId: bigint, id: bigint, locale: LocaleKey): Promise<Receipt> {
      const o = await repo().order(userId, id);
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      const n = await catalog.names(locale);
      const proof = await market.proof(o.symbol, o.strikeTickId, o.exitTickId ?? undefined);
      if (!proof) throw new AppError('ORDER_NOT_FOUND');
      return {
        order: toOrder(o, n.get(o.symbol) ?? o.symbol, now()),
        ...proof,
      };
    },
  };
}

export type TradingService = ReturnType<typeof createTradingService>;

/** Who is told of orders accepted and settled (the metrics' counters). */
export interface TradingObserver {
  placed(order: { book: string; currency: string }): void;
  settled(order: { book: string; status: string }): void;
}
