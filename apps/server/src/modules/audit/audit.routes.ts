import {
  auditListQuerySchema,
  auditListSchema,
  auditVerificationSchema,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../http/query.js';
import type { AuditService } from './audit.service.js';

const PAGE = 50;

/** The audit log in the back office: read it, and re-check the whole chain. */
export function auditStaffRoutes(services: { audit: AuditService }): FastifyPluginAsyncZod {
  const { audit } = services;
  return async (app) => {
    const tags = ['audit'];

    app.get(
      '/audit',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary: 'Audit entries, newest first (filter by actor, action or `prefix*`, subject)',
          querystring: withClientQuery(auditListQuerySchema),
          response: responses(auditListSchema),
        },
      },
      async (req) => {
        const { before, limit = PAGE, actor, action, subject } = req.query;
        const rows = await audit.list({
          before: before === undefined ? undefined : BigInt(before),
          limit: limit + 1,
          actor,
          action,
          subject,
        });
        const page = rows.slice(0, limit);
        return ok(req, {
          items: page.map((r) => ({
            id: r.id.toString(),
            actor: r.actor,
            action: r.action,
            subject: r.subject,
            detail: r.detail as Record<string, unknown>,
            prevHash: r.prevHash,
            hash: r.hash,
            createdAt: r.createdAt.toISOString(),
          })),
          nextBefore: rows.length > limit ? (page.at(-1)?.id.toString() ?? null) : null,
        });
      },
    );

    app.get(
      '/audit/verify',
      {
        config: { permission: 'audit.verify' },
        schema: {
          tags,
          summary: 'Recompute the whole chain and compare it with the last recorded head',
          querystring: clientQuery,
          response: responses(auditVerificationSchema),
        },
      },
      async (req) => ok(req, await audit.verify()),
    );
  };
}
