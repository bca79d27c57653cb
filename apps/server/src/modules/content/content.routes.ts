import {
  agreementAcceptedSchema,
  agreementAcceptSchema,
  agreementPendingSchema,
  commonIndexSchema,
  customerServiceSchema,
  noticePopupsSchema,
  noticeReadResultSchema,
  noticeReadSchema,
  noticeSchema,
  noticeViewQuerySchema,
  userNoticeListSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../http/query.js';
import { authOf, clientContext, type UserGuard } from '../auth/auth.guard.js';
import type { ContentService } from './content.service.js';

/**
 * Home, announcements and customer service for the app (issue #17, SPEC §7 `common/index`,
 * `common/noticeView`): the public parts under common/, the user's read state under user/.
 */
export function contentRoutes(services: {
  content: ContentService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  const { content, guard } = services;
  return async (app) => {
    const tags = ['content'];

    app.get(
      '/common/index',
      {
        schema: {
          tags,
          summary: 'Home’s public part: banners in their window now, the latest announcements',
          querystring: clientQuery,
          response: responses(commonIndexSchema),
        },
      },
      async (req) => ok(req, await content.home(req.locale)),
    );

    app.get(
      '/common/noticeView',
      {
        schema: {
          tags,
          summary:
            'One published announcement in the caller’s language (else English); 6500 without an id, 6501 when there is none',
          querystring: withClientQuery(noticeViewQuerySchema),
          response: responses(noticeSchema),
        },
      },
      async (req) => ok(req, await content.notices.view(req.locale, req.query.id)),
    );

    app.get(
      '/common/customerService',
      {
        // The restricted page leads here: a blocked address may still reach a person.
        config: { openWhenBlocked: true },
        schema: {
          tags,
          summary: 'Up to three agents and a QR code in the caller’s language (open without login)',
          querystring: clientQuery,
          response: responses(customerServiceSchema),
        },
      },
      async (req) => ok(req, await content.customerService.forLocale(req.locale)),
    );

    app.get(
      '/common/image/:id',
      {
        // Customer service's avatars and QR code, for the same reason.
        config: { openWhenBlocked: true },
        schema: {
          tags,
          summary: 'A public content image (banner, avatar, QR code): a re-encoded JPEG',
          params: z.strictObject({ id: z.string().max(64) }),
          querystring: clientQuery,
        },
      },
      async (req, reply) => {
        const data = await content.images.open(req.params.id);
        return (
          reply
            .header('content-type', 'image/jpeg')
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'; sandbox")
            .header('content-disposition', 'inline')
            // Public by design (no user's data): the back office's sandboxed preview frame, whose
            // origin is opaque, may show it too.
            .header('cross-origin-resource-policy', 'cross-origin')
            // An id names one image forever: new content is a new id.
            .header('cache-control', 'public, max-age=31536000, immutable')
            .send(data)
        );
      },
    );

    app.get(
      '/user/notices',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'Published announcements with the caller’s read state and unread count',
          querystring: clientQuery,
          response: responses(userNoticeListSchema),
        },
      },
      async (req) => ok(req, await content.notices.forUser(authOf(req).user.id, req.locale)),
    );

    app.get(
      '/user/noticePopups',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'Pop-up announcements the caller has not seen on any device',
          querystring: clientQuery,
          response: responses(noticePopupsSchema),
        },
      },
      async (req) => ok(req, await content.notices.popups(authOf(req).user.id, req.locale)),
    );

    app.post(
      '/user/noticeRead',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'Mark announcements read (a pop-up: seen); answers the unread count',
          querystring: clientQuery,
          body: noticeReadSchema,
          response: responses(noticeReadResultSchema),
        },
      },
      async (req) =>
        ok(req, await content.notices.markRead(authOf(req).user.id, req.body.ids.split(','))),
    );

    app.get(
      '/user/agreementPending',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary:
            'The user service agreement in force when the caller has not accepted it yet; else null',
          querystring: clientQuery,
          response: responses(agreementPendingSchema),
        },
      },
      async (req) => ok(req, await content.agreements.pending(authOf(req).user.id, req.locale)),
    );

    app.post(
      '/user/agreementAccept',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary:
            'Accept the agreement version in force (6530 for any other), recorded with time and address',
          querystring: clientQuery,
          body: agreementAcceptSchema,
          response: responses(agreementAcceptedSchema),
        },
      },
      async (req) =>
        ok(
          req,
          await content.agreements.accept(
            authOf(req).user.id,
            req.body.version,
            clientContext(req),
          ),
        ),
    );
  };
}
