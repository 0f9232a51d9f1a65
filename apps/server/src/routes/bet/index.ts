import type { FastifyInstance } from 'fastify';
import { currentBets, exposureDetail, settledBets } from '../../services/betting/views.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

export default function betRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    placeMarketBet: async ({ body, user }) => ({
      data: await app.betting.placeMarketBet(user.userId, body),
      message: 'Bet placed',
    }),
    placeFancyBet: async ({ body, user }) => ({
      data: await app.betting.placeFancyBet(user.userId, body),
      message: 'Bet placed',
    }),
    cancelBet: async ({ body, user }) => ({
      data: await app.betting.cancelBet(user.userId, body.bet_id),
      message: 'Bet cancelled',
    }),
    getCurrentBets: async ({ body, user }) => ({
      data: await currentBets(app.db, user.userId, {
        betType: body.bet_type,
        sportId: body.sport_id,
        matchId: body.match_id,
      }),
    }),
    getSettledBets: async ({ body, user }) => ({ data: await settledBets(app.db, user.userId, body.match_id) }),
    getExposureDetail: async ({ user }) => ({ data: { data: await exposureDetail(app.db, user.userId) } }),
  });
}
