import { envelopeSchema, errorEnvelopeSchema, type Envelope } from '@ampere/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * The success envelope: code 0, the data, and a localized message — "Success", or the action's
 * own (`messages.<key>`, e.g. "Successful login").
 */
export function ok<T>(req: FastifyRequest, data: T, messageKey?: string): Envelope<T> {
  return {
    code: 0,
    msg: successMessage(req, messageKey ? `messages.${messageKey}` : 'errors.ok'),
    data,
  };
}

/** Success messages are fixed per locale and key: translated once, not on every request. */
const successMessages = new Map<string, string>();

function successMessage(req: FastifyRequest, key: string): string {
  const id = `${req.locale}\u0000${key}`;
  let message = successMessages.get(id);
  if (message === undefined) {
    message = req.t(key);
    successMessages.set(id, message);
  }
  return message;
}

/** Response schemas for a route: its data on 200, the error envelope on every 4xx and 5xx. */
export function responses<T extends z.core.$ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}
