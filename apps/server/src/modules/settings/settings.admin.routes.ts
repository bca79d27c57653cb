import {
  fundingChangeSchema,
  fundingKindParams,
  fundingSettingsSchema,
  memberLevelsSchema,
  PRACTICE_START_MAX,
  practiceSettingsChangeSchema,
  practiceSettingsSchema,
} from '@ampere/contract/admin';
import { formatAmount, parseAmount } from '@ampere/contract';
import { AppError } from '../../errors.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { SettingsService } from './settings.service.js';

/** The back office's funding switches, member-level thresholds and practice starting balance. */
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

    app.get(
      '/settings/practice',
      {
        config: { permission: 'settings.read' },
        schema: {
          tags,
          summary: "A practice book's starting balance (USDT): on opening and on every reset",
          querystring: clientQuery,
          response: responses(practiceSettingsSchema),
        },
      },
      async (req) => ok(req, { start: await settings.practiceStart() }),
    );

    app.post(
      '/settings/practice',
      {
        config: { permission: 'settings.products' },
        schema: {
          tags,
          summary: 'Set the practice starting balance (above 0, at most 1,000,000 USDT)',
          body: practiceSettingsChangeSchema,
          response: responses(practiceSettingsSchema),
        },
      },
      async (req) => {
        const parsed = parseAmount(req.body.start, 'usdt');
        const max = parseAmount(PRACTICE_START_MAX, 'usdt');
        if (!parsed.ok || !max.ok || parsed.minor > max.minor)
          throw new AppError(
            'PRACTICE_START_OUT_OF_RANGE',
            { max: PRACTICE_START_MAX },
            { max: PRACTICE_START_MAX },
          );
        const who = staff.actor(staffOf(req).member, requestContext(req));
        const start = formatAmount(parsed.minor, 'usdt');
        return ok(req, { start: await settings.changePracticeStart(who, start) });
      },
    );
  };
}
