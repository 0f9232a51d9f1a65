import type { FastifyInstance } from 'fastify';
import { auditActor } from '../../services/audit/index.ts';
import { operatorCasinoGames, setCasinoGame } from '../../services/casino/index.ts';
import { saveGlobalSettings } from '../../services/settings.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function siteRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    operatorSaveGlobalSettings: async ({ body, user, request }) => ({
      data: await saveGlobalSettings(app.db, auditActor(user, request, app.clock()), body),
      message: 'Settings saved',
    }),
    operatorGetCasinoGames: async () => ({ data: await operatorCasinoGames(app.db, app.casino.provider) }),
    operatorSetCasinoGame: async ({ body, user, request }) => {
      const game = await setCasinoGame(app.db, app.casino.provider, auditActor(user, request, app.clock()), body);
      return { data: game, message: `${game.name} turned ${game.enabled ? 'on' : 'off'}` };
    },
  });
}
