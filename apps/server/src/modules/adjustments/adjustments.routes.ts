import {
  adjustmentApproveSchema,
  adjustmentIdParams,
  adjustmentListQuerySchema,
  adjustmentListSchema,
  adjustmentRejectSchema,
  adjustmentRequestSchema,
  adjustmentSchema,
} from '@ampere/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../http/query.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { AdjustmentsService, Member } from './adjustments.service.js';

/** The Idempotency-Key header every adjustment POST carries (checked by the ledger's helper). */
function keyOf(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string') throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return key;
}

/** Manual balance adjustments, maker-checker (issue #13), under /api/admin/v1/adjustments. */
export function adjustmentsRoutes(services: {
  adjustments: AdjustmentsService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const { adjustments, staff } = services;
  const memberOf = (req: FastifyRequest): Member => {
    const { member } = staffOf(req);
    return {
      id: member.id,
      username: member.username,
      audit: staff.actor(member, requestContext(req)),
    };
  };

  return async (app) => {
    const tags = ['adjustments'];

    app.get(
      '/adjustments',
      {
        config: { permission: 'adjustments.read' },
        schema: {
          tags,
          summary: 'Adjustments, newest first, by status and user',
          querystring: withClientQuery(adjustmentListQuerySchema),
          response: responses(adjustmentListSchema),
        },
      },
      async (req) => ok(req, await adjustments.list(req.query)),
    );

    app.get(
      '/adjustments/:id',
      {
        config: { permission: 'adjustments.read' },
        schema: {
          tags,
          summary: 'One adjustment',
          params: adjustmentIdParams,
          querystring: clientQuery,
          response: responses(adjustmentSchema),
        },
      },
      async (req) => ok(req, await adjustments.get(BigInt(req.params.id))),
    );

    app.post(
      '/adjustments',
      {
        config: { permission: 'adjustments.request' },
        schema: {
          tags,
          summary:
            'Request an adjustment: a signed amount (credit +, debit −) and a reason (Idempotency-Key header)',
          body: adjustmentRequestSchema,
          response: responses(adjustmentSchema),
        },
      },
      async (req) => ok(req, await adjustments.request(memberOf(req), req.body, keyOf(req))),
    );

    app.post(
      '/adjustments/:id/approve',
      {
        config: { permission: 'adjustments.approve' },
        schema: {
          tags,
          summary:
            'Approve (never one’s own request): one journal, user available ↔ house equity (Idempotency-Key header)',
          params: adjustmentIdParams,
          body: adjustmentApproveSchema,
          response: responses(adjustmentSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await adjustments.approve(
            memberOf(req),
            BigInt(req.params.id),
            req.body.note,
            keyOf(req),
          ),
        ),
    );

    app.post(
      '/adjustments/:id/reject',
      {
        config: { permission: 'adjustments.approve' },
        schema: {
          tags,
          summary: 'Reject (never one’s own request), with a note (Idempotency-Key header)',
          params: adjustmentIdParams,
          body: adjustmentRejectSchema,
          response: responses(adjustmentSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await adjustments.reject(memberOf(req), BigInt(req.params.id), req.body.note, keyOf(req)),
        ),
    );
  };
}
