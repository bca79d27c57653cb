import {
  staffCreatedSchema,
  staffCreateSchema,
  staffIdParams,
  staffListSchema,
  staffMemberSchema,
  staffRoleChangeSchema,
  staffStatusChangeSchema,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { staffAuthRoutes } from './staff-auth.routes.js';
import { requestContext, staffOf } from './staff.guard.js';
import type { StaffService } from './staff.service.js';

/** Staff management: members, roles, status and resets (owner). */
export function staffMemberRoutes(services: { staff: StaffService }): FastifyPluginAsyncZod {
  const { staff } = services;
  return async (app) => {
    const tags = ['staff'];

    app.get(
      '/staff',
      {
        config: { permission: 'staff.read' },
        schema: {
          tags,
          summary: 'Every member of staff',
          querystring: clientQuery,
          response: responses(staffListSchema),
        },
      },
      async (req) => ok(req, { items: await staff.members.list() }),
    );

    app.post(
      '/staff',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: 'Add a member with a role; answers their one-time password (shown once)',
          body: staffCreateSchema,
          response: responses(staffCreatedSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await staff.members.create(who, req.body));
      },
    );

    app.post(
      '/staff/:id/role',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: "Change a member's role (their sessions end)",
          params: staffIdParams,
          body: staffRoleChangeSchema,
          response: responses(staffMemberSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await staff.members.setRole(who, BigInt(req.params.id), req.body.role));
      },
    );

    app.post(
      '/staff/:id/status',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: 'Disable (every session ends) or enable a member',
          params: staffIdParams,
          body: staffStatusChangeSchema,
          response: responses(staffMemberSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        const active = req.body.status === 'active';
        return ok(req, await staff.members.setStatus(who, BigInt(req.params.id), active));
      },
    );

    app.post(
      '/staff/:id/reset',
      {
        config: { permission: 'staff.manage' },
        schema: {
          tags,
          summary: 'A new one-time password and second factor for a member (sessions end)',
          params: staffIdParams,
          response: responses(staffCreatedSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await staff.members.reset(who, BigInt(req.params.id)));
      },
    );
  };
}

/** Every staff route of the module. */
export function staffRoutes(services: { staff: StaffService }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(staffAuthRoutes(services));
    await app.register(staffMemberRoutes(services));
  };
}
