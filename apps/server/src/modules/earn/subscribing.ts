import {
  formatAmount,
  parseAmount,
  type EarnBuyRequest,
  type EarnOrder,
  type LocaleKey,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { UserRow } from '../auth/users.js';
import { runIdempotent } from '../ledger/idempotency.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { Bus } from '../realtime/bus.js';
import { pushBalance } from '../wallet/balance-push.js';
import type { EarnCalendar } from './days.js';
import { createOrdersRepository } from './orders.repository.js';
import { createProductsRepository } from './products.repository.js';
import { currencyOf, isOnSale, remaining, toOrder } from './views.js';

/** Checks the caller's fund password when they have one (auth's counting, locking check). */
export type FundPasswordCheck = (user: UserRow, password: string | undefined) => Promise<void>;

/**
 * Subscribing (POST user/earnBuy): one transaction claims the Idempotency-Key, locks the
 * product (so two subscriptions cannot both take the last of a quota), checks sale window,
 * limits and quotas, moves the principal `available → earn_principal` and writes the order with
 * a copy of the terms.
 */
export function createSubscribing(deps: {
  db: Db;
  ledger: LedgerService;
  bus: Bus | undefined;
  calendar: EarnCalendar;
  now: () => number;
  checkFundPassword: FundPasswordCheck;
}) {
  const { db, ledger, bus, calendar, now, checkFundPassword } = deps;

  return {
    async subscribe(
      user: UserRow,
      req: EarnBuyRequest,
      key: string,
      locale: LocaleKey,
    ): Promise<EarnOrder> {
      await checkFundPassword(user, req.password);
      const body = { productId: req.productId, amount: req.amount };
      let posted: { currency: string; balances: Parameters<typeof pushBalance>[3] } | undefined;
      const order = await db.transaction((tx) =>
        runIdempotent(tx, { userId: user.id, key, operation: 'user/earnBuy', body }, async () => {
          const products = createProductsRepository(tx);
          const product = await products.forUpdate(BigInt(req.productId));
          if (!product) throw new AppError('EARN_PRODUCT_NOT_FOUND');
          const at = now();
          if (!isOnSale(product, at)) throw new AppError('EARN_NOT_ON_SALE');
          const currency = currencyOf(product.currency);
          const parsed = parseAmount(req.amount, currency);
          if (!parsed.ok) throw new AppError('AMOUNT_INVALID');
          const principal = parsed.minor;
          if (principal < product.minMinor || principal > product.maxMinor) {
            const range = {
              min: formatAmount(product.minMinor, currency),
              max: formatAmount(product.maxMinor, currency),
            };
            throw new AppError('EARN_AMOUNT_OUT_OF_RANGE', range, range);
          }
          const mine = (await products.subscribedBy(user.id, product.id)).get(product.id) ?? 0n;
          const left = remaining(product, mine);
          if (left.user !== null && principal > left.user) {
            const r = { remaining: formatAmount(left.user, currency) };
            throw new AppError('EARN_USER_QUOTA_EXCEEDED', r, r);
          }
          if (left.total !== null && principal > left.total) {
            const r = { remaining: formatAmount(left.total, currency) };
            throw new AppError('EARN_SOLD_OUT', r, r);
          }
          const journal = await ledger.post(tx, {
            kind: 'earn_subscribe',
            actor: `user:${user.id}`,
            userId: user.id,
            reference: `earn_product:${product.id}`,
            postings: [
              {
                account: { userId: user.id, currency, purpose: 'available' },
                amountMinor: -principal,
              },
              {
                account: { userId: user.id, currency, purpose: 'earn_principal' },
                amountMinor: principal,
              },
            ],
          });
          const startDay = calendar.dayOf(at);
          const row = await createOrdersRepository(tx).insert({
            userId: user.id,
            productId: product.id,
            currency,
            principalMinor: principal,
            rateE8: product.rateE8,
            cycleDays: product.cycleDays,
            penaltyBps: product.penaltyBps,
            startDay,
            accruedDays: 0,
            nextDueDay: startDay + 1,
            createdAtMs: at,
            openJournalId: journal.journalId,
          });
          await products.addSubscribed(product.id, principal);
          posted = { currency, balances: journal.balances };
          const name = product.names[locale] ?? product.names['en-US'] ?? '';
          return toOrder(row, name, calendar);
        }),
      );
      if (bus && posted) pushBalance(bus, user.id, currencyOf(posted.currency), posted.balances);
      return order;
    },
  };
}
