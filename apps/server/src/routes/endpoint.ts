import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { checkRequestBody, endpoints, type DataOf, type Endpoint, type EndpointName, type Endpoints } from '@exchange/contracts';
import { AppError } from '../lib/errors.ts';
import { checkAccess } from '../plugins/auth.ts';
import { acceptMultipart, readMultipartBody, type UploadedFile } from '../plugins/multipart-body.ts';
import type { AuthUser } from '../services/sessions.ts';

export interface HandlerContext<N extends EndpointName> {
  /** The body, already validated and transformed by the endpoint's schema. */
  body: z.output<Endpoints[N]['body']>;
  /** The caller; always set on 'user' endpoints. */
  user: Endpoints[N]['auth'] extends 'user' ? AuthUser : null;
  /** The file of a multipart call with `upload` in the table; undefined when none was sent (or JSON). */
  upload: UploadedFile | undefined;
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
}
export interface HandlerResult<N extends EndpointName> {
  data: DataOf<N>;
  message?: string;
}
export type EndpointHandlers<K extends EndpointName> = {
  [N in K]: (ctx: HandlerContext<N>) => Promise<HandlerResult<N>>;
};

/** Parses a body with the contracts' one request check; its message is the refusal. */
export function parseBody<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = checkRequestBody(schema, raw);
  if (!result.success) throw new AppError(400, 'VALIDATION_ERROR', result.message);
  return result.data;
}

export interface EndpointRegistry {
  registered: Set<EndpointName>;
  /** Parse every answer with the contract's data schema (tests); a mismatch is a 500. */
  checkResponses: boolean;
}

/**
 * Registers handlers for endpoints of the contracts table: method and path from the table,
 * the bearer and role checks for 'user' endpoints, then body validation with the table's
 * schema, and the `{status, message, data}` envelope around the handler's data.
 */
export function registerEndpoints<K extends EndpointName>(
  app: FastifyInstance,
  registry: EndpointRegistry,
  handlers: EndpointHandlers<K>,
): void {
  for (const name of Object.keys(handlers) as K[]) {
    const endpoint: Endpoint = endpoints[name];
    const handle = handlers[name] as unknown as (ctx: HandlerContext<K>) => Promise<HandlerResult<K>>;
    const upload = endpoint.upload;
    const route: RouteOptions = {
      method: endpoint.method,
      url: `/api/${endpoint.path}`,
      // Token, role and forced password change are checked on request, before the body is
      // parsed: a caller without the right gets 401/403 whatever it sent (ADR 25).
      onRequest:
        endpoint.auth === 'user'
          ? async (request) => {
              await app.authenticate(request);
              checkAccess(endpoint, request.user!);
            }
          : undefined,
      handler: async (request, reply) => {
        // A multipart body's text parts go through the same contract as a JSON body.
        const multipart = upload && request.isMultipart() ? await readMultipartBody(request, upload.field) : undefined;
        const raw = multipart ? multipart.fields : request.body;
        // No body is an empty one; a JSON null is a body, and refused like any other non-object.
        const body = endpoint.method === 'GET' ? undefined : parseBody(endpoint.body, raw === undefined ? {} : raw);
        const user = request.user as HandlerContext<K>['user'];
        const ctx = { body: body as HandlerContext<K>['body'], user, upload: multipart?.file, app, request, reply };
        const result = await handle(ctx);
        if (registry.checkResponses) {
          const check = endpoint.data.safeParse(result.data);
          if (!check.success) throw new Error(`${name} answered outside its contract: ${check.error.message}`);
        }
        return { status: true, message: result.message ?? 'Success', data: result.data };
      },
    };
    if (upload) {
      // The multipart parser lives in this call's own scope: every other call still refuses it (415).
      app.register(async (scope) => {
        await acceptMultipart(scope, upload.maxBytes);
        scope.route(route);
      });
    } else {
      app.route(route);
    }
    registry.registered.add(name);
  }
}
