import {
  kycCaseIdParams,
  kycCaseListQuerySchema,
  kycCaseListSchema,
  kycCaseSchema,
  kycClaimSchema,
  kycDecideSchema,
  kycSettingsChangeSchema,
  kycSettingsSchema,
} from '@ampere/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../http/query.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { KycService, Reviewer } from './kyc.service.js';

/** The real-name review queue and its document setting under /api/admin/v1/kyc (docs/kyc.md). */
export function kycStaffRoutes(services: {
  kyc: KycService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const { kyc, staff } = services;
  const reviewerOf = (req: FastifyRequest): Reviewer => {
    const { member } = staffOf(req);
    return {
      id: member.id,
      username: member.username,
      audit: staff.actor(member, requestContext(req)),
    };
  };

  return async (app) => {
    const tags = ['kyc'];

    app.get(
      '/kyc/cases',
      {
        config: { permission: 'kyc.read' },
        schema: {
          tags,
          summary: 'Real-name cases by status (under review by default), oldest first',
          querystring: withClientQuery(kycCaseListQuerySchema),
          response: responses(kycCaseListSchema),
        },
      },
      async (req) => ok(req, await kyc.list(req.query)),
    );

    app.get(
      '/kyc/cases/:id',
      {
        config: { permission: 'kyc.read' },
        schema: {
          tags,
          summary: 'One case: the full ID number and both images (short-lived signed addresses)',
          params: kycCaseIdParams,
          querystring: clientQuery,
          response: responses(kycCaseSchema),
        },
      },
      async (req) => ok(req, await kyc.get(BigInt(req.params.id))),
    );

    app.post(
      '/kyc/cases/:id/claim',
      {
        config: { permission: 'kyc.review' },
        schema: {
          tags,
          summary: 'Take the case for 15 minutes so no other reviewer decides it',
          params: kycCaseIdParams,
          body: z.optional(kycClaimSchema),
          response: responses(kycCaseSchema),
        },
      },
      async (req) => ok(req, await kyc.claim(reviewerOf(req), BigInt(req.params.id))),
    );

    app.post(
      '/kyc/cases/:id/decide',
      {
        config: { permission: 'kyc.review' },
        schema: {
          tags,
          summary:
            'Approve or decline (with a reason code) each side under review, with an optional note for the user',
          params: kycCaseIdParams,
          body: kycDecideSchema,
          response: responses(kycCaseSchema),
        },
      },
      async (req) => ok(req, await kyc.decide(reviewerOf(req), BigInt(req.params.id), req.body)),
    );

    app.get(
      '/kyc/settings',
      {
        config: { permission: 'kyc.read' },
        schema: {
          tags,
          summary: 'The identity documents users may verify with',
          querystring: clientQuery,
          response: responses(kycSettingsSchema),
        },
      },
      async (req) => ok(req, await kyc.settings()),
    );

    app.post(
      '/kyc/settings',
      {
        config: { permission: 'kyc.settings' },
        schema: {
          tags,
          summary: 'Set the identity documents on offer, whole (at least one); audited',
          body: kycSettingsChangeSchema,
          response: responses(kycSettingsSchema),
        },
      },
      async (req) => ok(req, await kyc.changeSettings(reviewerOf(req).audit, req.body)),
    );
  };
}
