import {
  formatAmount,
  type CurrencyKey,
  type LocaleKey,
  type WithdrawalDetail,
  type WithdrawConfig,
  type WithdrawPreview,
  type WithdrawRequest,
} from '@ampere/contract';
import type { TFunction } from 'i18next';
import { AppError } from '../../../errors.js';
import type { UserRow } from '../../auth/users.js';
import { runIdempotent } from '../../ledger/idempotency.js';
import { closeTipFor, type Settings } from '../../settings/settings.service.js';
import type { Addresses } from '../addresses/addresses.service.js';
import { cardView, type Cards } from '../cards/cards.service.js';
import type { FundingDeps } from '../deps.js';
import { lockUserFunding } from '../locks.js';
import { pushFunding } from '../pushes.js';
import {
  amountOf,
  assertWithin,
  feeArithmetic,
  minorOf,
  operatorDay,
  windowOpen,
  withdrawFee,
  type FeeRule,
} from '../rules.js';
import { createTimelineRepository } from '../timeline.js';
import { createWithdrawalRepository, type Destination } from './withdrawal.repository.js';
import { endWithRefund } from './withdrawal.ending.js';
import { withdrawalDetail } from './withdrawal.views.js';

type Rules = Settings['fundingRules']['withdraw'];

export function feeRuleOf(rules: Rules, currency: CurrencyKey): FeeRule {
  const r = rules[currency];
  return {
    fixedMinor: minorOf(r.feeFixed, currency),
    percent: r.feePercent,
    rounding: r.feeRounding,
  };
}

/**
 * Withdrawal, the user's side (docs/funding.md, "Withdrawal"): the rules and a preview of the
 * exact fee, the request — checked, then held (available → withdraw_hold) in one transaction
 * with the per-day count — and cancelling while pending (refunded). Staff's side is
 * withdrawal.review.ts.
 */
export function createWithdrawal(deps: FundingDeps & { cards: Cards; addresses: Addresses }) {
  const { db, bus, ledger, settings, identity, auth, chain, cards, addresses, now } = deps;
  const networkName = (key: string) => chain.networks().find((n) => n.key === key)?.name ?? key;

  async function detail(userId: bigint, id: bigint, t: TFunction): Promise<WithdrawalDetail> {
    const row = await createWithdrawalRepository(db).find(id, { userId });
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    const events = (await createTimelineRepository(db).of('withdrawal', [id])).get(id) ?? [];
    return withdrawalDetail(row, events, t, networkName);
  }

  /** The amount, its bounds and its fee; refusals a user can cause, before anything moves. */
  function priced(rules: Rules, currency: CurrencyKey, text: string) {
    const amountMinor = amountOf(text, currency);
    assertWithin(
      amountMinor,
      minorOf(rules[currency].min, currency),
      minorOf(rules[currency].max, currency),
      currency,
    );
    const rule = feeRuleOf(rules, currency);
    const feeMinor = withdrawFee(amountMinor, rule);
    if (feeMinor >= amountMinor) throw new AppError('WITHDRAW_BELOW_FEE');
    return { amountMinor, feeMinor, rule };
  }

  function closed(s: Settings, locale: LocaleKey): AppError {
    const closeTip = closeTipFor(s.withdrawCloseTip, locale) ?? null;
    return new AppError('WITHDRAW_CLOSED', {}, { closeTip });
  }

  return {
    detail,

    /** The user's withdrawals, newest first (the tracker). */
    rows: (q: { userId: bigint; currency?: string; cursor?: bigint; limit: number }) =>
      createWithdrawalRepository(db).list(q),

    async config(user: UserRow, locale: LocaleKey): Promise<WithdrawConfig> {
      const s = await settings.get();
      const rules = s.fundingRules.withdraw;
      const at = now();
      const day = operatorDay(at, s.fundingRules.tzOffsetMinutes);
      const [card, book, accounts, usedToday, realName] = await Promise.all([
        cards.find(user.id),
        addresses.list(user.id),
        ledger.userAccounts(db, user.id),
        createWithdrawalRepository(db).countBetween(user.id, day.start, day.end),
        identity.approvedName(user.id),
      ]);
      const available = (c: CurrencyKey) =>
        accounts.find((a) => a.currency === c && a.purpose === 'available')?.balanceMinor ?? 0n;
      const usable = book.items.filter((a) => a.usable);
      const currency = (c: CurrencyKey, destination: boolean) => {
        const r = rules[c];
        return {
          currency: c,
          available: s.withdrawOpen && destination,
          min: formatAmount(minorOf(r.min, c), c),
          max: formatAmount(minorOf(r.max, c), c),
          fee: {
            fixed: formatAmount(minorOf(r.feeFixed, c), c),
            percent: r.feePercent,
            rounding: r.feeRounding,
          },
          balance: formatAmount(available(c), c),
        };
      };
      const tip = s.withdrawOpen ? undefined : closeTipFor(s.withdrawCloseTip, locale);
      return {
        open: s.withdrawOpen,
        ...(tip === undefined ? {} : { closeTip: tip }),
        money: currency('money', card !== undefined),
        usdt: currency('usdt', usable.length > 0),
        dailyCount: rules.dailyCount,
        usedToday,
        window: {
          from: rules.windowFrom,
          to: rules.windowTo,
          tzOffsetMinutes: s.fundingRules.tzOffsetMinutes,
          openNow: windowOpen(at, rules.windowFrom, rules.windowTo, s.fundingRules.tzOffsetMinutes),
        },
        realNameRequired: rules.realNameRequired,
        realNameApproved: realName !== null,
        fundPasswordSet: user.fundPasswordHash !== null,
        card: card ? cardView(card) : null,
        addresses: book.items,
      };
    },

    async preview(currency: CurrencyKey, text: string): Promise<WithdrawPreview> {
      const rules = (await settings.get()).fundingRules.withdraw;
      const { amountMinor, feeMinor, rule } = priced(rules, currency, text);
      return {
        currency,
        amount: formatAmount(amountMinor, currency),
        fee: formatAmount(feeMinor, currency),
        actualArrival: formatAmount(amountMinor - feeMinor, currency),
        feeArithmetic: feeArithmetic(amountMinor, rule, feeMinor, currency),
      };
    },

    async request(
      user: UserRow,
      req: WithdrawRequest,
      key: string,
      locale: LocaleKey,
      t: TFunction,
    ): Promise<WithdrawalDetail> {
      const s = await settings.get();
      if (!s.withdrawOpen) throw closed(s, locale);
      const rules = s.fundingRules.withdraw;
      const { amountMinor, feeMinor } = priced(rules, req.currency, req.amount);
      const tz = s.fundingRules.tzOffsetMinutes;
      if (!windowOpen(now(), rules.windowFrom, rules.windowTo, tz)) {
        const window = { from: rules.windowFrom, to: rules.windowTo };
        throw new AppError('WITHDRAW_OUTSIDE_HOURS', window, window);
      }
      if (rules.realNameRequired && (await identity.approvedName(user.id)) === null)
        throw new AppError('REALNAME_REQUIRED');
      const destination = await destinationFor(user.id, req);
      await auth.checkFundPassword(user, req.mpassword);
      const secondFrom = minorOf(rules[req.currency].secondApprovalFrom, req.currency);
      const { id } = await db.transaction((tx) =>
        runIdempotent(
          tx,
          {
            userId: user.id,
            key,
            operation: 'user/withdraw',
            body: { ...req, mpassword: undefined },
          },
          async () => {
            await lockUserFunding(tx, user.id);
            const at = now();
            const day = operatorDay(at, tz);
            const repo = createWithdrawalRepository(tx);
            if ((await repo.countBetween(user.id, day.start, day.end)) >= rules.dailyCount)
              throw new AppError('WITHDRAW_DAILY_COUNT_REACHED');
            const hold = await ledger.post(tx, {
              kind: 'withdraw_request',
              actor: `user:${user.uid}`,
              userId: user.id,
              postings: [
                {
                  account: { userId: user.id, currency: req.currency, purpose: 'available' },
                  amountMinor: -amountMinor,
                },
                {
                  account: { userId: user.id, currency: req.currency, purpose: 'withdraw_hold' },
                  amountMinor,
                },
              ],
            });
            const row = await repo.insert({
              userId: user.id,
              currency: req.currency,
              amountMinor,
              feeMinor,
              destination,
              approvalsNeeded: amountMinor >= secondFrom ? 2 : 1,
              createdAt: at,
              holdJournalId: hold.journalId,
            });
            await createTimelineRepository(tx).add('withdrawal', row.id, {
              event: 'submitted',
              at,
              actor: `user:${user.uid}`,
            });
            return { id: row.id.toString() };
          },
        ),
      );
      const result = await detail(user.id, BigInt(id), t);
      pushFunding(
        bus,
        user.id,
        { kind: 'withdrawal', id, status: result.status, at: result.time },
        [{ currency: req.currency }],
      );
      return result;
    },

    /** Cancels a pending, unapproved withdrawal of the user's: the hold goes back, once. */
    async cancel(user: UserRow, id: bigint, key: string, t: TFunction): Promise<WithdrawalDetail> {
      const { currency } = await db.transaction((tx) =>
        runIdempotent(
          tx,
          { userId: user.id, key, operation: 'user/withdrawCancel', body: { id } },
          async () => {
            const repo = createWithdrawalRepository(tx);
            const row = await repo.find(id, { userId: user.id, forUpdate: true });
            if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
            if (row.status !== 'pending' || row.approvedBy !== null)
              throw new AppError('WITHDRAWAL_NOT_CANCELLABLE');
            await endWithRefund({ ledger, now }, tx, row, {
              status: 'cancelled',
              actor: `user:${user.uid}`,
              reason: 'cancelled_by_user',
              note: null,
            });
            return { currency: row.currency };
          },
        ),
      );
      const result = await detail(user.id, id, t);
      pushFunding(
        bus,
        user.id,
        { kind: 'withdrawal', id: result.id, status: result.status, at: now().toISOString() },
        [{ currency: currency as CurrencyKey }],
      );
      return result;
    },
  };

  async function destinationFor(userId: bigint, req: WithdrawRequest): Promise<Destination> {
    if (req.currency === 'money') {
      const card = await cards.find(userId);
      if (!card) throw new AppError('CARD_NOT_BOUND');
      return {
        kind: 'card',
        accountName: card.accountName,
        bankName: card.bankName,
        cardSealed: card.cardSealed,
        cardLast4: card.cardLast4,
        branch: card.branch,
      };
    }
    if (req.addressId === undefined) throw new AppError('ADDRESS_NOT_FOUND');
    const address = await addresses.usable(userId, BigInt(req.addressId));
    return {
      kind: 'address',
      network: address.network,
      address: address.address,
      addressId: address.id.toString(),
    };
  }
}

export type Withdrawal = ReturnType<typeof createWithdrawal>;
