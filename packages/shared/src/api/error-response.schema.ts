import { z } from 'zod';

// Apart from errors.ts, which the web app's first bundle uses without zod (ADR 0032).
export const errorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Field errors of a VALIDATION_FAILED answer: dotted path → German message. */
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
