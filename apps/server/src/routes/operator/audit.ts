import type { FastifyInstance } from 'fastify';
import { auditLogPage } from '../../services/audit/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function auditRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    operatorGetAuditLog: async ({ body }) => ({ data: await auditLogPage(app.db, body) }),
  });
}
