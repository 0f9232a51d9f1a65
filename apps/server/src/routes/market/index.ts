/** Market data a trader reads (issue 24): a runner's ladder, from memory, and its price history. */
import type { FastifyInstance } from 'fastify';
import { priceHistory, runnerLadder } from '../../services/betting/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function marketRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getLadder: async ({ body, user }) => ({ data: await runnerLadder(app.betting, user.userId, body) }),
    getPriceHistory: async ({ body }) => ({ data: await priceHistory(app.db, body) }),
  });
}
