import {
  adminExchangeListQuerySchema,
  adminExchangeListSchema,
  exchangeRateChangeSchema,
  exchangeRateSchema,
  fundingRulesSchema,
  fundingRulesViewSchema,
} from '@ampere/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../http/query.js';
import type { StaffService } from '../staff/staff.service.js';
import type { FundingService } from './funding.service.js';
import { memberOf } from './staff-member.js';

/** Funding rules, the exchange rate, and the exchanges, under /api/admin/v1/funding. */
export function fundingSettingsStaffRoutes({
  funding,
  staff,
}: {
  funding: FundingService;
  staff: StaffService;
}): FastifyPluginAsyncZod {
  const s = funding.settings;
  return async (app) => {
    const tags = ['funding'];
    app.get(
      '/funding/settings',
      {
        config: { permission: 'funding.read' },
        schema: {
          tags,
          summary: 'Funding rules: bounds, fees, daily count and window, expiry',
          querystring: clientQuery,
          response: responses(fundingRulesViewSchema),
        },
      },
      async (req) => ok(req, await s.rules()),
    );
    app.post(
      '/funding/settings',
      {
        config: { permission: 'funding.settings' },
        schema: {
          tags,
          summary: 'Change the funding rules, whole',
          body: fundingRulesSchema,
          response: responses(fundingRulesViewSchema),
        },
      },
      async (req) => ok(req, await s.changeRules(memberOf(staff, req), req.body)),
    );
    app.get(
      '/funding/exchange-rate',
      {
        config: { permission: 'funding.read' },
        schema: {
          tags,
          summary: 'The exchange’s middle rate, spread, and both sides',
          querystring: clientQuery,
          response: responses(exchangeRateSchema),
        },
      },
      async (req) => ok(req, await s.rate()),
    );
    app.post(
      '/funding/exchange-rate',
      {
        config: { permission: 'funding.rates' },
        schema: {
          tags,
          summary: 'Set the middle rate (CNY per USDT) and the spread',
          body: exchangeRateChangeSchema,
          response: responses(exchangeRateSchema),
        },
      },
      async (req) => ok(req, await s.changeRate(memberOf(staff, req), req.body)),
    );
    app.get(
      '/funding/exchanges',
      {
        config: { permission: 'funding.read' },
        schema: {
          tags,
          summary: 'Completed exchanges, newest first',
          querystring: withClientQuery(adminExchangeListQuerySchema),
          response: responses(adminExchangeListSchema),
        },
      },
      async (req) => ok(req, await s.exchanges(req.query)),
    );
  };
}
