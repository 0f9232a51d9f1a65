import type { FastifyInstance } from 'fastify';
import { listSeries, seriesHeader } from '../../services/catalog.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function seriesRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getSeriesHeader: async () => ({ data: await seriesHeader(app.db, app.clock()) }),
    getSeries: async ({ body }) => ({ data: await listSeries(app.db, { sportId: body.sport_id, isActive: body.is_active }) }),
  });
}
