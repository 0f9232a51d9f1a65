import type { FastifyInstance } from 'fastify';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function betRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    // No bets exist before the betting-core issue; it derives these rows from open bets.
    getExposureDetail: async () => ({ data: { data: [] } }),
  });
}
