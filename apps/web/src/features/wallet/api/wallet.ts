import {
  JOURNAL_KINDS,
  STATEMENT_PAGE_DEFAULT,
  balanceSchema,
  currencyKeySchema,
  journalKindSchema,
  statementLinePageSchema,
} from '@ampere/contract';
import type { Balance, CurrencyKey, JournalKind, StatementLinePage } from '@ampere/contract';
import type { Api } from '@ampere/client';

/**
 * The wallet calls (packages/contract/src/wallet.ts). Amounts stay decimal strings from the wire
 * to the screen; nothing here turns one into a number.
 */

/** What the records page can narrow the statement to. Dates are `YYYY-MM-DD`, both inclusive. */
export interface StatementFilters {
  currency?: CurrencyKey;
  kind?: JournalKind;
  from?: string;
  to?: string;
}

/** How many recent changes the Asset tab shows; the records page has the rest. */
export const RECENT_LIMIT = 10;

export const walletKeys = {
  all: ['wallet'] as const,
  balance: () => [...walletKeys.all, 'balance'] as const,
  recent: () => [...walletKeys.all, 'recent'] as const,
  records: (filters: StatementFilters) => [...walletKeys.all, 'records', filters] as const,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date that exists: "2024-02-30" is refused, as the server would refuse it. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The query string fields of a filter set; absent filters are left out, not sent empty. */
export function statementParams(filters: StatementFilters): Record<string, string | undefined> {
  return {
    currency: filters.currency,
    kind: filters.kind,
    from: filters.from,
    to: filters.to,
  };
}

/**
 * The query of a statement request: the filters plus, when a date bounds them, this device's
 * offset from UTC (minutes east), so the server reads the days as the user's days.
 */
export function statementRequestParams(
  filters: StatementFilters,
  offsetMinutesEast = -new Date().getTimezoneOffset(),
): Record<string, string | undefined> {
  const dated = filters.from !== undefined || filters.to !== undefined;
  return { ...statementParams(filters), tz: dated ? String(offsetMinutesEast) : undefined };
}

/**
 * Filters from an address's query (the records page keeps them there, so a reload or the back
 * button returns to the same list). Anything unknown or malformed is dropped rather than sent.
 */
export function parseStatementFilters(search: URLSearchParams): StatementFilters {
  const currency = currencyKeySchema.safeParse(search.get('currency')).data;
  const kind = journalKindSchema.safeParse(search.get('kind')).data;
  const date = (name: string) => {
    const value = search.get(name);
    return value !== null && isIsoDate(value) ? value : undefined;
  };
  let from = date('from');
  let to = date('to');
  // A range given backwards means the same days; the server would answer it with nothing.
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  return withoutUndefined({ currency, kind, from, to });
}

export function statementSearch(filters: StatementFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(statementParams(filters))) {
    if (value !== undefined) search.set(name, value);
  }
  return search;
}

/** Filters as a plain object without undefined members, so equal filters make equal keys. */
function withoutUndefined({ currency, kind, from, to }: StatementFilters): StatementFilters {
  return {
    ...(currency !== undefined && { currency }),
    ...(kind !== undefined && { kind }),
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
  };
}

export function isJournalKind(value: string): value is JournalKind {
  return (JOURNAL_KINDS as readonly string[]).includes(value);
}

export async function fetchBalance(api: Api, signal?: AbortSignal): Promise<Balance> {
  return balanceSchema.parse(await api.get('user/balance', { signal }));
}

export async function fetchRecent(api: Api, signal?: AbortSignal): Promise<StatementLinePage> {
  const data = await api.get('user/assetsRecent', { query: { limit: RECENT_LIMIT }, signal });
  return statementLinePageSchema.parse(data);
}

export async function fetchRecords(
  api: Api,
  filters: StatementFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<StatementLinePage> {
  const query = { ...statementRequestParams(filters), cursor, limit: STATEMENT_PAGE_DEFAULT };
  return statementLinePageSchema.parse(await api.get('user/financialRecords', { query, signal }));
}
