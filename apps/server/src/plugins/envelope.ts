import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode, ErrorEnvelope } from '@exchange/contracts';
import { AppError } from '../lib/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

/**
 * Every refusal as `{status: false, message, code}`: our AppErrors as they are, Fastify's own
 * 4xx errors (bad JSON, wrong media type, body too large) with their message, anything else as a
 * 500 that is logged but never shown. API answers are never cached.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      let body: ErrorEnvelope;
      let httpStatus: number;
      if (error instanceof AppError) {
        httpStatus = error.httpStatus;
        body = { status: false, message: error.message, code: error.code };
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        httpStatus = error.statusCode;
        body = { status: false, message: error.message, code: CODE_BY_STATUS[httpStatus] ?? 'VALIDATION_ERROR' };
      } else {
        request.log.error({ err: error }, 'request failed');
        httpStatus = 500;
        body = { status: false, message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' };
      }
      if (httpStatus < 500) request.log.info({ code: body.code, httpStatus }, body.message);
      return reply.status(httpStatus).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ErrorEnvelope = { status: false, message: `Not found: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' };
      return reply.status(404).send(body);
    });

    // A callback hook, not an async one: it runs on every answer, and an async hook costs a
    // promise and a microtask per request for a header.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store, no-cache');
      done(null, payload);
    });
  },
  { name: 'envelope' },
);
