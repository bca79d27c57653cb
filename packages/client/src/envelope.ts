import type { Envelope } from '@ampere/contract';

/**
 * Reads the `{code, msg, data}` envelope (SPEC §3) by the rules of the contract's
 * `errorEnvelopeSchema`: an object whose `code` is a safe integer and whose `msg` is a string;
 * `data` may be anything but must be there (zod 4 refuses an absent `z.unknown()` key). Unknown
 * keys are dropped, as zod drops them.
 *
 * Written by hand because every response passes through it, including the launch config the
 * first page waits for: with zod here, all of zod would be in the script a phone downloads before
 * the first paint (BRIEF §9). envelope.test.ts holds it to the contract's schema.
 */
export function parseEnvelope(body: unknown): Envelope<unknown> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  if (!('data' in body)) return undefined;
  const { code, msg, data } = body as Record<string, unknown>;
  if (typeof code !== 'number' || !Number.isSafeInteger(code)) return undefined;
  if (typeof msg !== 'string') return undefined;
  return { code, msg, data };
}
