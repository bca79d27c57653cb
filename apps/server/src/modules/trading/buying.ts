import {
  formatAmount,
  parseAmount,
  type Book,
  type BuyRequest,
  type LocaleKey,
  type Order,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { LiveSession, SessionProbe } from '../auth/auth.service.js';
import { IDEMPOTENCY_KEY, requestHash } from '../ledger/idempotency.js';
import { PRACTICE_CURRENCY, type PostedJournal } from '../ledger/ledger.service.js';
import { STALE_AFTER_MS, type ProductRow } from '../market/market.service.js';
import type { Bus } from '../realtime/bus.js';
import type { CatalogCache } from './catalog.js';
import { pushOrder } from './pushes.js';
import type { TradingObserver } from './trading.service.js';
import { createTradingRepository, type Opened, type OpenRequest } from './trading.repository.js';
import { toOrder } from './views.js';

/** A buy as the service takes it: the request, its book `real` unless named. */
export type BuyInput = Omit<BuyRequest, 'book'> & { book?: Book | undefined };

/** Placing an order: checked here against the catalog, decided by one statement (trade_open). */
export function createBuying(deps: {
  db: Db;
  catalog: CatalogCache;
  bus: Bus | undefined;
  now: () => number;
  /** Opens the user's practice book if need be (practice/practice.ts). */
  ensurePractice: (userId: bigint) => Promise<void>;
  observe?: Pick<TradingObserver, 'placed'> | undefined;
}) {
  const { db, catalog, bus, now, observe } = deps;

  /**
   * Checks a buy against the in-process catalog (product open, period offered, amount within
   * the period's range) and the Idempotency-Key's form; returns the order to open, for the
   * database to decide the rest (trade_open). `atMs` defaults to now.
   */
  async function validate(
    req: BuyInput,
    idempotencyKey: string,
    atMs: number = now(),
  ): Promise<{ product: ProductRow; open: Omit<OpenRequest, 'userId'> }> {
    // The practice book holds practice USDT only; its orders carry the book's own currency.
    if (req.book === 'practice' && req.currency !== 'usdt')
      throw new AppError('PRACTICE_USDT_ONLY');
    const { products, periods } = await catalog.load();
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
    const { symbol, direction } = req;
    const currency = req.book === 'practice' ? PRACTICE_CURRENCY : req.currency;
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
    // A replay (no new balances) was counted when it was first accepted.
    if (balances) observe?.placed(order);
    pushOrder(bus, order, userId, balances);
    return order;
  }

  return {
    /**
     * Accepts an order: validates it, takes the latest published tick as the strike, and moves
     * the stake `available → in_order` in the transaction that inserts the order. At most once
     * per `Idempotency-Key`.
     */
    buy: async (
      userId: bigint,
      req: BuyInput,
      idempotencyKey: string,
      locale: LocaleKey,
    ): Promise<Order> => {
      const { product, open } = await validate(req, idempotencyKey);
      if (req.book === 'practice') await deps.ensurePractice(userId);
      return accepted(await createTradingRepository(db).open({ ...open, userId }), product, locale);
    },

    /**
     * `buy` for the user of the session `probe` names, checked in the order's own statement
     * (one round trip; AuthService.inSessionStatement). Undefined, with nothing placed, when
     * the token names no live session of an enabled account.
     */
    buyInSession: async (
      probe: SessionProbe,
      req: BuyInput,
      idempotencyKey: string,
      locale: LocaleKey,
    ): Promise<{ session: LiveSession; value: Order } | undefined> => {
      const { product, open } = await validate(req, idempotencyKey, probe.at.getTime());
      const placed = await createTradingRepository(db).openInSession(probe.tokenHash, open);
      if (!placed) return undefined;
      return { session: placed.session, value: accepted(placed.opened, product, locale) };
    },
  };
}
