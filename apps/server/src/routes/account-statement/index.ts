import type { FastifyInstance } from 'fastify';
import { accountOfUser } from '../../services/money/index.ts';
import { accountStatement } from '../../services/statement.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function accountStatementRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getUserAccountStatementHistory: async ({ body, user }) => {
      const account = await accountOfUser(app.db, user.userId);
      return {
        data: await accountStatement(app.db, {
          accountId: account.id,
          fromDay: body.from_date,
          toDay: body.to_date,
          type: body.statement_type ?? 'all',
          page: body.page,
          limit: body.limit,
        }),
      };
    },
  });
}
