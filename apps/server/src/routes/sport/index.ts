import type { FastifyInstance } from 'fastify';
import { listSports } from '../../services/catalog.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function sportRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getSports: async ({ body }) => ({ data: await listSports(app.db, { sportId: body.sport_id, isActive: body.is_active }) }),
  });
}
