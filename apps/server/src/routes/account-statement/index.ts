import type { FastifyInstance } from 'fastify';
import { userStatement } from '../../services/statement.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function accountStatementRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getUserAccountStatementHistory: async ({ body, user }) => ({ data: await userStatement(app.db, user.userId, body) }),
  });
}
