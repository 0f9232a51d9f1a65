import type { FastifyInstance } from 'fastify';
import { listCasinoSports } from '../../services/catalog.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function casinoRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getCasinoSport: async () => ({ data: await listCasinoSports(app.db) }),
  });
}
