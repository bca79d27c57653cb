import {
  CURRENCIES,
  formatAmount,
  type Balance,
  type CurrencyBalance,
  type CurrencyKey,
  type StatementItem,
  type StatementLine,
  type StatementLinePage,
  type StatementPage,
  type StatementQuery,
  type UserPurpose,
} from '@ampere/contract';
import type { TFunction } from 'i18next';
import type { Db } from '../../db/client.js';
import type { LedgerService, StatementLineRow } from '../ledger/ledger.service.js';

const DAY_MS = 86_400_000;

export interface StatementFilters {
  currency?: CurrencyKey | undefined;
  kinds?: readonly string[] | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/**
 * `from`/`to` are inclusive calendar days in the caller's time zone on the wire; the query wants
 * the instants [start of from, start of the day after to).
 */
export function statementFilters(q: StatementQuery): StatementFilters {
  const offsetMs = (q.tz ?? 0) * 60_000;
  const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - offsetMs);
  return {
    currency: q.currency,
    kinds: q.kind,
    from: q.from ? startOf(q.from) : undefined,
    to: q.to ? new Date(startOf(q.to).getTime() + DAY_MS) : undefined,
  };
}

function currencyBalance(currency: CurrencyKey, balances: Map<string, bigint>): CurrencyBalance {
  const of = (purpose: UserPurpose) => balances.get(`${currency}:${purpose}`) ?? 0n;
  const available = of('available');
  const inOrder = of('in_order');
  const withdrawHold = of('withdraw_hold');
  const earnPrincipal = of('earn_principal');
  const frozen = inOrder + withdrawHold + earnPrincipal;
  const f = (minor: bigint) => formatAmount(minor, currency);
  return {
    available: f(available),
    frozen: {
      total: f(frozen),
      inOrder: f(inOrder),
      withdrawHold: f(withdrawHold),
      earnPrincipal: f(earnPrincipal),
    },
    total: f(available + frozen),
  };
}

/** The wallet as the user sees it: balances and statements, read through the ledger. */
export function createWalletService(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;

  async function rows(userId: bigint, filters: StatementFilters, limit: number, beforeId?: bigint) {
    return ledger.statement(db, {
      userId,
      currency: filters.currency,
      kinds: filters.kinds,
      from: filters.from,
      to: filters.to,
      beforeId,
      limit,
    });
  }

  function lines(userId: bigint, q: StatementQuery, limit: number, beforeId?: bigint) {
    const filters = statementFilters(q);
    return ledger.statementLines(db, { userId, ...filters, beforeId, limit });
  }

  function toLine(line: StatementLineRow, t: TFunction): StatementLine {
    const currency = line.currency as CurrencyKey;
    const f = (minor: bigint) => formatAmount(minor, currency);
    return {
      id: `${line.journalId}-${currency}`,
      time: line.createdAt.toISOString(),
      kind: line.kind,
      kindLabel: t(`ledgerKinds.${line.kind}`, { defaultValue: line.kind }),
      currency,
      available: f(line.availableMinor),
      frozen: f(line.frozenMinor),
      availableAfter: f(line.availableAfterMinor),
      frozenAfter: f(line.frozenAfterMinor),
      balanceAfter: f(line.availableAfterMinor + line.frozenAfterMinor),
      reference: line.reference,
    };
  }

  function toItem(row: Awaited<ReturnType<typeof rows>>[number], t: TFunction): StatementItem {
    const currency = row.currency as CurrencyKey;
    return {
      id: row.postingId.toString(),
      time: row.createdAt.toISOString(),
      kind: row.kind,
      kindLabel: t(`ledgerKinds.${row.kind}`, { defaultValue: row.kind }),
      currency,
      purpose: row.purpose as UserPurpose,
      purposeLabel: t(`ledgerPurposes.${row.purpose}`),
      amount: formatAmount(row.amountMinor, currency),
      // User postings always carry their balance after; see ledger.service.post.
      balanceAfter: formatAmount(row.balanceAfterMinor ?? 0n, currency),
      reference: row.reference,
    };
  }

  return {
    async balance(userId: bigint): Promise<Balance> {
      const accounts = await ledger.userAccounts(db, userId);
      const byKey = new Map(accounts.map((a) => [`${a.currency}:${a.purpose}`, a.balanceMinor]));
      const [money, usdt] = CURRENCIES.map(({ key }) => currencyBalance(key, byKey));
      if (!money || !usdt) throw new Error('currency list changed');
      return { money, usdt };
    },

    /**
     * One page of the statement, one line per event, newest first; `limit` counts events and the
     * cursor is the last event's journal id.
     */
    async statementPage(
      userId: bigint,
      q: StatementQuery,
      t: TFunction,
    ): Promise<StatementLinePage> {
      const page = await lines(userId, q, q.limit, q.cursor ? BigInt(q.cursor) : undefined);
      return {
        items: page.lines.map((l) => toLine(l, t)),
        nextCursor: page.nextBeforeId?.toString() ?? null,
      };
    },

    /** Every matching event up to `max`, newest first, for the CSV export. */
    async statementLinesAll(
      userId: bigint,
      q: StatementQuery,
      t: TFunction,
      max: number,
    ): Promise<StatementLine[]> {
      return (await lines(userId, q, max)).lines.map((l) => toLine(l, t));
    },

    /**
     * One page of postings (the double-entry view, for the back office), newest first; the
     * cursor is the last posting's id.
     */
    async postingPage(userId: bigint, q: StatementQuery, t: TFunction): Promise<StatementPage> {
      const found = await rows(
        userId,
        statementFilters(q),
        q.limit + 1,
        q.cursor ? BigInt(q.cursor) : undefined,
      );
      const page = found.slice(0, q.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => toItem(r, t)),
        nextCursor: found.length > q.limit && last ? last.postingId.toString() : null,
      };
    },

    /** Every matching posting up to `max`, newest first: the CSV's double-entry view. */
    async statementAll(
      userId: bigint,
      q: StatementQuery,
      t: TFunction,
      max: number,
    ): Promise<StatementItem[]> {
      return (await rows(userId, statementFilters(q), max)).map((r) => toItem(r, t));
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
