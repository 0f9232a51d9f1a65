/**
 * Prometheus metrics at `GET /metrics` (ADR 61), on every server process: its own figures, for
 * a scraper that knows METRICS_TOKEN. Outside the contracts table (no envelope, like the casino
 * wallet's routes) and outside /api/ (no bettor calls it). Without a token the route does not
 * exist (404, like any unknown path), and nothing is counted: a process nobody scrapes pays
 * nothing. The metrics are the app's (`app.metrics`): a registry per app, made here.
 */
import fp from 'fastify-plugin';
import { cachedFigures } from './business-figures.ts';
import { ExchangeMetrics } from './exchange-metrics.ts';
import { bearerMatches } from './scrape-auth.ts';

export { ExchangeMetrics } from './exchange-metrics.ts';

export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics; null when METRICS_TOKEN is not set (nothing is counted). */
    metrics: ExchangeMetrics | null;
  }
}

export interface MetricsOptions {
  /** The bearer token a scraper sends; unset: no metrics and no route. */
  token?: string | undefined;
  /** The leases this process holds now (ADR 37). */
  leasesHeld?: () => string[];
}

export default fp<MetricsOptions>(
  async (app, options) => {
    const token = options.token;
    if (!token) {
      app.decorate('metrics', null);
      return;
    }
    const { betting, bus, live } = app;
    const metrics = new ExchangeMetrics({
      db: app.db,
      liveSockets: () => live.socketCount,
      liveSubscriptions: () => live.subscriptionCount,
      broker: bus.clustered
        ? { connected: () => bus.broker.isUp(), messageCounts: () => bus.broker.messageCounts() }
        : null,
      leasesHeld: options.leasesHeld ?? (() => []),
      marketLoads: () => app.betting.marketLoads,
      marketCalls: () => app.marketRouting?.counts ?? null,
      polls: () => app.admission,
      figures: cachedFigures(app.db, () => app.clock().getTime()),
      now: () => app.clock().getTime(),
      warn: (error) => app.log.warn({ err: error }, 'metrics: the business figures could not be read'),
    });
    app.decorate('metrics', metrics);

    const stops = [
      betting.onPlacement((done) => metrics.placement(done)),
      betting.onBetWrite((write) => metrics.betWrite(write)),
      betting.onCommitted((event) =>
        metrics.betsFilled(event.bets.filter((b) => b.change === 'matched').length),
      ),
      live.onMarketDelta((lagMs) => metrics.marketDeltaSent(lagMs)),
    ];
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
    });

    // A callback hook: it runs on every answer (see plugins/envelope.ts).
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpAnswered(
        request.routeOptions.url,
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get(METRICS_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!bearerMatches(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain')
          .send('Unauthorized\n');
      }
      return reply.type(metrics.contentType).send(await metrics.scrape());
    });
  },
  { name: 'metrics', dependencies: ['services', 'live', 'admission', 'cluster'] },
);
