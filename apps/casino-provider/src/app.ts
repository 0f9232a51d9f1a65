import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { redactingLogger } from '@exchange/contracts';
import { registerRoutes } from './routes/index.ts';
import { addSecurityHeaders } from './security-headers.ts';
import { createProviderServices, type ProviderOptions, type ProviderServices } from './services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received (signatures are over these exact bytes). */
    rawBody?: string;
  }
}

export interface ProviderAppOptions extends ProviderOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The casino provider as a Fastify instance: `server.ts` listens, tests call `inject()`. Tables start on ready. */
export function buildProviderApp(options: ProviderAppOptions): FastifyInstance & { services: ProviderServices } {
  const app = Fastify({ logger: redactingLogger(options.logger), bodyLimit: 64 * 1024 });
  const services = createProviderServices({ ...options, log: options.log ?? ((msg, data) => app.log.info(data ?? {}, msg)) });

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    req.rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      const err = new Error('Body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  addSecurityHeaders(app, options.platformUrl);
  registerRoutes(app, services);
  app.addHook('onReady', async () => services.start());
  // Open streams would hold the server's close: they end first.
  app.addHook('preClose', async () => services.endStreams());
  app.addHook('onClose', async () => services.stop());
  return Object.assign(app, { services });
}

// The package's public surface for the platform's integration tests and scripts.
export { FakeClock, systemClock, type Clock } from './lib/clock.ts';
export { DEFAULT_TIMINGS, FAST_TIMINGS, type RoundTimings } from './rounds/table.ts';
export type { ProviderOptions, ProviderServices } from './services.ts';
export { isRetryable } from './wallet/client.ts';
