import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app (index.html at `/`) when its folder exists; nothing otherwise. */
export default async function webRoutes(app: FastifyInstance, opts: { root: string }): Promise<void> {
  if (!existsSync(join(opts.root, 'index.html'))) {
    app.log.warn({ root: opts.root }, 'web app not built: serving the API only');
    return;
  }
  await app.register(fastifyStatic, { root: opts.root, prefix: '/', index: 'index.html' });
}
