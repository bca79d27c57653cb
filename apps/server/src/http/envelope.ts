import { envelopeSchema, errorEnvelopeSchema, type Envelope } from '@ampere/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * The success envelope: code 0, the data, and a localized message — "Success", or the action's
 * own (`messages.<key>`, e.g. "Successful login").
 */
export function ok<T>(req: FastifyRequest, data: T, messageKey?: string): Envelope<T> {
  return { code: 0, msg: req.t(messageKey ? `messages.${messageKey}` : 'errors.ok'), data };
}

/** Response schemas for a route: its data on 200, the error envelope on every 4xx and 5xx. */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}
