import {
  earnRateUnits,
  parseAmount,
  penaltyBps,
  type EarnProduct,
  type LocaleKey,
} from '@ampere/contract';
import type { AdminEarnProduct, EarnProductChange } from '@ampere/contract/admin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { createProductsRepository, type ProductTerms } from './products.repository.js';
import { toAdminProduct, toProduct } from './views.js';

/** The request's terms in stored units (the contract checked their form; a failure is a bug). */
function termsOf(req: EarnProductChange): ProductTerms {
  const minor = (text: string) => {
    const p = parseAmount(text, req.currency);
    if (!p.ok) throw new AppError('VALIDATION_FAILED');
    return p.minor;
  };
  const rate = earnRateUnits(req.dailyRate);
  const bps = penaltyBps(req.penaltyRate);
  if (rate === undefined || bps === undefined) throw new AppError('VALIDATION_FAILED');
  const clean = (texts: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(texts).filter((e): e is [string, string] => !!e[1]?.trim()));
  return {
    names: clean(req.names),
    descriptions: clean(req.descriptions),
    currency: req.currency,
    rateE8: rate,
    cycleDays: req.cycleDays,
    minMinor: minor(req.min),
    maxMinor: minor(req.max),
    userQuotaMinor: req.userQuota === null ? null : minor(req.userQuota),
    totalQuotaMinor: req.totalQuota === null ? null : minor(req.totalQuota),
    penaltyBps: bps,
    saleStartsAtMs: req.saleStartsAt,
    saleEndsAtMs: req.saleEndsAt,
    status: req.status,
    sortOrder: req.sortOrder,
  };
}

/**
 * Earn products: what users see (every product, in sort order, with what the caller may still
 * subscribe) and the back office's edits (earn.products), each one transaction with its audit
 * row. Terms apply to subscriptions from then on; orders keep their own copy.
 */
export function createProducts(deps: { db: Db; audit: AuditService; now: () => number }) {
  const { db, audit, now } = deps;
  const repo = () => createProductsRepository(db);

  async function adminView(id: bigint): Promise<AdminEarnProduct> {
    const [row, hosting] = await Promise.all([repo().byId(id), repo().hosting()]);
    if (!row) throw new AppError('EARN_PRODUCT_UNKNOWN');
    return toAdminProduct(row, hosting.get(id));
  }

  return {
    async products(userId: bigint, locale: LocaleKey): Promise<EarnProduct[]> {
      const [rows, mine] = await Promise.all([repo().all(), repo().subscribedBy(userId)]);
      const t = now();
      return rows.map((p) => toProduct(p, locale, mine.get(p.id) ?? 0n, t));
    },

    async product(userId: bigint, id: bigint, locale: LocaleKey): Promise<EarnProduct> {
      const [row, mine] = await Promise.all([repo().byId(id), repo().subscribedBy(userId, id)]);
      if (!row) throw new AppError('EARN_PRODUCT_NOT_FOUND');
      return toProduct(row, locale, mine.get(id) ?? 0n, now());
    },

    async adminProducts(): Promise<AdminEarnProduct[]> {
      const [rows, hosting] = await Promise.all([repo().all(), repo().hosting()]);
      return rows.map((p) => toAdminProduct(p, hosting.get(p.id)));
    },

    async createProduct(who: AuditActor, req: EarnProductChange): Promise<AdminEarnProduct> {
      const terms = termsOf(req);
      const id = await db.transaction(async (tx) => {
        const row = await createProductsRepository(tx).insert(terms);
        await audit.record(tx, who, {
          action: 'earn.product.created',
          subject: `earn_product:${row.id}`,
          after: toAdminProduct(row, undefined),
        });
        return row.id;
      });
      return adminView(id);
    },

    async changeProduct(
      who: AuditActor,
      id: bigint,
      req: EarnProductChange,
    ): Promise<AdminEarnProduct> {
      const terms = termsOf(req);
      await db.transaction(async (tx) => {
        const r = createProductsRepository(tx);
        const before = await r.forUpdate(id);
        if (!before) throw new AppError('EARN_PRODUCT_UNKNOWN');
        if (before.currency !== terms.currency && (await r.hasOrders(id)))
          throw new AppError('EARN_PRODUCT_CURRENCY_FIXED');
        const after = await r.update(id, terms);
        await audit.record(tx, who, {
          action: 'earn.product.changed',
          subject: `earn_product:${id}`,
          before: toAdminProduct(before, undefined),
          after: toAdminProduct(after, undefined),
        });
      });
      return adminView(id);
    },
  };
}
