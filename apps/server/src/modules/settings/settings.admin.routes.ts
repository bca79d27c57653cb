import {
  fundingChangeSchema,
  fundingKindParams,
  fundingSettingsSchema,
  memberLevelsSchema,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { SettingsService } from './settings.service.js';

/** The back office's funding switches and member-level thresholds (issue #13). */
export function settingsStaffRoutes(services: {
  settings: SettingsService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const { settings, staff } = services;
  return async (app) => {
    const tags = ['settings'];

    app.get(
      '/settings/funding',
      {
        config: { permission: 'settings.read' },
        schema: {
          tags,
          summary: 'Recharge and withdrawal: open or closed, and the tip per locale while closed',
          querystring: clientQuery,
          response: responses(fundingSettingsSchema),
        },
      },
      async (req) => ok(req, await settings.funding()),
    );

    app.post(
      '/settings/funding/:kind',
      {
        config: { permission: 'settings.funding' },
        schema: {
          tags,
          summary:
            'Open or close recharge (or withdrawal) with its close tips; every node within 2 s',
          params: fundingKindParams,
          body: fundingChangeSchema,
          response: responses(fundingSettingsSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await settings.changeFunding(who, req.params.kind, req.body));
      },
    );

    app.get(
      '/settings/levels',
      {
        config: { permission: 'settings.read' },
        schema: {
          tags,
          summary: 'Member-level thresholds: cumulative trading volume per currency',
          querystring: clientQuery,
          response: responses(memberLevelsSchema),
        },
      },
      async (req) => ok(req, await settings.levels()),
    );

    app.post(
      '/settings/levels',
      {
        config: { permission: 'settings.levels' },
        schema: {
          tags,
          summary: 'Change the member-level thresholds (ascending, per currency)',
          body: memberLevelsSchema,
          response: responses(memberLevelsSchema),
        },
      },
      async (req) => {
        const who = staff.actor(staffOf(req).member, requestContext(req));
        return ok(req, await settings.changeLevels(who, req.body));
      },
    );
  };
}
