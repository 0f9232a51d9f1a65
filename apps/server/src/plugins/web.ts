import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app (index.html at `/`) when its folder exists; nothing otherwise. The
 * pages' security headers come from plugins/security-headers.ts (ADR 42).
 */
export default async function webRoutes(app: FastifyInstance, opts: { root: string }): Promise<void> {
  if (!existsSync(join(opts.root, 'index.html'))) {
    app.log.warn({ root: opts.root }, 'web app not built: serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    // "/" is routed below: with preCompressed, the plugin's own index lookup answers 404 to a
    // browser (it asks for a compressed index.html that the build does not write).
    index: false,
    // The build writes .br and .gz beside each asset: sent as the browser accepts, never compressed per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      // Hashed file names change with their content: cache them for good. The page itself is
      // always asked again, so a new release is picked up at once.
      res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      // One URL, a body per encoding: a shared cache (the proxy's, docs/deployment.md) must key on it.
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  app.get('/', (_request, reply) => reply.sendFile('index.html'));
  // The back-office console (ADR 36): a page of its own, its routes after the # like the app's.
  if (existsSync(join(opts.root, 'console', 'index.html'))) {
    app.get('/console/', (_request, reply) => reply.sendFile('console/index.html'));
    app.get('/console', (_request, reply) => reply.redirect('/console/', 301));
  }
}
