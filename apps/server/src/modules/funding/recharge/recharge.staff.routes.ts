import {
  adminReceivingAccountListSchema,
  adminReceivingAccountSchema,
  adminRechargeListQuerySchema,
  adminRechargeListSchema,
  adminRechargeSchema,
  fundingIdParams,
  fundingRejectSchema,
  rechargeConfirmSchema,
  receivingAccountChangeSchema,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../../http/query.js';
import type { StaffService } from '../../staff/staff.service.js';
import type { FundingService } from '../funding.service.js';
import { keyOf, memberOf } from '../staff-member.js';

/** Bank recharges and the receiving accounts, under /api/admin/v1/funding. */
export function rechargeStaffRoutes({
  funding,
  staff,
}: {
  funding: FundingService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const review = funding.rechargeReview;
  return async (app) => {
    const tags = ['funding'];
    app.get(
      '/funding/recharges',
      {
        config: { permission: 'funding.read' },
        schema: {
          tags,
          summary: 'Bank recharges: newest first; the pending queue oldest first',
          querystring: withClientQuery(adminRechargeListQuerySchema),
          response: responses(adminRechargeListSchema),
        },
      },
      async (req) => ok(req, await review.list(req.query, req.t)),
    );
    app.get(
      '/funding/recharges/:id',
      {
        config: { permission: 'funding.read' },
        schema: {
          tags,
          summary: 'One bank recharge with its timeline',
          params: fundingIdParams,
          querystring: clientQuery,
          response: responses(adminRechargeSchema),
        },
      },
      async (req) => ok(req, await review.get(BigInt(req.params.id), req.t)),
    );
    app.post(
      '/funding/recharges/:id/confirm',
      {
        config: { permission: 'funding.review' },
        schema: {
          tags,
          summary: 'Confirm: credit the user from bank_clearing (Idempotency-Key header)',
          params: fundingIdParams,
          body: rechargeConfirmSchema,
          response: responses(adminRechargeSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await review.confirm(
            memberOf(staff, req),
            BigInt(req.params.id),
            req.body.note,
            keyOf(req),
            req.t,
          ),
        ),
    );
    app.post(
      '/funding/recharges/:id/reject',
      {
        config: { permission: 'funding.review' },
        schema: {
          tags,
          summary: 'Reject with a reason (Idempotency-Key header)',
          params: fundingIdParams,
          body: fundingRejectSchema,
          response: responses(adminRechargeSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await review.reject(
            memberOf(staff, req),
            BigInt(req.params.id),
            req.body.reason,
            req.body.note,
            keyOf(req),
            req.t,
          ),
        ),
    );
    app.get(
      '/funding/receiving-accounts',
      {
        config: { permission: 'funding.read' },
        schema: {
          tags,
          summary: 'The platform’s receiving bank accounts',
          querystring: clientQuery,
          response: responses(adminReceivingAccountListSchema),
        },
      },
      async (req) => ok(req, await review.receivingAccounts()),
    );
    app.post(
      '/funding/receiving-accounts',
      {
        config: { permission: 'funding.settings' },
        schema: {
          tags,
          summary: 'Add a receiving account',
          body: receivingAccountChangeSchema,
          response: responses(adminReceivingAccountSchema),
        },
      },
      async (req) =>
        ok(req, await review.saveReceivingAccount(memberOf(staff, req), undefined, req.body)),
    );
    app.post(
      '/funding/receiving-accounts/:id',
      {
        config: { permission: 'funding.settings' },
        schema: {
          tags,
          summary: 'Change a receiving account, whole (disable it rather than delete)',
          params: fundingIdParams,
          body: receivingAccountChangeSchema,
          response: responses(adminReceivingAccountSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await review.saveReceivingAccount(memberOf(staff, req), BigInt(req.params.id), req.body),
        ),
    );
  };
}
