import {
  adminAgreementListSchema,
  adminAgreementVersionSchema,
  agreementVersionChangeSchema,
  adminBannerListSchema,
  adminBannerSchema,
  adminCustomerServiceSchema,
  adminNoticeListSchema,
  adminNoticeSchema,
  bannerChangeSchema,
  contentIdParams,
  contentImagePurposeSchema,
  contentImageSchema,
  contentRemovedSchema,
  customerServiceChangeSchema,
  noticeChangeSchema,
} from '@ampere/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery } from '../../http/query.js';
import { requestContext, staffOf } from '../staff/staff.guard.js';
import type { StaffService } from '../staff/staff.service.js';
import type { ContentService } from './content.service.js';

const removed = contentRemovedSchema;
const tooLarge = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Thirteen languages of a long agreement exceed the API's usual body limit. */
const AGREEMENT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Announcements, banners, customer service, their images and the user agreement's versions
 * under /api/admin/v1/content (docs/content.md): read with content.read, changed with
 * content.manage; one audit row each.
 */
export function contentStaffRoutes(
  services: { content: ContentService; staff: StaffService },
  platform: { env: { UPLOAD_MAX_BYTES: number } },
): FastifyPluginAsyncZod {
  const { content, staff } = services;
  const maxBytes = platform.env.UPLOAD_MAX_BYTES;
  const who = (req: FastifyRequest) => staff.actor(staffOf(req).member, requestContext(req));
  const read = { permission: 'content.read' } as const;
  const manage = { permission: 'content.manage' } as const;

  return async (app) => {
    const tags = ['content'];

    app.get(
      '/content/notices',
      {
        config: read,
        schema: {
          tags,
          summary: 'Every announcement, drafts too, newest first',
          querystring: clientQuery,
          response: responses(adminNoticeListSchema),
        },
      },
      async (req) => ok(req, await content.notices.list()),
    );
    app.post(
      '/content/notices',
      {
        config: manage,
        schema: {
          tags,
          summary: 'New announcement: texts per language (sanitized on save), flags; audited',
          body: noticeChangeSchema,
          response: responses(adminNoticeSchema),
        },
      },
      async (req) => ok(req, await content.notices.create(who(req), req.body)),
    );
    app.post(
      '/content/notices/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Edit an announcement, whole; audited',
          params: contentIdParams,
          body: noticeChangeSchema,
          response: responses(adminNoticeSchema),
        },
      },
      async (req) =>
        ok(req, await content.notices.update(who(req), BigInt(req.params.id), req.body)),
    );
    app.post(
      '/content/notices/:id/delete',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Delete an announcement (and its read marks); audited',
          params: contentIdParams,
          response: responses(removed),
        },
      },
      async (req) => ok(req, await content.notices.remove(who(req), BigInt(req.params.id))),
    );

    app.get(
      '/content/banners',
      {
        config: read,
        schema: {
          tags,
          summary: 'Every banner in display order',
          querystring: clientQuery,
          response: responses(adminBannerListSchema),
        },
      },
      async (req) => ok(req, await content.banners.list()),
    );
    app.post(
      '/content/banners',
      {
        config: manage,
        schema: {
          tags,
          summary: 'New banner: an uploaded image, link, window, order; audited',
          body: bannerChangeSchema,
          response: responses(adminBannerSchema),
        },
      },
      async (req) => ok(req, await content.banners.create(who(req), req.body)),
    );
    app.post(
      '/content/banners/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Edit a banner, whole; audited',
          params: contentIdParams,
          body: bannerChangeSchema,
          response: responses(adminBannerSchema),
        },
      },
      async (req) =>
        ok(req, await content.banners.update(who(req), BigInt(req.params.id), req.body)),
    );
    app.post(
      '/content/banners/:id/delete',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Delete a banner; audited',
          params: contentIdParams,
          response: responses(removed),
        },
      },
      async (req) => ok(req, await content.banners.remove(who(req), BigInt(req.params.id))),
    );

    app.get(
      '/content/customer-service',
      {
        config: read,
        schema: {
          tags,
          summary: 'Agents and QR code of every language that has them',
          querystring: clientQuery,
          response: responses(adminCustomerServiceSchema),
        },
      },
      async (req) => ok(req, await content.customerService.get()),
    );
    app.post(
      '/content/customer-service',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Set every language’s agents (up to three) and QR code, whole; audited',
          body: customerServiceChangeSchema,
          response: responses(adminCustomerServiceSchema),
        },
      },
      async (req) => ok(req, await content.customerService.change(who(req), req.body)),
    );

    app.post(
      '/content/images',
      {
        config: manage,
        schema: {
          tags,
          summary:
            'Upload a public image (multipart `file`, `purpose`): JPEG, PNG or WebP by magic bytes, re-encoded; audited',
          response: responses(contentImageSchema),
        },
      },
      async (req) => {
        let data: Buffer;
        let purpose: unknown;
        try {
          const part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 2 } });
          if (!part) throw new AppError('UPLOAD_MISSING');
          const field = part.fields.purpose;
          if (field && !Array.isArray(field) && field.type === 'field') purpose = field.value;
          data = await part.toBuffer();
        } catch (error) {
          if (tooLarge(error)) throw new AppError('UPLOAD_TOO_LARGE', {}, { maxBytes });
          throw error;
        }
        const parsed = contentImagePurposeSchema.safeParse(purpose);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED');
        if (data.length === 0) throw new AppError('UPLOAD_MISSING');
        return ok(req, await content.images.upload(who(req), parsed.data, data));
      },
    );

    app.get(
      '/content/agreements',
      {
        config: read,
        schema: {
          tags,
          summary:
            'The user agreement’s latest versions, newest first: texts, state, effective time, acceptances',
          querystring: clientQuery,
          response: responses(adminAgreementListSchema),
        },
      },
      async (req) => ok(req, await content.agreements.list()),
    );
    app.post(
      '/content/agreements',
      {
        config: manage,
        bodyLimit: AGREEMENT_BODY_LIMIT_BYTES,
        schema: {
          tags,
          summary:
            'Publish the next agreement version (texts sanitized, English required, effective now or later); users accept it at their next launch; audited',
          body: agreementVersionChangeSchema,
          response: responses(adminAgreementVersionSchema),
        },
      },
      async (req) => ok(req, await content.agreements.publish(who(req), req.body)),
    );
  };
}
