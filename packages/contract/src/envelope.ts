import { z } from 'zod';

/** Every answer: `{ status: "success", message?, data? }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string().optional(), data });

export const messageEnvelope = z.object({ status: z.literal('success'), message: z.string() });

/** Every failure: HTTP 4xx/5xx with `{ status: "error", message, errors?, code? }`; `code` names a failure a client acts on. */
export const errorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  code: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
