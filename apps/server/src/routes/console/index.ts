import type { FastifyInstance } from 'fastify';
import { originOf } from '../../services/activity.ts';
import { consoleLogIn, consoleMe } from '../../services/console/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

/** The console area (ADR 36): signing in agents and the root; their reads are agent/ calls. */
export default function consoleRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    consoleLogin: async ({ body, request }) => ({
      data: await consoleLogIn(app, { userName: body.user_name, password: body.password, otp: body.otp }, originOf(request)),
      message: 'Login successful',
    }),
    consoleGetMe: async ({ user }) => ({ data: await consoleMe(app.db, user.userId, app.clock()) }),
  });
}
