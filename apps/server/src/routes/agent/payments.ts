import type { FastifyInstance } from 'fastify';
import { agentPaymentRequests, decidePaymentRequest, paymentReceipt, setPaymentDetails } from '../../services/payments/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

/**
 * The agent's side of payments (ADR 33): the requests addressed to the caller (the root: all),
 * deciding one exactly once, its receipt, and the caller's own UPI id or bank account. A request
 * addressed to someone else is answered like a missing one.
 */
export default function agentPaymentRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    agentGetPaymentRequests: async ({ body, user }) => ({ data: await agentPaymentRequests(app.db, user, body) }),
    agentDecidePaymentRequest: async ({ body, user }) => {
      const data = await decidePaymentRequest(app, user, body);
      return { data, message: data.status === 'APPROVED' ? 'Request approved' : 'Request rejected' };
    },
    agentGetPaymentReceipt: async ({ body, user }) => ({ data: await paymentReceipt(app, user, body.request_id) }),
    agentSetPaymentDetails: async ({ body, user }) => ({ data: await setPaymentDetails(app, user.userId, body), message: 'Payment details saved' }),
  });
}
