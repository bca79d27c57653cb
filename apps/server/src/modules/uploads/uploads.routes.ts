import {
  deletedUploadSchema,
  deleteUploadQuerySchema,
  fileParamsSchema,
  fileQuerySchema,
  uploadPurposeSchema,
  uploadSchema,
} from '@ampere/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { ok, responses } from '../../http/envelope.js';
import { clientQuery, withClientQuery } from '../../http/query.js';
import { authOf, type UserGuard } from '../auth/auth.guard.js';
import type { UploadsService } from './uploads.service.js';

/** @fastify/multipart's refusal of a file over the per-request size cap. */
const tooLarge = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * POST common/uploader (multipart: one `file`, optional `purpose`), GET common/deleteUploader
 * and the signed image address GET common/file/:id (SPEC §7, docs/kyc.md).
 */
export function uploadsRoutes(
  services: { uploads: UploadsService; guard: UserGuard },
  platform: { env: { UPLOAD_MAX_BYTES: number } },
): FastifyPluginAsyncZod {
  const { uploads, guard } = services;
  const maxBytes = platform.env.UPLOAD_MAX_BYTES;
  return async (app) => {
    const tags = ['uploads'];

    app.post(
      '/common/uploader',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary:
            'Upload one image (multipart `file`): JPEG, PNG or WebP by magic bytes, re-encoded to JPEG without metadata',
          querystring: clientQuery,
          response: responses(uploadSchema),
        },
      },
      async (req) => {
        const user = authOf(req).user;
        let data: Buffer;
        let purpose: unknown = 'kyc';
        try {
          // This route's own cap (UPLOAD_MAX_BYTES) instead of the pipeline's default.
          const part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 2 } });
          if (!part) throw new AppError('UPLOAD_MISSING');
          const field = part.fields.purpose;
          if (field && !Array.isArray(field) && field.type === 'field') purpose = field.value;
          data = await part.toBuffer();
        } catch (error) {
          if (tooLarge(error)) throw new AppError('UPLOAD_TOO_LARGE', {}, { maxBytes });
          throw error;
        }
        const parsed = uploadPurposeSchema.safeParse(purpose);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED');
        if (data.length === 0) throw new AppError('UPLOAD_MISSING');
        return ok(req, await uploads.upload(user.id, parsed.data, data));
      },
    );

    app.get(
      '/common/deleteUploader',
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'Delete one of the caller’s uploads that no submission uses',
          querystring: withClientQuery(deleteUploadQuerySchema),
          response: responses(deletedUploadSchema),
        },
      },
      async (req) => ok(req, await uploads.remove(authOf(req).user.id, req.query.id)),
    );

    app.get(
      '/common/file/:id',
      {
        schema: {
          tags,
          summary: 'An uploaded image through its short-lived signed address',
          params: fileParamsSchema,
          querystring: withClientQuery(fileQuerySchema),
        },
      },
      async (req, reply) => {
        const { id } = req.params;
        const data = await uploads.open(id, req.query.exp, req.query.sig);
        const left = Math.max(0, Number(req.query.exp) - Math.floor(Date.now() / 1000));
        return reply
          .header('content-type', 'image/jpeg')
          .header('content-disposition', `inline; filename="${id}.jpg"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', `private, max-age=${left}`)
          .send(data);
      },
    );
  };
}
