import {
  formatAmount,
  formatScaled,
  parseAmount,
  roundHalfEven,
  type BuyRequest,
  type CurrencyKey,
  type Direction,
  type LocaleKey,
  type Order,
  type OrderStatus,
  type Period,
  type Receipt,
  type TradeLimits,
  type TradeLimitsRequest,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { LiveSession } from '../auth/auth.repository.js';
import type { SessionProbe } from '../auth/auth.service.js';
import { IDEMPOTENCY_KEY, requestHash } from '../ledger/idempotency.js';
import type { LedgerService, PostedJournal, PostingSpec } from '../ledger/ledger.service.js';
import { STALE_AFTER_MS, type MarketService } from '../market/market.service.js';
import type { ProductRow } from '../market/market.repository.js';
import type { Bus } from '../realtime/bus.js';
import { DEFAULT_PERIODS } from './periods.seed.js';
import {
  createTradingRepository,
  type DueOrder,
  type Opened,
  type OpenRequest,
  type OrderRow,
  type PeriodRow,
} from './trading.repository.js';

/** How long a process keeps its copy of products and periods. */
export const CATALOG_TTL_MS = 2_000;

/** An expired order whose feed has not ticked past expiry is settled this long after expiry. */
export const SETTLE_FINAL_AFTER_MS = STALE_AFTER_MS;

const BPS = 10_000n;
const DAY_MS = 86_400_000;

/** Start of the day containing `atMs` for a user `tzOffsetMinutes` east of UTC. */
export function dayStart(atMs: number, tzOffsetMinutes: number): number {
  const shift = tzOffsetMinutes * 60_000;
  return Math.floor((atMs + shift) / DAY_MS) * DAY_MS - shift;
}

export interface Outcome {
  status: Exclude<OrderStatus, 'open'>;
  /** What returns to the user's available balance. */
  payoutMinor: bigint;
}

/**
 * The rule (BRIEF §4), and the only thing that decides an outcome: strike, exit, direction,
 * stake and the rate fixed at acceptance. Profit is stake × rate rounded half-even to the
 * currency's minor unit.
 */
export function decide(
  direction: Direction,
  strikeMinor: bigint,
  exitMinor: bigint | undefined,
  stakeMinor: bigint,
  payoutBps: number,
): Outcome {
  if (exitMinor === undefined) return { status: 'void', payoutMinor: stakeMinor };
  if (exitMinor === strikeMinor) return { status: 'tie', payoutMinor: stakeMinor };
  const up = exitMinor > strikeMinor;
  if (up === (direction === 'up')) {
    return {
      status: 'won',
      payoutMinor: stakeMinor + roundHalfEven(stakeMinor * BigInt(payoutBps), BPS),
    };
  }
  return { status: 'lost', payoutMinor: 0n };
}

/** "0.85" for 8500 bps. */
export function rateText(bps: number): string {
  return formatScaled(BigInt(bps), 4).replace(/0+$/, '').replace(/\.$/, '');
}

export function settlementPostings(
  order: Pick<OrderRow, 'userId' | 'currency' | 'stakeMinor'>,
  outcome: Outcome,
): PostingSpec[] {
  const currency = order.currency as CurrencyKey;
  const user = (purpose: 'available' | 'in_order') => ({
    userId: order.userId,
    currency,
    purpose,
  });
  const house = { system: 'house_trading' as const, currency };
  const stake = order.stakeMinor;
  const postings: PostingSpec[] = [{ account: user('in_order'), amountMinor: -stake }];
  if (outcome.status === 'lost') {
    postings.push({ account: house, amountMinor: stake });
  } else {
    postings.push({ account: user('available'), amountMinor: outcome.payoutMinor });
    const profit = outcome.payoutMinor - stake;
    if (profit > 0n) postings.push({ account: house, amountMinor: -profit });
  }
  return postings;
}

const KIND_OF = {
  won: 'trade_win',
  lost: 'trade_loss',
  tie: 'trade_refund',
  void: 'trade_refund',
} as const;

export function createTradingService(deps: {
  db: Db;
  ledger: LedgerService;
  market: MarketService;
  bus?: Bus | undefined;
  now?: () => number;
}) {
  const { db, ledger, market } = deps;
  const now = deps.now ?? Date.now;
  const repo = () => createTradingRepository(db);

  /**
   * Products and periods, read once per `CATALOG_TTL_MS` instead of on every order: they change
   * only from the back office, which invalidates this process's copy at once; other processes
   * see a change within the TTL.
   */
  let catalog:
    { at: number; products: ProductRow[]; periods: Map<string, PeriodRow[]> } | undefined;
  let loading: Promise<NonNullable<typeof catalog>> | undefined;
  async function loadCatalog() {
    if (catalog && Date.now() - catalog.at < CATALOG_TTL_MS) return catalog;
    loading ??= (async () => {
      const [products, periods] = await Promise.all([
        market.productsForFeed(),
        repo().allPeriods(),
      ]);
      const bySymbol = new Map<string, PeriodRow[]>();
      for (const p of periods) bySymbol.set(p.symbol, [...(bySymbol.get(p.symbol) ?? []), p]);
      catalog = { at: Date.now(), products, periods: bySymbol };
      return catalog;
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  async function names(locale: LocaleKey): Promise<Map<string, string>> {
    const { products } = await loadCatalog();
    return new Map(
      products.map((p) => [p.symbol, p.names[locale] ?? p.names['en-US'] ?? p.symbol]),
    );
  }

  function toOrder(o: OrderRow, name: string, at: number): Order {
    const currency = o.currency as CurrencyKey;
    const price = (v: bigint) => formatScaled(v, o.priceScale);
    const settled = o.status !== 'open';
    return {
      id: o.id.toString(),
      symbol: o.symbol,
      name,
      direction: o.direction as Direction,
      currency,
      amount: formatAmount(o.stakeMinor, currency),
      period: o.periodSeconds,
      payoutRate: rateText(o.payoutBps),
      status: o.status as OrderStatus,
      strikePrice: price(o.strikePriceMinor),
      strikeTime: o.strikeTimeMs,
      openedAt: o.openedAtMs,
      expiresAt: o.expiresAtMs,
      secondsRemaining: settled ? 0 : Math.max(0, Math.ceil((o.expiresAtMs - at) / 1000)),
      exitPrice: o.exitPriceMinor === null ? null : price(o.exitPriceMinor),
      exitTime: o.exitTimeMs,
      payout: o.payoutMinor === null ? null : formatAmount(o.payoutMinor, currency),
      profit: o.payoutMinor === null ? null : formatAmount(o.payoutMinor - o.stakeMinor, currency),
      settledAt: o.settledAtMs,
    };
  }

  function toPeriod(p: PeriodRow): Period {
    return {
      seconds: p.seconds,
      payoutRate: rateText(p.payoutBps),
      limits: {
        money: {
          min: formatAmount(p.minMoneyMinor, 'money'),
          max: formatAmount(p.maxMoneyMinor, 'money'),
        },
        usdt: {
          min: formatAmount(p.minUsdtMinor, 'usdt'),
          max: formatAmount(p.maxUsdtMinor, 'usdt'),
        },
      },
    };
  }

  /** Publishes the order's new state and the user's balances, after the commit. */
  /**
   * Pushes the order's new state and the balance it left on the user's private channels, after
   * the commit. `balances` are the journal's new balances when known (not on a replay).
   */
  function publish(order: Order, userId: bigint, balances?: PostedJournal['balances']) {
    deps.bus?.publish(`user.${userId}.orders`, order);
    const currency = order.currency;
    const of = (purpose: string) =>
      balances?.findLast((b) => b.currency === currency && b.purpose === purpose)?.balanceMinor;
    const available = of('available');
    const inOrder = of('in_order');
    deps.bus?.publish(`user.${userId}.balance`, {
      currency,
      ...(available === undefined ? {} : { available: formatAmount(available, currency) }),
      ...(inOrder === undefined ? {} : { inOrder: formatAmount(inOrder, currency) }),
    });
  }

  /**
   * Checks a buy against the in-process catalog (product open, period offered, amount within
   * the period's range) and the Idempotency-Key's form; returns the order to open, for the
   * database to decide the rest (trade_open). `atMs` defaults to now.
   */
  async function validateBuy(
    req: BuyRequest,
    idempotencyKey: string,
    atMs: number = now(),
  ): Promise<{ product: ProductRow; open: Omit<OpenRequest, 'userId'> }> {
    const { products, periods } = await loadCatalog();
    const product = products.find((p) => p.symbol === req.symbol);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    if (product.tradingState !== 'open') throw new AppError('PRODUCT_CLOSED');
    const period = periods.get(req.symbol)?.find((p) => p.seconds === req.period);
    if (!period) throw new AppError('PERIOD_INVALID');
    const parsed = parseAmount(req.amount, req.currency);
    if (!parsed.ok) throw new AppError('AMOUNT_INVALID');
    const [min, max] =
      req.currency === 'money'
        ? [period.minMoneyMinor, period.maxMoneyMinor]
        : [period.minUsdtMinor, period.maxUsdtMinor];
    if (parsed.minor < min || parsed.minor > max) {
      const f = (v: bigint) => formatAmount(v, req.currency);
      throw new AppError(
        'AMOUNT_OUT_OF_RANGE',
        { min: f(min), max: f(max) },
        {
          min: f(min),
          max: f(max),
        },
      );
    }
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
    const stake = parsed.minor;
    const { symbol, direction, currency } = req;
    const body = { symbol, direction, currency, amount: stake, period: req.period };
    return {
      product,
      open: {
        key: idempotencyKey,
        requestHash: requestHash('user/buy', body),
        symbol,
        direction,
        currency,
        stakeMinor: stake,
        periodSeconds: period.seconds,
        payoutBps: period.payoutBps,
        priceScale: product.priceScale,
        atMs,
        staleAfterMs: STALE_AFTER_MS,
      },
    };
  }

  /** The answer to an accepted (or replayed) buy; pushes it and the balances it left. */
  function accepted(opened: Opened, product: ProductRow, locale: LocaleKey): Order {
    const row = opened.order;
    const { userId, currency } = row;
    // A replay answers as the first acceptance did: seconds remaining as of that moment.
    const order = toOrder(
      row,
      product.names[locale] ?? product.names['en-US'] ?? row.symbol,
      row.openedAtMs,
    );
    const balances: PostedJournal['balances'] | undefined =
      opened.availableAfter === undefined || opened.inOrderAfter === undefined
        ? undefined
        : [
            { userId, currency, purpose: 'available', balanceMinor: opened.availableAfter },
            { userId, currency, purpose: 'in_order', balanceMinor: opened.inOrderAfter },
          ];
    publish(order, userId, balances);
    return order;
  }

  /**
   * Settles a claimed batch in a fixed number of statements: outcomes decided here, one bulk
   * ledger posting, one bulk order update. Returns the settled rows.
   */
  async function settleBatch(
    tx: Db,
    due: readonly DueOrder[],
    at: number,
  ): Promise<{ rows: OrderRow[]; balances: Map<bigint, PostedJournal['balances']> }> {
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
    const rows = await createTradingRepository(tx).settleMany(
      decided.map(({ order, inside, outcome }, i) => ({
        id: order.id,
        status: outcome.status,
        exitTickId: inside?.id ?? null,
        exitPriceMinor: inside?.priceMinor ?? null,
        exitTimeMs: inside?.timeMs ?? null,
        payoutMinor: outcome.payoutMinor,
        settledAtMs: at,
        settleJournalId: journals[i]?.journalId ?? 0n,
      })),
    );
    // The rows were claimed FOR UPDATE: all of them must have settled, or roll back.
    if (rows.length !== due.length) throw new Error('settlement lost claimed orders');
    // Each order's journal, to push the balance it left (later journals of a user come later).
    const balances = new Map(
      decided.map(({ order }, i) => [order.id, journals[i]?.balances ?? []]),
    );
    return { rows, balances };
  }

  async function limitsView(userId: bigint): Promise<TradeLimits> {
    const r = repo();
    const limits = await r.limits(userId);
    const tz = limits?.tzOffsetMinutes ?? 0;
    const day = await r.dayStats(userId, dayStart(now(), tz));
    const of = (m: Map<string, bigint>, c: CurrencyKey) => formatAmount(m.get(c) ?? 0n, c);
    const loss = (v: bigint | null | undefined, c: CurrencyKey) =>
      v === null || v === undefined ? null : formatAmount(v, c);
    return {
      dailyLossMoney: loss(limits?.dailyLossMoneyMinor, 'money'),
      dailyLossUsdt: loss(limits?.dailyLossUsdtMinor, 'usdt'),
      dailyTrades: limits?.dailyTrades ?? null,
      reminderMinutes: limits?.reminderMinutes ?? null,
      tz,
      today: {
        orders: day.orders,
        net: { money: of(day.net, 'money'), usdt: of(day.net, 'usdt') },
        open: { money: of(day.open, 'money'), usdt: of(day.open, 'usdt') },
      },
    };
  }

  return {
    /** Drops this process's copy of products and periods (after a back-office edit). */
    invalidateCatalog() {
      catalog = undefined;
    },

    limits: limitsView,

    /** Saves the caller's limits; an empty field removes that limit. */
    async setLimits(userId: bigint, req: TradeLimitsRequest): Promise<TradeLimits> {
      const amountOrNull = (text: string | undefined, currency: CurrencyKey) => {
        if (text === undefined || text === '') return null;
        const parsed = parseAmount(text, currency);
        if (!parsed.ok) throw new AppError('AMOUNT_INVALID');
        return parsed.minor;
      };
      const intOrNull = (text: string | undefined) =>
        text === undefined || text === '' ? null : Number(text);
      await repo().saveLimits({
        userId,
        dailyLossMoneyMinor: amountOrNull(req.dailyLossMoney, 'money'),
        dailyLossUsdtMinor: amountOrNull(req.dailyLossUsdt, 'usdt'),
        dailyTrades: intOrNull(req.dailyTrades),
        reminderMinutes: intOrNull(req.reminderMinutes),
        tzOffsetMinutes: req.tz,
        updatedAtMs: now(),
      });
      return limitsView(userId);
    },

    seedPeriods: async () => {
      const symbols = (await market.productsForFeed()).map((p) => p.symbol);
      await repo().insertMissingPeriods(symbols.flatMap((s) => DEFAULT_PERIODS(s)));
    },

    async periods(symbol: string): Promise<Period[] | undefined> {
      const { products, periods } = await loadCatalog();
      if (!products.some((p) => p.symbol === symbol)) return undefined;
      return (periods.get(symbol) ?? []).map(toPeriod);
    },

    /**
     * Accepts an order: validates it, takes the latest published tick as the strike, and moves
     * the stake `available → in_order` in the transaction that inserts the order. At most once
     * per `Idempotency-Key`.
     */
    async buy(
      userId: bigint,
      req: BuyRequest,
      idempotencyKey: string,
      locale: LocaleKey,
    ): Promise<Order> {
      const { product, open } = await validateBuy(req, idempotencyKey);
      return accepted(await repo().open({ ...open, userId }), product, locale);
    },

    /**
     * `buy` for the user of the session `probe` names, checked in the order's own statement
     * (one round trip; AuthService.inSessionStatement). Undefined, with nothing placed, when
     * the token names no live session of an enabled account.
     */
    async buyInSession(
      probe: SessionProbe,
      req: BuyRequest,
      idempotencyKey: string,
      locale: LocaleKey,
    ): Promise<{ session: LiveSession; value: Order } | undefined> {
      const { product, open } = await validateBuy(req, idempotencyKey, probe.at.getTime());
      const placed = await repo().openInSession(probe.tokenHash, open);
      if (!placed) return undefined;
      return { session: placed.session, value: accepted(placed.opened, product, locale) };
    },

    /**
     * Settles up to `batch` due orders in one transaction; returns how many. Safe to run in
     * every process at once: rows are claimed with SKIP LOCKED and an order changes only while
     * open, in the transaction that posts its journal — a crash rolls back both.
     */
    async settleDue(batch = 200): Promise<number> {
      const at = now();
      const settled = await db.transaction(async (tx) => {
        const due = await createTradingRepository(tx).claimDue(at, SETTLE_FINAL_AFTER_MS, batch);
        return settleBatch(tx, due, at);
      });
      if (settled.rows.length > 0 && deps.bus) {
        const n = await names('en-US');
        for (const row of [...settled.rows].sort((a, b) => (a.id < b.id ? -1 : 1))) {
          const order = toOrder(row, n.get(row.symbol) ?? row.symbol, at);
          publish(order, row.userId, settled.balances.get(row.id));
        }
      }
      return settled.rows.length;
    },

    async openOrders(userId: bigint, symbol: string | undefined, locale: LocaleKey) {
      const [rows, n] = await Promise.all([repo().openOrders(userId, symbol), names(locale)]);
      const at = now();
      return rows.map((o) => toOrder(o, n.get(o.symbol) ?? o.symbol, at));
    },

    async closedOrders(
      userId: bigint,
      q: {
        symbol?: string | undefined;
        currency?: string | undefined;
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
        names(locale),
      ]);
      const at = now();
      const page = rows.slice(0, q.limit);
      return {
        items: page.map((o) => toOrder(o, n.get(o.symbol) ?? o.symbol, at)),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },

    /** The order with its strike and exit ticks, the covering chain head and a verification. */
    async receipt(userId: bigint, id: bigint, locale: LocaleKey): Promise<Receipt> {
      const o = await repo().order(userId, id);
      if (!o) throw new AppError('ORDER_NOT_FOUND');
      const n = await names(locale);
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
