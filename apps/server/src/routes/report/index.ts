import type { FastifyInstance } from 'fastify';
import { profitLoss } from '../../services/betting/index.ts';
import { exportCsv } from '../../services/exports/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function reportRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getProfitLoss: async ({ body, user }) => ({
      data: await profitLoss(app.db, user.userId, body.from_date, body.to_date),
    }),

    exportCsv: async ({ body, user }) => ({ data: await exportCsv(app.db, user, body) }),
  });
}
