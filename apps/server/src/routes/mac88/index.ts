import type { FastifyInstance } from 'fastify';
import { launchGame } from '../../services/casino/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function mac88Routes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    launchNewGame: async ({ body, user }) => ({
      data: { GameUrl: await launchGame(app.db, app.casino.provider, user, body.GameCode, body.type, app.clock()) },
    }),
  });
}
