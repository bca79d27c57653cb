import {
  formatAmount,
  type DepositDetail,
  type LocaleKey,
  type RechargeConfig,
  type RechargeDetail,
  type RechargeRequest,
} from '@ampere/contract';
import type { TFunction } from 'i18next';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { runIdempotent } from '../../ledger/idempotency.js';
import { closeTipFor } from '../../settings/settings.service.js';
import type { FundingDeps } from '../deps.js';
import { lockUserFunding } from '../locks.js';
import { pushFunding } from '../pushes.js';
import { amountOf, assertWithin, minorOf } from '../rules.js';
import { createTimelineRepository } from '../timeline.js';
import { createReceivingAccountsRepository } from './receiving-accounts.repository.js';
import { createRechargeRepository } from './recharge.repository.js';
import { accountView, depositDetail, rechargeDetail } from './recharge.views.js';

/** What a bank recharge's receipt upload is attached to (the upload's `attached_to`). */
export const proofOwner = (rechargeId: bigint) => `recharge:${rechargeId}`;

/**
 * Recharge, the user's side (docs/funding.md, "Recharge"): what is on offer, and declaring a
 * bank transfer — a pending record finance confirms or rejects (recharge.review.ts), or that
 * expires. USDT arrives by itself through the chain port's deposits.
 */
export function createRecharge(deps: FundingDeps) {
  const { db, bus, chain, settings, uploads, now } = deps;

  async function detail(userId: bigint, id: bigint, t: TFunction): Promise<RechargeDetail> {
    const row = await createRechargeRepository(db).find(id, { userId });
    if (!row) throw new AppError('RECHARGE_NOT_FOUND');
    const account = await createReceivingAccountsRepository(db).find(row.accountId);
    if (!account)
      throw new Error(`recharge ${id} names receiving account ${row.accountId}, which is gone`);
    const events = (await createTimelineRepository(db).of('recharge', [id])).get(id) ?? [];
    const proof = row.proofUploadId === null ? null : uploads.signed(row.proofUploadId);
    return rechargeDetail(row, account, events, t, proof);
  }

  /**
   * The receipt a user attaches: an upload of theirs, of purpose `recharge_proof`, that no record
   * uses yet — locked in `tx` until the recharge that takes it commits. Anything else is 5030.
   */
  async function usableProof(tx: Db, userId: bigint, id: string): Promise<string> {
    const upload = await uploads.ownedBy(tx, userId, id, 'recharge_proof');
    if (upload?.attachedTo !== null) throw new AppError('RECHARGE_PROOF_INVALID');
    return upload.id;
  }

  return {
    detail,

    /** GET user/depositDetail: one of the user's USDT chain deposits (5031 otherwise). */
    async deposit(userId: bigint, id: bigint, t: TFunction): Promise<DepositDetail> {
      const found = await chain.deposit(userId, id);
      if (!found) throw new AppError('DEPOSIT_NOT_FOUND');
      const name = chain.networks().find((n) => n.key === found.network)?.name ?? found.network;
      return depositDetail(found, t, name);
    },

    /** The user's bank recharges, newest first, strictly before `before` (the trackers). */
    rows: (userId: bigint, before: { time: Date; id: bigint } | undefined, limit: number) =>
      createRechargeRepository(db).forUser(userId, before, limit),

    async config(userId: bigint, locale: LocaleKey): Promise<RechargeConfig> {
      const s = await settings.get();
      const rules = s.fundingRules.recharge;
      const accounts = s.rechargeOpen ? await createReceivingAccountsRepository(db).enabled() : [];
      const networks = s.rechargeOpen ? chain.networks() : [];
      const tip = s.rechargeOpen ? undefined : closeTipFor(s.rechargeCloseTip, locale);
      return {
        open: s.rechargeOpen,
        ...(tip === undefined ? {} : { closeTip: tip }),
        bank: {
          available: accounts.length > 0,
          currency: 'money',
          min: formatAmount(minorOf(rules.bankMin, 'money'), 'money'),
          max: formatAmount(minorOf(rules.bankMax, 'money'), 'money'),
          accounts: accounts.map(accountView),
          expiresAfterS: rules.pendingExpiryMinutes * 60,
        },
        usdt: {
          available: networks.length > 0,
          unavailableReason: chain.networks().length === 0 ? 'no_network' : null,
          networks: await Promise.all(
            networks.map(async (n) => ({
              key: n.key,
              name: n.name,
              tokenAddress: n.tokenAddress,
              confirmations: n.confirmations,
              min: formatAmount(n.minMinor, 'usdt'),
              max: formatAmount(n.maxMinor, 'usdt'),
              address: await chain.depositAddress(userId, n.key),
            })),
          ),
        },
      };
    },

    /**
     * Declares a bank transfer, with its receipt's image when the user attached one: a pending
     * record (Idempotency-Key: a replay answers the same record).
     */
    async submit(
      userId: bigint,
      req: RechargeRequest,
      key: string,
      locale: LocaleKey,
      t: TFunction,
    ): Promise<RechargeDetail> {
      const s = await settings.get();
      if (!s.rechargeOpen) {
        const closeTip = closeTipFor(s.rechargeCloseTip, locale) ?? null;
        throw new AppError('RECHARGE_CLOSED', {}, { closeTip });
      }
      const rules = s.fundingRules.recharge;
      const amountMinor = amountOf(req.amount, 'money');
      assertWithin(
        amountMinor,
        minorOf(rules.bankMin, 'money'),
        minorOf(rules.bankMax, 'money'),
        'money',
      );
      const account = await createReceivingAccountsRepository(db).find(BigInt(req.accountId));
      if (!account?.enabled) throw new AppError('RECEIVING_ACCOUNT_UNAVAILABLE');
      const { id } = await db.transaction((tx) =>
        runIdempotent(tx, { userId, key, operation: 'user/recharge', body: req }, async () => {
          await lockUserFunding(tx, userId);
          const repo = createRechargeRepository(tx);
          if ((await repo.countPending(userId)) >= rules.pendingMax)
            throw new AppError('RECHARGE_PENDING_LIMIT');
          const proof = req.proof === undefined ? null : await usableProof(tx, userId, req.proof);
          const at = now();
          const row = await repo.insert({
            userId,
            accountId: account.id,
            amountMinor,
            payerName: req.payerName,
            reference: req.reference,
            proofUploadId: proof,
            createdAt: at,
            expiresAt: new Date(at.getTime() + rules.pendingExpiryMinutes * 60_000),
          });
          // From now on the owner cannot delete it (8006), and no other recharge can take it.
          if (proof !== null) await uploads.attach(tx, [proof], proofOwner(row.id));
          await createTimelineRepository(tx).add('recharge', row.id, {
            event: 'submitted',
            at,
            actor: `user:${userId}`,
          });
          return { id: row.id.toString(), at: at.toISOString() };
        }),
      );
      const result = await detail(userId, BigInt(id), t);
      pushFunding(bus, userId, { kind: 'recharge', id, status: result.status, at: result.time });
      return result;
    },
  };
}

export type Recharge = ReturnType<typeof createRecharge>;
