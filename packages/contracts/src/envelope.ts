import { z } from 'zod';

/** Stable machine codes carried beside the human message on every refusal (api.md). */
export const ErrorCode = z.enum([
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  // A session that ran out (idle or too old, ADR 42): the apps say so on their login.
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'USER_EXISTS',
  'WRONG_PASSWORD',
  'INSUFFICIENT_FUNDS',
  'ACCOUNT_LOCKED',
  'PASSWORD_CHANGE_REQUIRED',
  'INTERNAL_ERROR',
  // Refusals of the HTTP layer, before any call is reached.
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'REQUEST_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** A poll refused at a peak so that bets go first (ADR 64): 503 with Retry-After; ask again. */
  'SERVER_BUSY',
  /**
   * A market call whose matching process went away while it was asked (ADR 65): 503 with
   * Retry-After; it may have been done, so a retry keeps its client_ref.
   */
  'MARKET_HANDOVER',
  // Casino refusals.
  'GAME_NOT_FOUND',
  'PROVIDER_UNAVAILABLE',
  // Betting refusals.
  'INVALID_ODDS',
  'INVALID_STAKE',
  'BELOW_MIN_STAKE',
  'ABOVE_MAX_STAKE',
  'MARKET_SUSPENDED',
  'MARKET_CLOSED',
  'RUNNER_REMOVED',
  'ODDS_CHANGED',
  'FILL_OR_KILL_NOT_FILLED',
  // Issue 23: no bettor matches himself (ADR 50); cash out (ADR 49).
  'INVALID_BACK_LAY_COMBINATION',
  'CASH_OUT_UNAVAILABLE',
  'CASH_OUT_PRICE_MOVED',
  'DUPLICATE_BET',
  'MARKET_NOT_FOUND',
  'BET_NOT_FOUND',
  'MAX_PROFIT_EXCEEDED',
  'MARKET_NOT_OPEN_HOURS',
  // Agent refusals (ADR 32).
  'BET_LOCKED',
  'CLIENT_REF_CONFLICT',
  'NOT_DIRECT_USER',
  // Payments (ADR 33).
  'PAYMENTS_DISABLED',
  'NO_PAYMENT_METHOD',
  'UTR_ALREADY_USED',
  'RECEIPT_INVALID',
  'REQUEST_ALREADY_DECIDED',
  // Security auth (ADR 34).
  'OTP_REQUIRED',
  'OTP_INVALID',
  'SECURITY_AUTH_ALREADY_ENABLED',
  'SECURITY_AUTH_NOT_ENABLED',
  'SECURITY_AUTH_NOT_SET_UP',
  // Voided bets (ADR 35).
  'BET_NOT_VOIDABLE',
  'BET_ALREADY_VOIDED',
  'MARKET_HAS_VOIDED_BETS',
  // The console (ADR 36).
  'CONSOLE_FOR_AGENTS',
  'GAME_DISABLED',
  'CATALOG_CONFLICT',
  // Sign-up (ADR 41).
  'MOBILE_EXISTS',
  // The agents' business (ADR 48): a child never holds more than its parent, nor less than its own agents.
  'PARTNERSHIP_TOO_HIGH',
  'PARTNERSHIP_BELOW_DOWNLINE',
  // Safer gambling (issue 25, ADR 58).
  'DEPOSIT_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'LIMIT_NOT_CONFIRMABLE',
  'ACCOUNT_ON_BREAK',
  'SELF_EXCLUDED',
  'REOPEN_NOT_ALLOWED',
  // Limits an agent sets on a user (issue 25).
  'EXPOSURE_LIMIT_REACHED',
  'SPORT_BLOCKED',
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
  /** What the caller needs to go on, on the few refusals that carry it (CASH_OUT_PRICE_MOVED: the new quote). */
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
