import {
  accessSettingsChangeSchema,
  accessSettingsSchema,
  addressBlockChangeSchema,
  addressBlockIdParams,
  addressBlockListSchema,
  addressBlockQuerySchema,
  addressBlockSchema,
} from '@ampere/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../http/query.js';
import { requestOrigin } from '../../http/origin.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { AccessService } from './access.service.js';

/**
 * Address blocks and the restricted-page address under /api/admin/v1/access (docs/content.md):
 * read with access.read, changed with access.manage; one audit row each.
 */
export function accessStaffRoutes(services: {
  access: AccessService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const { access, staff } = services;
  const who = (req: FastifyRequest) => staff.actor(staffOf(req).member, requestContext(req));
  const read = { permission: 'access.read' } as const;
  const manage = { permission: 'access.manage' } as const;

  return async (app) => {
    const tags = ['access'];

    app.get(
      '/access/blocks',
      {
        config: read,
        schema: {
          tags,
          summary:
            'Address blocks in force (state=active) or the history (state=past), newest first',
          querystring: withClientQuery(addressBlockQuerySchema),
          response: responses(addressBlockListSchema),
        },
      },
      async (req) => ok(req, await access.list(req.query)),
    );
    app.post(
      '/access/blocks',
      {
        config: manage,
        schema: {
          tags,
          summary:
            'Block an IPv4/IPv6 address or CIDR range from the user API, with a note and an optional expiry; every node within 2 s; audited',
          body: addressBlockChangeSchema,
          response: responses(addressBlockSchema),
        },
      },
      async (req) => ok(req, await access.add(who(req), req.body)),
    );
    app.post(
      '/access/blocks/:id/delete',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Lift an address block (kept in the history); audited',
          params: addressBlockIdParams,
          response: responses(addressBlockSchema),
        },
      },
      async (req) => ok(req, await access.remove(who(req), BigInt(req.params.id))),
    );

    app.get(
      '/access/settings',
      {
        config: read,
        schema: {
          tags,
          summary: 'Where restricted users are sent (config Black_run)',
          querystring: clientQuery,
          response: responses(accessSettingsSchema),
        },
      },
      async (req) => ok(req, await access.settings(requestOrigin(req))),
    );
    app.post(
      '/access/settings',
      {
        config: manage,
        schema: {
          tags,
          summary:
            'Set where restricted users are sent: an http(s) address, or empty for the app’s own restricted page; audited',
          body: accessSettingsChangeSchema,
          response: responses(accessSettingsSchema),
        },
      },
      async (req) =>
        ok(req, await access.changeSettings(who(req), req.body.blackRunUrl, requestOrigin(req))),
    );
  };
}
