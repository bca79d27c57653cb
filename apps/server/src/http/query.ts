import { z } from 'zod/mini';

/** Every client request carries `lang` (SPEC §7); config calls may add a cache-busting stamp. */
export const clientQuery = z.strictObject({
  lang: z.optional(z.string().check(z.maxLength(16))),
  _t: z.optional(z.string().check(z.maxLength(20))),
});

/** A route's own query schema with the client's parameters (`lang`, `_t`) allowed as well. */
export const withClientQuery = <T extends z.ZodMiniObject>(schema: T) =>
  z.extend(schema, clientQuery.shape);
