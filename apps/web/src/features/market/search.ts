import type { MarketProduct } from './api/market';

/** The list's tabs: everything, the favourites, or one category of the catalogue. */
export type MarketTab = 'all' | 'favourites' | `category:${string}`;

export const categoryTab = (category: string): MarketTab => `category:${category}`;

/** Case, width and separators do not matter: "btc usdt", "BTC/USDT" and "ｂｔｃ" all match. */
export function normalizeQuery(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[\s/_-]+/g, '');
}

/** Whether `product` matches the search text, by symbol or by its (localized) name. */
export function matchesQuery(product: Pick<MarketProduct, 'symbol' | 'name'>, query: string) {
  const needle = normalizeQuery(query);
  if (needle === '') return true;
  return (
    normalizeQuery(product.symbol).includes(needle) || normalizeQuery(product.name).includes(needle)
  );
}

/** The categories of the catalogue, in the order they first appear (the server's order). */
export function categoriesOf(products: readonly Pick<MarketProduct, 'category'>[]): string[] {
  return [...new Set(products.map((p) => p.category))];
}

export interface ProductFilter {
  query: string;
  tab: MarketTab;
  favourites: readonly string[];
}

/** The products a tab and a search show, in the server's order. */
export function filterProducts<P extends Pick<MarketProduct, 'symbol' | 'name' | 'category'>>(
  products: readonly P[],
  { query, tab, favourites }: ProductFilter,
): P[] {
  return products.filter((product) => {
    if (tab === 'favourites' && !favourites.includes(product.symbol)) return false;
    if (tab.startsWith('category:') && categoryTab(product.category) !== tab) return false;
    return matchesQuery(product, query);
  });
}
