import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoints, envelope, ErrorEnvelope, type Endpoint } from '@exchange/contracts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

/** The 403 refusals of a call, checked with the token before the body (ADR 25), if any. */
function forbidden(e: Endpoint): string | undefined {
  const refusals = [
    e.role && `the caller is not ${e.role} (FORBIDDEN)`,
    e.auth === 'user' && !e.beforePasswordChange && 'the password must be changed first (PASSWORD_CHANGE_REQUIRED)',
  ].filter(Boolean);
  return refusals.length > 0 ? `Refused before the body is read: ${refusals.join(', or ')}` : undefined;
}

/** A call that takes an upload: the same fields as text parts, and the file part beside them (ADR 33). */
function withFile(schema: JsonSchema, upload: NonNullable<Endpoint['upload']>): JsonSchema {
  const properties = (schema.properties ?? {}) as JsonSchema;
  return {
    ...schema,
    properties: {
      ...properties,
      [upload.field]: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: `Optional file, at most ${upload.maxBytes} bytes`,
      },
    },
  };
}

/** OpenAPI 3.1 from the contracts table: every path, method, summary, body and answer. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(endpoints)) {
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: e.summary,
      tags: [e.path.split('/')[0]],
      security: e.auth === 'user' ? [{ bearerAuth: [] }] : [],
      responses: {
        200: {
          description: 'Success: `{status: true, message, data}`',
          content: { 'application/json': { schema: jsonSchema(envelope(e.data), 'output') } },
        },
        400: errorResponse('Refused: validation or business rule (`code` says which)'),
        ...(e.auth === 'user' ? { 401: errorResponse('Missing, invalid or revoked token') } : {}),
        ...(forbidden(e) ? { 403: errorResponse(forbidden(e)!) } : {}),
        500: errorResponse('Internal error'),
      },
    };
    if (e.method === 'POST') {
      const schema = jsonSchema(e.body, 'input');
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema }, ...(e.upload ? { 'multipart/form-data': { schema: withFile(schema, e.upload) } } : {}) },
      };
    }
    paths[`/api/${e.path}`] = { [e.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exchange API',
      version: '0.1.0',
      description: 'Every answer is `{status, message, data}`; refusals are HTTP 4xx with `status: false` and a machine `code`.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'The usertoken from user/login' } },
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelope, 'output') },
    },
  };
}

export default async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const document = openApiDocument();
  app.get('/api/docs', async () => document);
}
