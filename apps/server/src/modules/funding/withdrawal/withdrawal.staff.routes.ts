import {
  adminWithdrawalListQuerySchema,
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  fundingIdParams,
  fundingRejectSchema,
  withdrawalApproveSchema,
  withdrawalPaidSchema,
  withdrawalSendSchema,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../../http/query.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { FundingService } from '../funding.service.js';
import { keyOf, memberOf } from '../staff-member.js';

/** Withdrawals, under /api/admin/v1/funding. Every POST takes an Idempotency-Key header. */
export function withdrawalStaffRoutes({
  funding,
  staff,
}: {
  funding: FundingService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const review = funding.withdrawalReview;
  return async (app) => {
    const tags = ['funding'];
    const params = fundingIdParams;
    const id = (p: { id: string }) => BigInt(p.id);
    app.get(
      '/funding/withdrawals',
      {
        config: { permission: 'funding.read' },
        schema: {
          tags,
          summary: 'Withdrawals: newest first; the pending and approved queues oldest first',
          querystring: withClientQuery(adminWithdrawalListQuerySchema),
          response: responses(adminWithdrawalListSchema),
        },
      },
      async (req) => ok(req, await review.list(req.query, req.t)),
    );
    app.get(
      '/funding/withdrawals/:id',
      {
        config: { permission: 'funding.read' },
        schema: {
          tags,
          summary: 'One withdrawal with its timeline',
          params,
          querystring: clientQuery,
          response: responses(adminWithdrawalSchema),
        },
      },
      async (req) => ok(req, await review.get(id(req.params), req.t)),
    );
    app.post(
      '/funding/withdrawals/:id/approve',
      {
        config: { permission: 'funding.review' },
        schema: {
          tags,
          summary: 'Approve; at or above the second-approval amount, a second member approves too',
          params,
          body: withdrawalApproveSchema,
          response: responses(adminWithdrawalSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await review.approve(
            memberOf(staff, req),
            id(req.params),
            req.body.note,
            keyOf(req),
            req.t,
          ),
        ),
    );
    app.post(
      '/funding/withdrawals/:id/reject',
      {
        config: { permission: 'funding.review' },
        schema: {
          tags,
          summary: 'Reject with a reason: the hold goes back to the user',
          params,
          body: fundingRejectSchema,
          response: responses(adminWithdrawalSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await review.reject(
            memberOf(staff, req),
            id(req.params),
            req.body.reason,
            req.body.note,
            keyOf(req),
            req.t,
          ),
        ),
    );
    app.post(
      '/funding/withdrawals/:id/paid',
      {
        config: { permission: 'funding.pay' },
        schema: {
          tags,
          summary: 'Mark an approved withdrawal paid, with the payout reference',
          params,
          body: withdrawalPaidSchema,
          response: responses(adminWithdrawalSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await review.markPaid(
            memberOf(staff, req),
            id(req.params),
            req.body.reference,
            req.body.note,
            keyOf(req),
            req.t,
          ),
        ),
    );
    app.post(
      '/funding/withdrawals/:id/send',
      {
        config: { permission: 'funding.pay' },
        schema: {
          tags,
          summary: 'Pay an approved USDT withdrawal through the chain',
          params,
          body: withdrawalSendSchema,
          response: responses(adminWithdrawalSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await review.send(memberOf(staff, req), id(req.params), req.body.note, keyOf(req), req.t),
        ),
    );
  };
}
