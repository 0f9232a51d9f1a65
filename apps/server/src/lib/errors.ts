import type { ErrorCode } from '@exchange/contracts';

/** A refusal the client should see: HTTP status, a stable code and a human message. */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Unauthorized. Please log in again.') => new AppError(401, 'UNAUTHORIZED', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
