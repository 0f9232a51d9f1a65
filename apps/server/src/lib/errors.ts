import type { ErrorCode } from '@exchange/contracts';

/**
 * A refusal the client should see: HTTP status, a stable code, a human message, any headers it
 * needs (Retry-After) and, on the few refusals that carry one, what to go on with (`data`).
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Unauthorized. Please log in again.') => new AppError(401, 'UNAUTHORIZED', message);
/** The words of a session that ended by itself (idle or too old, ADR 42), on a call and on /ws. */
export const SESSION_EXPIRED_MESSAGE = 'Your session expired. Please log in again.';
export const sessionExpired = () => new AppError(401, 'SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
/** A session of a user who must change the password first, on any other call (ADR 25). */
export const passwordChangeRequired = () =>
  new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Please change your password before you continue.');
