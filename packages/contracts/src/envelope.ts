import { z } from 'zod';

/** Stable machine codes carried beside the human message on every refusal (api.md). */
export const ErrorCode = z.enum([
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'USER_EXISTS',
  'WRONG_PASSWORD',
  'INSUFFICIENT_FUNDS',
  'ACCOUNT_LOCKED',
  'INTERNAL_ERROR',
  // Casino refusals.
  'GAME_NOT_FOUND',
  'PROVIDER_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every answer: `{status, message, data}`; refusals add `code`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.boolean(),
    message: z.string(),
    data: data.optional(),
    code: z.string().optional(),
  });

export const ErrorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  code: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
