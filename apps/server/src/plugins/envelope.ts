import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode, ErrorEnvelope } from '@exchange/contracts';
import { AppError } from '../lib/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'REQUEST_TOO_LARGE',
  414: 'REQUEST_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'REQUEST_TOO_LARGE',
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers or URL over 16 kB,
 * a timeout, a malformed request line) and emits 'clientError' with the bare socket. Fastify's
 * default answer has its own shape; this one writes the envelope, then closes the connection
 * as Node does. Passed to Fastify as `clientErrorHandler`.
 */
export function envelopeClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [httpStatus, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers or address too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timed out']
        : [400, 'Malformed HTTP request'];
  const body: ErrorEnvelope = { status: false, message, code: CODE_BY_STATUS[httpStatus] ?? 'VALIDATION_ERROR' };
  const json = JSON.stringify(body);
  this.log.info({ code: body.code, httpStatus, err: err.code }, message);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${httpStatus} ${STATUS_CODES[httpStatus]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store, no-cache\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}

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
        body = { status: false, message: error.message, code: error.code, ...(error.data === undefined ? {} : { data: error.data }) };
        reply.headers(error.headers);
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
