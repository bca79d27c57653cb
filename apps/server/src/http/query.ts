import { z } from 'zod';

/** Every client request carries `lang` (SPEC §7); config calls may add a cache-busting stamp. */
export const clientQuery = z.strictObject({
  lang: z.string().max(16).optional(),
  _t: z.string().max(20).optional(),
});
