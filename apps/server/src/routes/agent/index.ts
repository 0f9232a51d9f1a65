import type { FastifyInstance } from 'fastify';
import { originOf } from '../../services/activity.ts';
import {
  agentCreateUser,
  agentGetDownline,
  agentGetUserActivityLog,
  agentGetUserProfile,
  agentResetPassword,
  agentSetUserStatus,
  agentTransferChips,
} from '../../services/agents.ts';
import { agentGetUserBets, agentGetUserProfitLoss, agentGetUserStatement } from '../../services/agent-reads.ts';
import { agentDashboard, agentMarketBook } from '../../services/console/index.ts';
import { agentLimitsNotice, setAgentLimits } from '../../services/safer-gambling/index.ts';
import { sharedAccounts } from '../../services/signups/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';
import agentPaymentRoutes from './payments.ts';
import agentTermsRoutes from './terms.ts';

/** The agent area (ADR 32): agents and the root, on their downline only. */
export default function agentRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    agentCreateUser: async ({ body, user }) => ({ data: await agentCreateUser(app, user, body), message: 'User created' }),
    agentGetDownline: async ({ body, user }) => ({ data: await agentGetDownline(app, user, body) }),
    agentTransferChips: async ({ body, user }) => ({ data: await agentTransferChips(app, user, body), message: 'Chips transferred' }),
    agentSetUserStatus: async ({ body, user, request }) => ({
      data: await agentSetUserStatus(app, user, body, originOf(request)),
      message: 'User status updated',
    }),
    agentSetUserLimits: async ({ body, user, request }) => {
      const at = app.clock();
      const data = await setAgentLimits(app.db, user, body, at, originOf(request));
      app.bettorLimits.forget(body.user_id);
      app.notifications.tell([agentLimitsNotice(body.user_id, data, at)]);
      return { data, message: 'User limits updated' };
    },
    agentResetPassword: async ({ body, user, request }) => {
      await agentResetPassword(app, user, body, originOf(request));
      return { data: undefined, message: 'Password reset. The user must change it at next login.' };
    },
    agentGetUserProfile: async ({ body, user }) => ({ data: await agentGetUserProfile(app, user, body.user_id) }),
    agentGetUserActivityLog: async ({ body, user }) => ({ data: await agentGetUserActivityLog(app, user, body) }),
    agentGetUserStatement: async ({ body, user }) => ({ data: await agentGetUserStatement(app.db, user, body) }),
    agentGetUserBets: async ({ body, user }) => ({ data: await agentGetUserBets(app.db, user, body) }),
    agentGetUserProfitLoss: async ({ body, user }) => ({ data: await agentGetUserProfitLoss(app.db, user, body) }),
    agentGetDashboard: async ({ user }) => ({ data: await agentDashboard(app, user.userId) }),
    agentGetMarketBook: async ({ body, user }) => ({
      data: await agentMarketBook(app, user.userId, { marketId: body.market_id, matchId: body.match_id }),
    }),
    agentGetSharedAccounts: async ({ body, user }) => ({ data: await sharedAccounts(app.db, user.userId, body, app.clock()) }),
  });
  agentPaymentRoutes(app, registry);
  agentTermsRoutes(app, registry);
}
