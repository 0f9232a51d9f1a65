import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';

/** Image paths the provider serves: names, folders and extensions only (no '..', no query). */
const IMAGE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:svg|png|jpe?g|webp|avif|gif)$/;
const PASSED_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified'];

/**
 * GET /api/upload/image/*: the provider's game artwork through the platform, so the lobby stays
 * same-origin (spec: upload images under api/upload/image/). Public, like any <img>; cached a day.
 */
export default function imageProxyRoutes(app: FastifyInstance): void {
  app.get<{ Params: { '*': string } }>('/api/upload/image/*', {
    // After the envelope's no-store for /api/ (route hooks run after the instance's).
    onSend: async (_request, reply) => {
      if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=86400');
    },
    handler: async (request, reply) => {
      const path = request.params['*'];
      if (!IMAGE_PATH.test(path) || path.split('/').includes('..')) throw notFound('Image not found');
      const upstream = await app.casino.provider.image(path);
      if (upstream.status === 404) throw notFound('Image not found');
      if (!upstream.ok) throw new Error(`Provider image ${path} answered ${upstream.status}`);
      for (const name of PASSED_HEADERS) {
        const value = upstream.headers.get(name);
        if (value) reply.header(name, value);
      }
      return reply.send(Buffer.from(await upstream.arrayBuffer()));
    },
  });
}
