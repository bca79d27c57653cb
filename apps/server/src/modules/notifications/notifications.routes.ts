import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadResultSchema,
  notificationReadSchema,
  notificationUnreadSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { NotificationsService } from './notifications.service.js';

/** The inbox (issue #17 item 4, docs/content.md "Notifications"): the signed-in user's own. */
export function notificationsRoutes(services: {
  notifications: NotificationsService;
  guard: UserGuard;
}): FastifyPluginAsyncZod {
  const { notifications, guard } = services;
  return async (app) => {
    const tags = ['notifications'];

    app.get(
      '/user/notifications',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary:
            'The caller’s notifications, newest first, written in their language, with the unread count',
          querystring: notificationListQuerySchema,
          response: responses(notificationListSchema),
        },
      },
      async (req) => ok(req, await notifications.list(authOf(req).user.id, req.query, req.locale)),
    );

    app.get(
      '/user/notificationUnread',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'The caller’s unread count (counted up to 100), for the bell',
          querystring: clientQuery,
          response: responses(notificationUnreadSchema),
        },
      },
      async (req) => ok(req, await notifications.unread(authOf(req).user.id)),
    );

    app.post(
      '/user/notificationRead',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary:
            'Marks notifications read: up to 50 ids (others’ ids are ignored), or `all` up to `upTo`',
          querystring: clientQuery,
          body: notificationReadSchema,
          response: responses(notificationReadResultSchema),
        },
      },
      async (req) => ok(req, await notifications.markRead(authOf(req).user.id, req.body)),
    );
  };
}
