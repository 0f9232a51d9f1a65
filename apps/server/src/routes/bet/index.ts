import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../services/sessions.ts';
import { cashOutQuote, exposureDetail, settledBets, userCurrentBets } from '../../services/betting/index.ts';
import { assertSessionMayGamble } from '../../services/safer-gambling/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

/**
 * A bettor an agent locked for betting (ADR 32). The flag comes with the session's user, which
 * the lock drops from the session cache, so it holds from the next request on at no cost.
 */
function refuseIfBetLocked(user: AuthUser): void {
  if (user.betLocked) throw new AppError(403, 'BET_LOCKED', 'Betting is locked on your account. Please contact your agent.');
}

export default function betRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  /**
   * Every new bet: the agent's lock, then the bettor's own break or self-exclusion (ADR 58), here
   * where the user is known and before the bet delay or the market's queue; both from the
   * session, so no query and no await that could reorder bets arriving together. A cash out (and
   * an automatic one) is not gated: its hedge only takes risk off, and it is what a bettor on a
   * break may want to do with a matched position.
   */
  const refuseIfMayNotBet = (user: AuthUser) => {
    refuseIfBetLocked(user);
    assertSessionMayGamble(user.protection, app.clock());
  };

  registerEndpoints(app, registry, {
    placeMarketBet: async ({ body, user }) => {
      refuseIfMayNotBet(user);
      return { data: await app.betting.placeMarketBet(user.userId, body), message: 'Bet placed' };
    },
    placeFancyBet: async ({ body, user }) => {
      refuseIfMayNotBet(user);
      return { data: await app.betting.placeFancyBet(user.userId, body), message: 'Bet placed' };
    },
    cancelBet: async ({ body, user }) => ({
      data: await app.betting.cancelBet(user.userId, body.bet_id),
      message: 'Bet cancelled',
    }),
    cancelAllBets: async ({ body, user }) => {
      const data = await app.betting.cancelAllBets(user.userId, body.market_id);
      return { data, message: data.bets.length === 0 ? 'No unmatched bets to cancel' : 'Bets cancelled' };
    },
    updateBet: async ({ body, user }) => {
      // A new price places a new bet; a smaller stake or a persistence is, like a cancel, not betting.
      if (body.odds !== undefined) refuseIfMayNotBet(user);
      const { bet_id, ...edit } = body;
      return { data: await app.betting.updateBet(user.userId, bet_id, edit), message: 'Bet updated' };
    },
    getCurrentBets: async ({ body, user }) => ({ data: await userCurrentBets(app.db, user.userId, body) }),
    getSettledBets: async ({ body, user }) => ({ data: await settledBets(app.db, user.userId, body.match_id) }),
    getExposureDetail: async ({ user }) => ({ data: { data: await exposureDetail(app.db, user.userId) } }),
    getCashOut: async ({ body, user }) => ({ data: await cashOutQuote(app.betting, user.userId, body) }),
    cashOut: async ({ body, user }) => {
      refuseIfBetLocked(user);
      return { data: await app.betting.cashOut(user.userId, body), message: 'Cashed out' };
    },
    setAutoCashOut: async ({ body, user }) => {
      refuseIfBetLocked(user);
      return { data: await app.betting.setAutoCashOut(user.userId, body), message: 'Automatic cash out set' };
    },
    clearAutoCashOut: async ({ body, user }) => {
      const data = await app.betting.clearAutoCashOut(user.userId, body.market_id);
      return { data, message: data.cleared ? 'Automatic cash out cleared' : 'No automatic cash out to clear' };
    },
  });
}
