import { ERRORS, type ErrorDef } from '@ampere/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { describeIssues, RequestValidationError } from './validation.js';

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  def: ErrorDef,
  data: unknown = null,
  params: Record<string, string | number> = {},
) {
  return reply
    .code(def.status)
    .send({ code: def.code, msg: req.t(`errors.${def.key}`, withWait(req, params)), data });
}

/**
 * A wait in seconds (`waitS`) becomes `wait`, said in the caller's language with its plural:
 * seconds under a minute, else whole minutes rounded up ("1 minutes" for a 2 s wait, issue #23).
 */
function withWait(req: FastifyRequest, params: Record<string, string | number>) {
  const waitS = params.waitS;
  if (typeof waitS !== 'number') return params;
  const wait =
    waitS < 60
      ? req.t('duration.seconds', { count: Math.max(1, Math.ceil(waitS)) })
      : req.t('duration.minutes', { count: Math.ceil(waitS / 60) });
  return { ...params, wait };
}

/** Fastify's own refusals (body parsing, content type, size) mapped onto our catalogue. */
function frameworkError(error: FastifyError): ErrorDef | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return ERRORS.UNSUPPORTED_MEDIA_TYPE;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return ERRORS.PAYLOAD_TOO_LARGE;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_PROTO_VIOLATION':
      return ERRORS.MALFORMED_BODY;
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return ERRORS.NOT_FOUND;
  if (status === 405) return ERRORS.METHOD_NOT_ALLOWED;
  if (status === 413) return ERRORS.PAYLOAD_TOO_LARGE;
  if (status === 415) return ERRORS.UNSUPPORTED_MEDIA_TYPE;
  if (status === 429) return ERRORS.RATE_LIMITED;
  // A JSON syntax error and other unreadable bodies surface as plain 400s.
  if (status === 400) return ERRORS.MALFORMED_BODY;
  return undefined;
}

/**
 * Every error leaves as the envelope: business errors with their catalogue code, request-shape
 * errors with field-level detail, and anything unexpected as INTERNAL with no detail at all —
 * the stack goes to the log, never to the client.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, req, reply) => {
    if (error instanceof AppError) return send(req, reply, error.def, error.data, error.params);
    if (error instanceof RequestValidationError) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const issues = describeIssues(error, context, req.t);
      return reply.code(ERRORS.VALIDATION_FAILED.status).send({
        code: ERRORS.VALIDATION_FAILED.code,
        msg: issues[0]?.msg ?? req.t('errors.validation_failed'),
        data: { issues },
      });
    }
    const mapped = frameworkError(error);
    if (mapped) {
      req.log.info({ err: error }, 'request refused');
      return send(req, reply, mapped);
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(req, reply, ERRORS.INTERNAL);
  });

  app.setNotFoundHandler((req, reply) => send(req, reply, ERRORS.NOT_FOUND));
}
