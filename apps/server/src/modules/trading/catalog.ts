import type { LocaleKey } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import type { MarketService, ProductRow } from '../market/market.service.js';
import { DEFAULT_PERIODS } from './periods.seed.js';
import { createTradingRepository, type PeriodRow } from './trading.repository.js';

/** How long a process keeps its copy of products and periods. */
export const CATALOG_TTL_MS = 2_000;

export interface Catalog {
  at: number;
  products: ProductRow[];
  periods: Map<string, PeriodRow[]>;
}

/**
 * Products and periods, read once per `CATALOG_TTL_MS` instead of on every order: they change
 * only from the back office, which invalidates this process's copy at once; other processes
 * see a change within the TTL.
 */
export function createCatalog(db: Db, market: MarketService) {
  let catalog: Catalog | undefined;
  let loading: Promise<Catalog> | undefined;

  async function load(): Promise<Catalog> {
    if (catalog && Date.now() - catalog.at < CATALOG_TTL_MS) return catalog;
    loading ??= (async () => {
      const [products, periods] = await Promise.all([
        market.productsForFeed(),
        createTradingRepository(db).allPeriods(),
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
