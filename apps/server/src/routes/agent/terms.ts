import type { FastifyInstance } from 'fastify';
import { originOf } from '../../services/activity.ts';
import { setAccountTerms, setCreditReference } from '../../services/partnership/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

/**
 * What an agent keeps for a direct account (ADR 48): its partnership and commission figures, and
 * its credit reference. A deeper account is refused, one outside the downline answered as missing.
 */
export default function agentTermsRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    agentSetAccountTerms: async ({ body, user, request }) => ({
      data: await setAccountTerms(app, user, body, originOf(request)),
      message: 'Partnership and commission saved',
    }),
    agentSetCreditReference: async ({ body, user, request }) => ({
      data: await setCreditReference(app, user, body, originOf(request)),
      message: 'Credit reference saved',
    }),
  });
}
