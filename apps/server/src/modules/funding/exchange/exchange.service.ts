import {
  formatAmount,
  parseScaled,
  QUOTE_TTL_S,
  type CurrencyKey,
  type ExchangeConfig,
  type ExchangeDetail,
  type ExchangeItem,
  type ExchangeQuote,
  type ExchangeRequest,
} from '@ampere/contract';
import type { TFunction } from 'i18next';
import { AppError } from '../../../errors.js';
import { runIdempotent } from '../../ledger/idempotency.js';
import type { Settings } from '../../settings/settings.service.js';
import type { FundingDeps } from '../deps.js';
import { pushFunding } from '../pushes.js';
import {
  amountOf,
  exchangeArithmetic,
  exchangeMath,
  minorOf,
  RATE_SCALE,
  rateText,
  ratesOf,
  type ExchangeMath,
} from '../rules.js';
import { createTimelineRepository, timelineView, type EventRow } from '../timeline.js';
import { createExchangeRepository, type ExchangeRow } from './exchange.repository.js';

export const otherCurrency = (c: CurrencyKey): CurrencyKey => (c === 'money' ? 'usdt' : 'money');

/** The rates now, or undefined while finance has set none. */
export function ratesNow(s: Settings) {
  const { rate, spreadBps } = s.exchangeRate;
  return rate === null ? undefined : ratesOf(parseScaled(rate, RATE_SCALE), spreadBps);
}

export function exchangeItem(row: ExchangeRow, t: TFunction): ExchangeItem {
  const from = row.fromCurrency as CurrencyKey;
  const to = row.toCurrency as CurrencyKey;
  return {
    id: row.id.toString(),
    from,
    to,
    amount: formatAmount(row.amountMinor, from),
    fee: formatAmount(row.feeMinor, from),
    rate: rateText(row.rateMicro),
    receive: formatAmount(row.receiveMinor, to),
    status: 'completed',
    statusLabel: t('funding.exchange.completed'),
    time: row.createdAt.toISOString(),
  };
}

/**
 * CNY↔USDT exchange (docs/funding.md, "Exchange"): a quote holds the exact arithmetic for 30 s;
 * carrying it out re-prices it with the rules now and refuses when anything changed
 * (QUOTE_CHANGED) or it expired (QUOTE_EXPIRED), then posts one journal through
 * `exchange_clearing` — the user's source currency out, the fee to house fees, the target in.
 */
export function createExchange(deps: FundingDeps) {
  const { db, bus, ledger, settings, now } = deps;

  /** The arithmetic for `amount` of `from` under the rules now; refusals a user can cause. */
  function price(s: Settings, from: CurrencyKey, amountMinor: bigint): ExchangeMath {
    const rates = ratesNow(s);
    if (!rates) throw new AppError('EXCHANGE_UNAVAILABLE');
    const ex = s.fundingRules.exchange;
    const max = from === 'money' ? minorOf(ex.maxMoney, 'money') : minorOf(ex.maxUsdt, 'usdt');
    if (amountMinor > max) {
      const bound = { max: formatAmount(max, from) };
      throw new AppError('EXCHANGE_ABOVE_MAX', bound, bound);
    }
    const m = exchangeMath(from, amountMinor, ex.feeRate, rates);
    if (m.receiveMinor <= 0n) throw new AppError('EXCHANGE_TOO_SMALL');
    return m;
  }

  function detailOf(row: ExchangeRow, events: readonly EventRow[], t: TFunction): ExchangeDetail {
    const m: ExchangeMath = {
      from: row.fromCurrency as CurrencyKey,
      to: row.toCurrency as CurrencyKey,
      amountMinor: row.amountMinor,
      feeMinor: row.feeMinor,
      netMinor: row.amountMinor - row.feeMinor,
      rateMicro: row.rateMicro,
      receiveMinor: row.receiveMinor,
    };
    return {
      ...exchangeItem(row, t),
      arithmetic: exchangeArithmetic(m, row.feeRate),
      timeline: timelineView(events, t),
    };
  }

  async function detail(userId: bigint, id: bigint, t: TFunction): Promise<ExchangeDetail> {
    const row = await createExchangeRepository(db).find(id, userId);
    if (!row) throw new AppError('EXCHANGE_NOT_FOUND');
    const events = (await createTimelineRepository(db).of('exchange', [id])).get(id) ?? [];
    return detailOf(row, events, t);
  }

  return {
    detail,

    /** Exchanges, newest first: the user's (tracker) or everyone's (back office). */
    rows: (q: { userId?: bigint; from?: Date; to?: Date; cursor?: bigint; limit: number }) =>
      createExchangeRepository(db).list(q),

    async config(userId: bigint): Promise<ExchangeConfig> {
      const s = await settings.get();
      const rates = ratesNow(s);
      const accounts = await ledger.userAccounts(db, userId);
      const available = (c: CurrencyKey) =>
        formatAmount(
          accounts.find((a) => a.currency === c && a.purpose === 'available')?.balanceMinor ?? 0n,
          c,
        );
      const ex = s.fundingRules.exchange;
      return {
        available: rates !== undefined,
        midRate: rates ? rateText(rates.midMicro) : null,
        buyRate: rates ? rateText(rates.buyMicro) : null,
        sellRate: rates ? rateText(rates.sellMicro) : null,
        feeRate: ex.feeRate,
        max: {
          money: formatAmount(minorOf(ex.maxMoney, 'money'), 'money'),
          usdt: formatAmount(minorOf(ex.maxUsdt, 'usdt'), 'usdt'),
        },
        balance: { money: available('money'), usdt: available('usdt') },
        quoteTtlS: QUOTE_TTL_S,
      };
    },

    async quote(userId: bigint, from: CurrencyKey, text: string): Promise<ExchangeQuote> {
      const s = await settings.get();
      const m = price(s, from, amountOf(text, from));
      const at = now();
      const row = await createExchangeRepository(db).insertQuote({
        userId,
        fromCurrency: from,
        amountMinor: m.amountMinor,
        feeMinor: m.feeMinor,
        rateMicro: m.rateMicro,
        receiveMinor: m.receiveMinor,
        createdAt: at,
        expiresAt: new Date(at.getTime() + QUOTE_TTL_S * 1000),
      });
      return {
        quoteId: row.id.toString(),
        from,
        to: m.to,
        amount: formatAmount(m.amountMinor, from),
        fee: formatAmount(m.feeMinor, from),
        net: formatAmount(m.netMinor, from),
        rate: rateText(m.rateMicro),
        receive: formatAmount(m.receiveMinor, m.to),
        arithmetic: exchangeArithmetic(m, s.fundingRules.exchange.feeRate),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    async exchange(
      userId: bigint,
      req: ExchangeRequest,
      key: string,
      t: TFunction,
    ): Promise<ExchangeDetail> {
      const amountMinor = amountOf(req.amount, req.from);
      // Read before the transaction: a read on the pool while holding a connection could wait
      // for a connection that 50 concurrent exchanges all hold.
      const s = await settings.get();
      const { id } = await db.transaction((tx) =>
        runIdempotent(tx, { userId, key, operation: 'user/exchange', body: req }, async () => {
          const at = now();
          const repo = createExchangeRepository(tx);
          const quote = await repo.useQuote(userId, BigInt(req.quoteId), at);
          if (!quote || quote.expiresAt <= at) throw new AppError('QUOTE_EXPIRED');
          const m = price(s, req.from, amountMinor);
          if (
            quote.fromCurrency !== req.from ||
            quote.amountMinor !== amountMinor ||
            quote.feeMinor !== m.feeMinor ||
            quote.rateMicro !== m.rateMicro ||
            quote.receiveMinor !== m.receiveMinor
          )
            throw new AppError('QUOTE_CHANGED');
          const posted = await ledger.post(tx, {
            kind: 'exchange',
            actor: `user:${userId}`,
            userId,
            reference: `exchange_quote:${quote.id}`,
            postings: [
              {
                account: { userId, currency: m.from, purpose: 'available' },
                amountMinor: -m.amountMinor,
              },
              {
                account: { system: 'exchange_clearing', currency: m.from },
                amountMinor: m.netMinor,
              },
              ...(m.feeMinor > 0n
                ? [
                    {
                      account: { system: 'house_fees' as const, currency: m.from },
                      amountMinor: m.feeMinor,
                    },
                  ]
                : []),
              {
                account: { system: 'exchange_clearing', currency: m.to },
                amountMinor: -m.receiveMinor,
              },
              {
                account: { userId, currency: m.to, purpose: 'available' },
                amountMinor: m.receiveMinor,
              },
            ],
          });
          const row = await repo.insert({
            userId,
            quoteId: quote.id,
            fromCurrency: m.from,
            toCurrency: m.to,
            amountMinor: m.amountMinor,
            feeMinor: m.feeMinor,
            rateMicro: m.rateMicro,
            feeRate: s.fundingRules.exchange.feeRate,
            receiveMinor: m.receiveMinor,
            journalId: posted.journalId,
            createdAt: at,
          });
          await createTimelineRepository(tx).add('exchange', row.id, {
            event: 'exchanged',
            at,
            actor: `user:${userId}`,
          });
          return { id: row.id.toString() };
        }),
      );
      const result = await detail(userId, BigInt(id), t);
      pushFunding(bus, userId, { kind: 'exchange', id, status: 'completed', at: result.time }, [
        { currency: result.from },
        { currency: result.to },
      ]);
      return result;
    },
  };
}

export type Exchange = ReturnType<typeof createExchange>;
