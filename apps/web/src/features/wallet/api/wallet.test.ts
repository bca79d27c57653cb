import { describe, expect, it } from 'vitest';
import { createApi } from '@ampere/client';
import {
  fetchBalance,
  fetchRecent,
  fetchRecords,
  isIsoDate,
  parseStatementFilters,
  statementParams,
  statementRequestParams,
  statementSearch,
} from './wallet';
import type { StatementFilters } from './wallet';

/** The real request client over a fake network that records what was asked and answers `data`. */
function apiAnswering(data: unknown) {
  const urls: URL[] = [];
  const api = createApi({
    baseUrl: 'http://app.test/api/v1/',
    getToken: () => 'tok',
    setToken: () => undefined,
    getLanguage: () => 'en-US',
    onUnauthorized: () => undefined,
    fetchImpl: (input) => {
      urls.push(new URL(input instanceof Request ? input.url : String(input)));
      return Promise.resolve(Response.json({ code: 0, msg: '', data }));
    },
  });
  return { api, urls };
}

const page = {
  items: [
    {
      id: '7-money',
      time: '2024-06-01T08:00:00.000Z',
      kind: 'adjustment_credit',
      kindLabel: 'Credit by platform',
      currency: 'money',
      available: '100.00',
      frozen: '0.00',
      availableAfter: '100.00',
      frozenAfter: '0.00',
      balanceAfter: '100.00',
      reference: null,
    },
  ],
  nextCursor: '7',
};

describe('statement filters', () => {
  it('map to query fields, leaving out what is not set', () => {
    expect(statementParams({})).toEqual({
      currency: undefined,
      kind: undefined,
      from: undefined,
      to: undefined,
    });
    expect(
      statementParams({ currency: 'usdt', kind: 'exchange', from: '2024-05-01', to: '2024-05-31' }),
    ).toEqual({ currency: 'usdt', kind: 'exchange', from: '2024-05-01', to: '2024-05-31' });
  });

  it('tell the server the device’s time zone when a date bounds them', () => {
    expect(statementRequestParams({ currency: 'money' }, 480).tz).toBeUndefined();
    expect(statementRequestParams({ from: '2024-05-01' }, 480)).toMatchObject({
      from: '2024-05-01',
      tz: '480',
    });
    expect(statementRequestParams({ to: '2024-05-31' }, -300).tz).toBe('-300');
  });

  it('round-trip through the address', () => {
    const filters: StatementFilters = {
      currency: 'money',
      kind: 'hold',
      from: '2024-05-01',
      to: '2024-05-31',
    };
    expect(parseStatementFilters(statementSearch(filters))).toEqual(filters);
    expect(statementSearch({}).toString()).toBe('');
  });

  it('drop unknown or malformed values from the address rather than send them', () => {
    const search = new URLSearchParams(
      'currency=eur&kind=magic&from=2024-02-30&to=yesterday&extra=1',
    );
    expect(parseStatementFilters(search)).toEqual({});
  });

  it('put a backwards range the right way round', () => {
    expect(parseStatementFilters(new URLSearchParams('from=2024-06-30&to=2024-06-01'))).toEqual({
      from: '2024-06-01',
      to: '2024-06-30',
    });
  });

  it('know real calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-6-1')).toBe(false);
  });
});

describe('wallet calls', () => {
  it('ask for the filtered records page by page', async () => {
    const { api, urls } = apiAnswering(page);
    const result = await fetchRecords(api, { currency: 'usdt', kind: 'exchange' }, '42');
    expect(result).toEqual(page);
    const url = urls[0]!;
    expect(url.pathname).toBe('/api/v1/user/financialRecords');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      currency: 'usdt',
      kind: 'exchange',
      cursor: '42',
      limit: '20',
      lang: 'en-US',
    });
  });

  it('ask for the first page without a cursor', async () => {
    const { api, urls } = apiAnswering(page);
    await fetchRecords(api, {}, undefined);
    expect(urls[0]!.searchParams.has('cursor')).toBe(false);
  });

  it('ask for the recent details with a small page', async () => {
    const { api, urls } = apiAnswering(page);
    await fetchRecent(api);
    expect(urls[0]!.pathname).toBe('/api/v1/user/assetsRecent');
    expect(urls[0]!.searchParams.get('limit')).toBe('10');
  });

  it('refuse a balance whose amounts are JSON numbers', async () => {
    const balance = (available: unknown) => ({
      available,
      frozen: { total: '0', inOrder: '0', withdrawHold: '0', earnPrincipal: '0' },
      total: '0',
    });
    const good = apiAnswering({ money: balance('1.00'), usdt: balance('0.000000') });
    await expect(fetchBalance(good.api)).resolves.toMatchObject({ money: { available: '1.00' } });
    const bad = apiAnswering({ money: balance(1), usdt: balance('0') });
    await expect(fetchBalance(bad.api)).rejects.toThrow();
  });
});
