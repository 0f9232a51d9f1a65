import type { FastifyInstance } from 'fastify';
import { listCasinoSports } from '../../services/catalog.ts';
import { lobbyGames } from '../../services/casino/index.ts';
import { casinoResults } from '../../services/casino/index.ts';
import { liveCasinoBets } from '../../services/casino/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';
import imageProxyRoutes from './images.ts';

export default function casinoRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    getCasinoSport: async () => ({ data: await listCasinoSports(app.db) }),
    getCasinoGameList: async () => ({ data: await lobbyGames(app.db, app.casino.provider) }),
    getCasinoResult: async ({ body }) => ({ data: await casinoResults(app.casino.provider, body) }),
    getLiveCasinoBets: async ({ body, user }) => ({
      data: await liveCasinoBets(app.db, { userId: user.userId, fromDay: body.from_date, toDay: body.to_date, page: body.page, limit: body.limit }),
    }),
  });
  imageProxyRoutes(app);
}
