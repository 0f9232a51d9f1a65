import type { FastifyInstance } from 'fastify';
import { originOf } from '../../services/activity.ts';
import { paymentMethods, paymentStatement, requestDeposit, requestWithdraw } from '../../services/payments/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

/**
 * The bettor's money in and out (ADR 33): the ways to pay the parent agent, deposit requests (JSON,
 * or multipart with a receipt image), withdrawals held at once, and the payment statement.
 */
export default function paymentRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    paymentGetMethods: async ({ user }) => ({ data: await paymentMethods(app, user) }),
    paymentDeposit: async ({ body, user, upload, request }) => ({
      data: await requestDeposit(app, user, body, upload, originOf(request)),
      message: 'Deposit request sent to your agent',
    }),
    paymentWithdraw: async ({ body, user, request }) => ({
      data: await requestWithdraw(app, user, body, originOf(request)),
      message: 'Withdrawal requested: the amount is held until your agent decides',
    }),
    paymentGetPaymentStatement: async ({ body, user }) => ({ data: await paymentStatement(app.db, user, body) }),
  });
}
