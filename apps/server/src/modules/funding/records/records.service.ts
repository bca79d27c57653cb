import type {
  ExchangeListRequest,
  RechargeItem,
  RechargeList,
  RechargeListQuery,
  WithdrawListQuery,
} from '@ampere/contract';
import { INT8_MAX } from '@ampere/contract';
import type { TFunction } from 'i18next';
import type { FundingDeps } from '../deps.js';
import { exchangeItem, type Exchange } from '../exchange/exchange.service.js';
import type { Recharge } from '../recharge/recharge.service.js';
import { bankItem, chainItem } from '../recharge/recharge.views.js';
import type { Withdrawal } from '../withdrawal/withdrawal.service.js';
import { withdrawalItem } from '../withdrawal/withdrawal.views.js';

type Source = 'b' | 'c';
interface Cursor {
  time: Date;
  source: Source;
  id: bigint;
}

export function parseRechargeCursor(text: string): Cursor {
  const [ms = '0', source = 'b', id = '0'] = text.split('-');
  return { time: new Date(Number(ms)), source: source as Source, id: BigInt(id) };
}

/**
 * The order of the merged recharge list: newest first; at the same millisecond chain deposits
 * before bank recharges; then by id, newest first. A total order, so one cursor resumes both.
 */
function newerFirst(a: Cursor, b: Cursor): number {
  const dt = b.time.getTime() - a.time.getTime();
  if (dt !== 0) return dt;
  if (a.source !== b.source) return a.source === 'c' ? -1 : 1;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
}

/**
 * The trackers (docs/funding.md, "Trackers"): each list newest first with keyset pagination;
 * recharges merge the bank's records with the chain's deposits under one cursor.
 */
export function createRecords(
  deps: Pick<FundingDeps, 'chain'> & {
    recharge: Recharge;
    withdrawal: Withdrawal;
    exchange: Exchange;
  },
) {
  const { chain, recharge, withdrawal, exchange } = deps;
  const networkName = (key: string) => chain.networks().find((n) => n.key === key)?.name ?? key;

  return {
    async recharges(userId: bigint, q: RechargeListQuery, t: TFunction): Promise<RechargeList> {
      const cursor = q.cursor === undefined ? undefined : parseRechargeCursor(q.cursor);
      // Strictly after the cursor in the merged order, for each source.
      const bankBefore = cursor && {
        time: cursor.time,
        id: cursor.source === 'c' ? INT8_MAX : cursor.id,
      };
      const chainBefore = cursor && {
        time: cursor.time,
        id: cursor.source === 'b' ? 0n : cursor.id,
      };
      const [bank, deposits] = await Promise.all([
        recharge.rows(userId, bankBefore, q.limit + 1),
        chain.deposits(userId, {
          ...(chainBefore ? { before: chainBefore } : {}),
          limit: q.limit + 1,
        }),
      ]);
      const merged: { key: Cursor; item: RechargeItem }[] = [
        ...bank.map((r) => ({
          key: { time: r.createdAt, source: 'b' as const, id: r.id },
          item: bankItem(r, t),
        })),
        ...deposits.map((d) => ({
          key: { time: d.detectedAt, source: 'c' as const, id: d.id },
          item: chainItem(d, t, networkName(d.network)),
        })),
      ].sort((a, b) => newerFirst(a.key, b.key));
      const page = merged.slice(0, q.limit);
      const last = page.at(-1)?.key;
      return {
        items: page.map((m) => m.item),
        nextCursor:
          merged.length > q.limit && last
            ? `${last.time.getTime()}-${last.source}-${last.id}`
            : null,
      };
    },

    async withdrawals(userId: bigint, q: WithdrawListQuery, t: TFunction) {
      const rows = await withdrawal.rows({
        userId,
        ...(q.currency === undefined ? {} : { currency: q.currency }),
        ...(q.cursor === undefined ? {} : { cursor: BigInt(q.cursor) }),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      return {
        items: page.map((r) => withdrawalItem(r, t, networkName)),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },

    async exchanges(userId: bigint, q: ExchangeListRequest, t: TFunction) {
      const rows = await exchange.rows({
        userId,
        ...(q.cursor === undefined ? {} : { cursor: BigInt(q.cursor) }),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      return {
        items: page.map((r) => exchangeItem(r, t)),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },
  };
}

export type Records = ReturnType<typeof createRecords>;
