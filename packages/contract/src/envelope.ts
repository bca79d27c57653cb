import { z } from 'zod/mini';

/** SPEC §3: every response is `{code, msg, data}`; code 0 means success. */
export function envelopeSchema<T extends z.core.$ZodType>(data: T) {
  return z.object({ code: z.int(), msg: z.string(), data });
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const errorEnvelopeSchema = z.object({
  code: z.int(),
  msg: z.string(),
  data: z.unknown(),
});

/** A field-level validation problem, returned in `data.issues` of a validation error. */
export const validationIssueSchema = z.object({
  field: z.string(),
  msg: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;
