import type { LocaleKey } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import type { MarketService, ProductRow } from '../market/market.service.js';
import { DEFAULT_PERIODS } from './periods.seed.js';
import { createTradingRepository, type PeriodRow } from './trading.repository.js';

/**
 * How long a process keeps its copy of products and periods: a back-office change reaches every
 * process within this time (docs/trading-rules.md).
 */
export const CATALOG_TTL_MS = 2_000;

export interface Catalog {
  at: number;
  products: ProductRow[];
  periods: Map<string, PeriodRow[]>;
}

/**
 * Products and periods, read once per `CATALOG_TTL_MS` instead of on every order. They change
 * only from the back office, which drops this process's copy at once; every other process reads
 * the change within the TTL. A copy is stamped with the time its reading began, so a read that
 * raced a change is never kept longer than the TTL after that change. No message on the bus is
 * needed for that bound (and a lost one could not break it).
 */
export function createCatalog(db: Db, market: MarketService, cacheNow: () => number = Date.now) {
  let catalog: Catalog | undefined;
  let loading: Promise<Catalog> | undefined;
  /** Bumped by `invalidate`: a read begun before it is not kept. */
  let generation = 0;

  async function load(): Promise<Catalog> {
    if (catalog && cacheNow() - catalog.at < CATALOG_TTL_MS) return catalog;
    if (loading) return loading;
    const read: Promise<Catalog> = (async () => {
      const at = cacheNow();
      const seen = generation;
      const [products, periods] = await Promise.all([
        market.productsForFeed(),
        createTradingRepository(db).allPeriods(),
      ]);
      const bySymbol = new Map<string, PeriodRow[]>();
      for (const p of periods) bySymbol.set(p.symbol, [...(bySymbol.get(p.symbol) ?? []), p]);
      const copy = { at, products, periods: bySymbol };
      if (seen === generation) catalog = copy;
      return copy;
    })().finally(() => {
      if (loading === read) loading = undefined;
    });
    loading = read;
    return read;
  }

  return {
    load,

    /** Each product's name in `locale` (English, then the symbol, where it has none). */
    async names(locale: LocaleKey): Promise<Map<string, string>> {
      const { products } = await load();
      return new Map(
        products.map((p) => [p.symbol, p.names[locale] ?? p.names['en-US'] ?? p.symbol]),
      );
    },

    /** Drops this process's copy of products and periods (after a back-office edit). */
    invalidate: (): void => {
      catalog = undefined;
      loading = undefined;
      generation++;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalog>;

/** The shipped periods of every product, without overwriting edits. */
export async function seedPeriods(db: Db, market: MarketService): Promise<void> {
  const symbols = (await market.productsForFeed()).map((p) => p.symbol);
  await createTradingRepository(db).insertMissingPeriods(
    symbols.flatMap((s) => DEFAULT_PERIODS(s)),
  );
}
