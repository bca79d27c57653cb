import { formatAmount, type LocaleKey } from '@ampere/contract';
import {
  amountMinor,
  payoutRateToBps,
  type AdminPeriod,
  type AdminProduct,
  type Exposure,
  type PeriodChange,
  type ProductChange,
} from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { MarketService, ProductRow } from '../market/market.service.js';
import { createCatalogAdminRepository, type PeriodTerms } from './catalog-admin.repository.js';
import { createExposureRepository } from './exposure.repository.js';
import type { PeriodRow } from './trading.repository.js';
import { toPeriod } from './views.js';

const adminPeriod = (p: PeriodRow): AdminPeriod => ({ ...toPeriod(p), enabled: p.enabled });

function adminProduct(p: ProductRow, periods: PeriodRow[], locale: LocaleKey): AdminProduct {
  return {
    symbol: p.symbol,
    name: p.names[locale] ?? p.names['en-US'] ?? p.symbol,
    category: p.category,
    priceScale: p.priceScale,
    tradingState: p.tradingState === 'closed' ? 'closed' : 'open',
    sortOrder: p.sortOrder,
    periods: periods.filter((x) => x.symbol === p.symbol).map(adminPeriod),
  };
}

/** The request's terms in minor units and basis points (the contract checked their form). */
function termsOf(req: PeriodChange): PeriodTerms {
  const minor = (text: string, currency: 'money' | 'usdt') => {
    const value = amountMinor(text, currency);
    if (value === undefined) throw new AppError('VALIDATION_FAILED');
    return value;
  };
  return {
    payoutBps: payoutRateToBps(req.payoutRate),
    minMoneyMinor: minor(req.limits.money.min, 'money'),
    maxMoneyMinor: minor(req.limits.money.max, 'money'),
    minUsdtMinor: minor(req.limits.usdt.min, 'usdt'),
    maxUsdtMinor: minor(req.limits.usdt.max, 'usdt'),
    enabled: req.enabled,
  };
}

/**
 * The back office's products and periods (settings.products): a product's trading state and
 * sort order, a period's payout rate, stake limits and whether it is offered. Each change is one
 * transaction with its audit entry, then this process's catalog is dropped; every other process
 * reads it within CATALOG_TTL_MS. Terms apply to orders placed afterwards: an order carries its
 * own copy (trade_order.payout_bps, period_seconds), which settlement reads — never these rows.
 */
export function createCatalogAdmin(deps: {
  db: Db;
  market: MarketService;
  audit: AuditService;
  /** Drops this process's copy of the catalog (trading.invalidateCatalog). */
  invalidateCatalog: () => void;
}) {
  const { db, market, audit, invalidateCatalog } = deps;

  async function product(symbol: string, locale: LocaleKey): Promise<AdminProduct> {
    const [products, periods] = await Promise.all([
      market.productsForFeed(),
      createCatalogAdminRepository(db).everyPeriod(),
    ]);
    const row = products.find((p) => p.symbol === symbol);
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    return adminProduct(row, periods, locale);
  }

  return {
    /** Every product, in sort order, with every period. */
    async adminProducts(locale: LocaleKey): Promise<AdminProduct[]> {
      const [products, periods] = await Promise.all([
        market.productsForFeed(),
        createCatalogAdminRepository(db).everyPeriod(),
      ]);
      return products.map((p) => adminProduct(p, periods, locale));
    },

    async changeProduct(
      who: AuditActor,
      req: ProductChange,
      locale: LocaleKey,
    ): Promise<AdminProduct> {
      await db.transaction(async (tx) => {
        const edited = await market.editProduct(tx, req);
        if (!edited) throw new AppError('PRODUCT_NOT_FOUND');
        const view = (p: ProductRow) => ({ tradingState: p.tradingState, sortOrder: p.sortOrder });
        await audit.record(tx, who, {
          action: 'product.changed',
          subject: `product:${req.symbol}`,
          before: view(edited.before),
          after: view(edited.after),
        });
      });
      invalidateCatalog();
      return product(req.symbol, locale);
    },

    async changePeriod(
      who: AuditActor,
      req: PeriodChange,
      locale: LocaleKey,
    ): Promise<AdminProduct> {
      const terms = termsOf(req);
      const changed = await db.transaction(async (tx) => {
        const repo = createCatalogAdminRepository(tx);
        const before = await repo.periodForUpdate(req.symbol, req.seconds);
        if (!before) return false;
        const after = await repo.updatePeriod(req.symbol, req.seconds, terms);
        await audit.record(tx, who, {
          action: 'period.changed',
          subject: `period:${req.symbol}:${req.seconds}`,
          before: adminPeriod(before),
          after: adminPeriod(after),
        });
        return true;
      });
      if (changed) invalidateCatalog();
      // An unknown product says so (product() throws); a known one has no such period.
      const view = await product(req.symbol, locale);
      if (!changed) throw new AppError('PERIOD_INVALID');
      return view;
    },

    /** Open orders per product, direction and currency: Σ stakes, and the payout if all won. */
    async openExposure(): Promise<Exposure[]> {
      const rows = await createExposureRepository(db).openExposure();
      return rows.map((r) => {
        const currency = r.currency === 'usdt' ? 'usdt' : 'money';
        return {
          symbol: r.symbol,
          direction: r.direction === 'down' ? 'down' : 'up',
          currency,
          orders: r.orders,
          stake: formatAmount(r.stakeMinor, currency),
          payoutIfWon: formatAmount(r.payoutIfWonMinor, currency),
        };
      });
    },
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
