import {
  formatAmount,
  type EarnOrder,
  type EarnRedeemPreview,
  type EarnRedeemRequest,
  type LocaleKey,
} from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { UserRow } from '../auth/users.js';
import { runIdempotent } from '../ledger/idempotency.js';
import type { JournalSpec, LedgerService, PostedJournal } from '../ledger/ledger.service.js';
import type { Bus } from '../realtime/bus.js';
import { pushBalance } from '../wallet/balance-push.js';
import type { EarnCalendar } from './days.js';
import { createOrdersRepository, type OrderRow } from './orders.repository.js';
import { createProductsRepository } from './products.repository.js';
import type { FundPasswordCheck } from './subscribing.js';
import { currencyOf, redemptionOf, toOrder } from './views.js';

function previewOf(o: OrderRow): EarnRedeemPreview {
  const c = currencyOf(o.currency);
  const { damagesMinor, refundMinor } = redemptionOf(o);
  return {
    id: o.id.toString(),
    currency: c,
    principal: formatAmount(o.principalMinor, c),
    interestPaid: formatAmount(o.interestPaidMinor, c),
    holdingDays: o.accruedDays,
    liquidatedDamages: formatAmount(damagesMinor, c),
    refundAmount: formatAmount(refundMinor, c),
  };
}

/**
 * Early redemption: a preview of exactly what redeeming now does, and a confirmation that sends
 * the preview's figures back and is carried out only if they are still exactly right (the order
 * locked, so no accrual can slip in between the check and the journals).
 */
export function createRedemption(deps: {
  db: Db;
  ledger: LedgerService;
  bus: Bus | undefined;
  calendar: EarnCalendar;
  now: () => number;
  checkFundPassword: FundPasswordCheck;
}) {
  const { db, ledger, bus, calendar, now, checkFundPassword } = deps;

  const hostingOrder = (o: OrderRow | undefined): OrderRow => {
    if (!o) throw new AppError('EARN_ORDER_NOT_FOUND');
    if (o.status !== 'hosting') throw new AppError('EARN_ORDER_NOT_HOSTING');
    return o;
  };

  return {
    async redeemPreview(userId: bigint, id: bigint): Promise<EarnRedeemPreview> {
      return previewOf(hostingOrder(await createOrdersRepository(db).ofUser(userId, id)));
    },

    async redeem(
      user: UserRow,
      req: EarnRedeemRequest,
      key: string,
      locale: LocaleKey,
    ): Promise<EarnOrder> {
      await checkFundPassword(user, req.password);
      // The figures and the order name the request; the password and language do not.
      const body = {
        id: req.id,
        principal: req.principal,
        interestPaid: req.interestPaid,
        liquidatedDamages: req.liquidatedDamages,
        refundAmount: req.refundAmount,
      };
      let balances: PostedJournal['balances'] = [];
      let currency: 'money' | 'usdt' = 'money';
      const result = await db.transaction((tx) =>
        runIdempotent(
          tx,
          { userId: user.id, key, operation: 'user/earnRedeem', body },
          async () => {
            const orders = createOrdersRepository(tx);
            const order = hostingOrder(await orders.ofUserForUpdate(user.id, BigInt(req.id)));
            const quote = previewOf(order);
            const same =
              quote.principal === req.principal &&
              quote.interestPaid === req.interestPaid &&
              quote.liquidatedDamages === req.liquidatedDamages &&
              quote.refundAmount === req.refundAmount;
            if (!same) throw new AppError('EARN_QUOTE_CHANGED', {}, quote);
            currency = currencyOf(order.currency);
            const { damagesMinor, refundMinor } = redemptionOf(order);
            const account = (purpose: 'available' | 'earn_principal') => ({
              userId: user.id,
              currency,
              purpose,
            });
            const specs: JournalSpec[] = [
              {
                kind: 'earn_redeem',
                actor: `user:${user.id}`,
                userId: user.id,
                reference: `earn_order:${order.id}`,
                postings: [
                  { account: account('earn_principal'), amountMinor: -order.principalMinor },
                  { account: account('available'), amountMinor: order.principalMinor },
                ],
              },
            ];
            if (damagesMinor > 0n) {
              specs.push({
                kind: 'earn_penalty',
                actor: `user:${user.id}`,
                userId: user.id,
                reference: `earn_order:${order.id}`,
                postings: [
                  { account: account('available'), amountMinor: -damagesMinor },
                  { account: { system: 'house_fees', currency }, amountMinor: damagesMinor },
                ],
              });
            }
            const journals = [];
            for (const spec of specs) journals.push(await ledger.post(tx, spec));
            balances = journals.flatMap((j) => j.balances);
            const closedAtMs = now();
            const redeemJournal = journals[0];
            if (!redeemJournal) throw new Error('earn redemption posted no journal');
            const cancelled = await orders.cancel(order.id, {
              closedAtMs,
              damagesMinor,
              refundMinor,
              journalId: redeemJournal.journalId,
            });
            if (!cancelled) throw new Error(`earn order ${order.id} changed under its lock`);
            const product = await createProductsRepository(tx).byId(order.productId);
            const name = product?.names[locale] ?? product?.names['en-US'] ?? '';
            return toOrder(
              {
                ...order,
                status: 'cancelled',
                closedAtMs,
                damagesMinor,
                refundMinor,
                closeJournalId: redeemJournal.journalId,
              },
              name,
              calendar,
            );
          },
        ),
      );
      if (bus && balances.length > 0) pushBalance(bus, user.id, currency, balances);
      return result;
    },
  };
}
