import { describe, expect, it } from 'vitest';
import { categoriesOf, categoryTab, filterProducts, matchesQuery } from './search';

const PRODUCTS = [
  { symbol: 'BTC/USDT', name: 'Bitcoin', category: 'crypto' },
  { symbol: 'ETH/USDT', name: '以太坊', category: 'crypto' },
  { symbol: 'XAU/USD', name: 'Gold', category: 'metal' },
  { symbol: 'EUR/USD', name: 'Euro / US Dollar', category: 'fx' },
];

const symbols = (list: readonly { symbol: string }[]) => list.map((p) => p.symbol);

describe('product search', () => {
  it('matches the symbol, with or without its slash, in any case', () => {
    for (const query of ['btc', 'BTC/USDT', 'btcusdt', ' btc usdt ', 'ｂｔｃ']) {
      expect(matchesQuery(PRODUCTS[0]!, query), query).toBe(true);
    }
    expect(matchesQuery(PRODUCTS[0]!, 'eth')).toBe(false);
  });

  it('matches the localized name', () => {
    expect(
      symbols(filterProducts(PRODUCTS, { query: '以太', tab: 'all', favourites: [] })),
    ).toEqual(['ETH/USDT']);
    expect(
      symbols(filterProducts(PRODUCTS, { query: 'gold', tab: 'all', favourites: [] })),
    ).toEqual(['XAU/USD']);
    expect(
      symbols(filterProducts(PRODUCTS, { query: 'euro us', tab: 'all', favourites: [] })),
    ).toEqual(['EUR/USD']);
  });

  it('an empty search shows everything, in the server’s order', () => {
    expect(symbols(filterProducts(PRODUCTS, { query: '  ', tab: 'all', favourites: [] }))).toEqual(
      symbols(PRODUCTS),
    );
  });

  it('narrows to favourites and to a category, and combines with the search', () => {
    const favourites = ['XAU/USD', 'BTC/USDT'];
    expect(symbols(filterProducts(PRODUCTS, { query: '', tab: 'favourites', favourites }))).toEqual(
      ['BTC/USDT', 'XAU/USD'],
    );
    expect(
      symbols(filterProducts(PRODUCTS, { query: '', tab: categoryTab('crypto'), favourites })),
    ).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(
      symbols(filterProducts(PRODUCTS, { query: 'gold', tab: 'favourites', favourites })),
    ).toEqual(['XAU/USD']);
    expect(filterProducts(PRODUCTS, { query: 'eth', tab: 'favourites', favourites })).toEqual([]);
  });

  it('lists the categories in the order they first appear', () => {
    expect(categoriesOf(PRODUCTS)).toEqual(['crypto', 'metal', 'fx']);
  });
});
