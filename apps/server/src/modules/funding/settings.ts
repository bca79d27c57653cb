import { formatAmount, type CurrencyKey } from '@ampere/contract';
import type {
  AdminExchange,
  AdminExchangeListQuery,
  AdminExchangeRate,
  ExchangeRateChange,
  FundingRules,
} from '@ampere/contract/admin';
import { AppError } from '../../errors.js';
import type { FundingDeps } from './deps.js';
import { ratesNow, type Exchange } from './exchange/exchange.service.js';
import { rateText } from './rules.js';
import type { Member } from './staff-member.js';
import { userIdByUid, userIn, usersOf } from './staff-views.js';

/**
 * Finance's funding settings (docs/funding.md, "Settings"): the rules (bounds, fees, the day and
 * its window, expiry) and the exchange rate with its spread. Kept in the operator settings, so
 * every node sees a change within 2 s; each change is one audit row with before and after.
 */
export function createFundingSettings(deps: FundingDeps & { exchange: Exchange }) {
  const { settings, auth, now, exchange } = deps;

  async function rate(): Promise<AdminExchangeRate> {
    const s = await settings.get();
    const rates = ratesNow(s);
    return {
      rate: s.exchangeRate.rate,
      spreadBps: s.exchangeRate.spreadBps,
      buyRate: rates ? rateText(rates.buyMicro) : null,
      sellRate: rates ? rateText(rates.sellMicro) : null,
      updatedAt: s.exchangeRate.updatedAt,
      updatedBy: s.exchangeRate.updatedBy,
    };
  }

  return {
    rules: async (): Promise<FundingRules> => (await settings.get()).fundingRules,

    async changeRules(by: Member, rules: FundingRules): Promise<FundingRules> {
      const { after } = await settings.change(
        by.audit,
        { action: 'funding.rules_changed', subject: 'setting:fundingRules' },
        { fundingRules: rules },
      );
      return after.fundingRules;
    },

    rate,

    async changeRate(by: Member, req: ExchangeRateChange): Promise<AdminExchangeRate> {
      await settings.change(
        by.audit,
        { action: 'funding.exchange_rate_changed', subject: 'setting:exchangeRate' },
        {
          exchangeRate: {
            rate: req.rate,
            spreadBps: req.spreadBps,
            updatedAt: now().toISOString(),
            updatedBy: { id: by.id.toString(), username: by.username },
          },
        },
      );
      return rate();
    },

    /** GET funding/exchanges: newest first, by user and within [from, to) when given. */
    async exchanges(q: AdminExchangeListQuery) {
      const from = q.from === undefined ? undefined : new Date(q.from);
      const to = q.to === undefined ? undefined : new Date(q.to);
      if (from && to && from >= to) throw new AppError('FUNDING_RANGE_INVALID');
      const rows = await exchange.rows({
        ...(q.uid === undefined ? {} : { userId: await userIdByUid({ auth }, q.uid) }),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
        ...(q.cursor === undefined ? {} : { cursor: BigInt(q.cursor) }),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const users = await usersOf(
        { auth },
        page.map((r) => r.userId),
      );
      const items: AdminExchange[] = page.map((r) => {
        const from = r.fromCurrency as CurrencyKey;
        const to = r.toCurrency as CurrencyKey;
        return {
          id: r.id.toString(),
          user: userIn(users, r.userId),
          from,
          to,
          amount: formatAmount(r.amountMinor, from),
          fee: formatAmount(r.feeMinor, from),
          rate: rateText(r.rateMicro),
          receive: formatAmount(r.receiveMinor, to),
          journalId: r.journalId.toString(),
          createdAt: r.createdAt.toISOString(),
        };
      });
      return {
        items,
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },
  };
}

export type FundingSettingsService = ReturnType<typeof createFundingSettings>;
