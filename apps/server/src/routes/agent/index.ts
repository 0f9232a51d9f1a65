import type { FastifyInstance } from 'fastify';
import {
  agentCreateUser,
  agentGetDownline,
  agentResetPassword,
  agentSetUserStatus,
  agentTransferChips,
} from '../../services/agents.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';
import agentPaymentRoutes from './payments.ts';

/** The agent area (ADR 32): agents and the root, on their downline only. */
export default function agentRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    agentCreateUser: async ({ body, user }) => ({ data: await agentCreateUser(app, user, body), message: 'User created' }),
    agentGetDownline: async ({ body, user }) => ({ data: await agentGetDownline(app, user, body) }),
    agentTransferChips: async ({ body, user }) => ({ data: await agentTransferChips(app, user, body), message: 'Chips transferred' }),
    agentSetUserStatus: async ({ body, user }) => ({ data: await agentSetUserStatus(app, user, body), message: 'User status updated' }),
    agentResetPassword: async ({ body, user }) => {
      await agentResetPassword(app, user, body);
      return { data: undefined, message: 'Password reset. The user must change it at next login.' };
    },
  });
  agentPaymentRoutes(app, registry);
}
