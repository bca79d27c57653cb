import { describe, expect, it } from 'vitest';
import type { MarketProduct } from './api/market';
import {
  EXTREMES_BUCKET_MS,
  changeDirection,
  changePct,
  compareDecimals,
  extremesOf,
  formatChangePct,
  livePrice,
  liveQuote,
  recordExtremes,
} from './quote';
import type { LiveTicker } from './quote';

function product(overrides: Partial<MarketProduct> = {}): MarketProduct {
  return {
    symbol: 'BTC/USDT',
    name: 'Bitcoin',
    category: 'crypto',
    priceScale: 2,
    state: 'open',
    lastPrice: '97000.00',
    lastTime: 1_000,
    changePct: '1.04',
    open24h: '96000.00',
    high: '97500.00',
    low: '95500.00',
    ticks24h: 10,
    volume24h: '12.50000000',
    ...overrides,
  };
}

const tick = (
  price: string,
  time: number,
  symbol = 'BTC/USDT',
  range = { high: price, low: price },
): LiveTicker => ({ symbol, price, time, hash: 'ab'.repeat(32), ...range });

describe('changePct', () => {
  it('is (price − open) / open in percent, two decimals', () => {
    // (97000.00 − 96000.00) / 96000.00 = 1.041666…% → 1.04
    expect(changePct('97000.00', '96000.00')).toBe('1.04');
    // (95000.00 − 96000.00) / 96000.00 = −1.041666…% → −1.04
    expect(changePct('95000.00', '96000.00')).toBe('-1.04');
    expect(changePct('96000.00', '96000.00')).toBe('0.00');
  });

  it('truncates toward zero, as the server does', () => {
    // (1.00999 − 1) / 1 = 0.999% → 0.99, and −0.999% → −0.99
    expect(changePct('1.00999', '1.00000')).toBe('0.99');
    expect(changePct('0.99001', '1.00000')).toBe('-0.99');
  });

  it('works across scales without floats', () => {
    // (0.3 − 0.1) / 0.1 = 200%; in binary floats 0.3 − 0.1 is already not 0.2.
    expect(changePct('0.3', '0.10000')).toBe('200.00');
    expect(changePct('100000000000.01', '100000000000.00')).toBe('0.00');
  });

  it('has no answer without a positive open or for text that is not a decimal', () => {
    expect(changePct('1.00', '0.00')).toBeUndefined();
    expect(changePct('1.00', '-1.00')).toBeUndefined();
    expect(changePct('1e3', '1.00')).toBeUndefined();
    expect(changePct('1.00', '')).toBeUndefined();
  });
});

describe('formatChangePct and changeDirection', () => {
  it('signs the change and leaves zero unsigned', () => {
    expect(formatChangePct('1.04')).toBe('+1.04%');
    expect(formatChangePct('-1.04')).toBe('-1.04%');
    expect(formatChangePct('0.00')).toBe('0.00%');
    expect(formatChangePct('-0.00')).toBe('0.00%');
    expect(formatChangePct(null)).toBe('—');
  });

  it('points up, down or flat', () => {
    expect(changeDirection('0.01')).toBe('up');
    expect(changeDirection('-0.01')).toBe('down');
    expect(changeDirection('0.00')).toBe('flat');
    expect(changeDirection(null)).toBe('flat');
  });

  it('compares decimals exactly', () => {
    expect(compareDecimals('0.10', '0.1')).toBe(0);
    expect(compareDecimals('97000.01', '97000.009')).toBe(1);
    expect(compareDecimals('-2', '1')).toBe(-1);
    expect(compareDecimals('abc', '1')).toBeUndefined();
  });
});

describe('liveQuote', () => {
  it('shows the listed values until a ticker arrives', () => {
    const quote = liveQuote(product(), undefined);
    expect(quote).toMatchObject({ price: '97000.00', changePct: '1.04', direction: 'up' });
  });

  it('moves the price, recomputes the change from the 24 h open and widens high and low', () => {
    const down = liveQuote(product(), tick('95000.00', 2_000));
    expect(down).toMatchObject({
      price: '95000.00',
      time: 2_000,
      changePct: '-1.04',
      direction: 'down',
      high: '97500.00',
      low: '95000.00',
    });
    expect(liveQuote(product(), tick('98000.00', 2_000)).high).toBe('98000.00');
  });

  it('widens high and low to the extremes received since the list was fetched', () => {
    const quote = liveQuote(
      product(),
      tick('97000.00', 2_000, 'BTC/USDT', { high: '97600.00', low: '95400.00' }),
    );
    expect(quote).toMatchObject({ high: '97600.00', low: '95400.00' });
  });

  it('keeps the listed change when the server sent no 24 h open', () => {
    const quote = liveQuote(product({ open24h: null }), tick('95000.00', 2_000));
    expect(quote).toMatchObject({ price: '95000.00', changePct: '1.04', direction: 'up' });
  });

  it('ignores a ticker older than the list, or of another symbol', () => {
    expect(liveQuote(product({ lastTime: 5_000 }), tick('1.00', 4_000)).price).toBe('97000.00');
    expect(liveQuote(product(), tick('1.00', 9_000, 'ETH/USDT')).price).toBe('97000.00');
  });

  it('takes high and low from the ticks alone when the list had no history', () => {
    const quote = liveQuote(
      product({ high: null, low: null, lastPrice: null, lastTime: null, changePct: null }),
      tick('1.00', 1),
    );
    expect(quote).toMatchObject({ price: '1.00', high: '1.00', low: '1.00' });
  });
});

describe('livePrice', () => {
  const cases: [string, MarketProduct, LiveTicker | undefined][] = [
    ['no ticker yet', product(), undefined],
    ['a fall', product(), tick('95000.00', 2_000)],
    ['a rise past the high', product(), tick('98000.00', 2_000)],
    ['no 24 h open', product({ open24h: null }), tick('95000.00', 2_000)],
    ['an older ticker', product({ lastTime: 5_000 }), tick('1.00', 4_000)],
    ['another symbol', product(), tick('1.00', 9_000, 'ETH/USDT')],
    ['no history', product({ lastPrice: null, lastTime: null, changePct: null }), tick('1.00', 1)],
    ['no change listed', product({ changePct: null, open24h: null }), undefined],
  ];

  it.each(cases)('is liveQuote without high and low: %s', (_, listed, ticker) => {
    const { price, time, changePct, direction } = liveQuote(listed, ticker);
    expect(livePrice(listed, ticker)).toEqual({ price, time, changePct, direction });
  });

  it('moves the price and recomputes the change from the 24 h open', () => {
    expect(livePrice(product(), tick('95000.00', 2_000))).toEqual({
      price: '95000.00',
      time: 2_000,
      changePct: '-1.04',
      direction: 'down',
    });
  });
});

describe('recent extremes', () => {
  const B = EXTREMES_BUCKET_MS;

  it('keeps the highest and lowest tick of the current and the previous bucket', () => {
    let state = recordExtremes(undefined, '100.00', 0);
    state = recordExtremes(state, '105.00', 1_000);
    state = recordExtremes(state, '99.50', 2_000);
    expect(extremesOf(state)).toEqual({ high: '105.00', low: '99.50' });
    state = recordExtremes(state, '101.00', B + 1);
    expect(extremesOf(state)).toEqual({ high: '105.00', low: '99.50' });
    // Two buckets on, the first one no longer counts.
    state = recordExtremes(state, '100.50', 2 * B + 1);
    expect(extremesOf(state)).toEqual({ high: '101.00', low: '100.50' });
  });

  it('forgets everything after a gap of more than a bucket', () => {
    let state = recordExtremes(undefined, '100.00', 0);
    state = recordExtremes(state, '90.00', 5 * B);
    expect(extremesOf(state)).toEqual({ high: '90.00', low: '90.00' });
  });

  it('leaves out a late tick of an older bucket', () => {
    let state = recordExtremes(undefined, '100.00', 3 * B);
    state = recordExtremes(state, '500.00', 1 * B);
    expect(extremesOf(state)).toEqual({ high: '100.00', low: '100.00' });
  });
});
