import type { FastifyInstance } from 'fastify';
import {
  collectionReport,
  partyWinLoss,
  plusMinusReport,
  recordSettlement,
  settlementLedger,
} from '../../services/partnership/index.ts';
import { registerEndpoints, type EndpointRegistry } from '../endpoint.ts';

/** Cash settlements between levels and the reports of what each owes and makes (ADR 48): the caller's direct accounts only. */
export default function partnershipRoutes(app: FastifyInstance, registry: EndpointRegistry): void {
  registerEndpoints(app, registry, {
    agentRecordSettlement: async ({ body, user }) => {
      const data = await recordSettlement(app.db, user, body, app.clock());
      return { data, message: data.repeated ? 'Settlement already recorded' : 'Settlement recorded' };
    },
    agentGetSettlementLedger: async ({ body, user }) => ({
      data: await settlementLedger(app.db, user, body),
    }),
    agentGetCollectionReport: async ({ user }) => ({ data: await collectionReport(app.db, user) }),
    agentGetPartyWinLoss: async ({ body, user }) => ({ data: await partyWinLoss(app.db, user, body) }),
    agentGetPlusMinusReport: async ({ body, user }) => ({ data: await plusMinusReport(app.db, user, body) }),
  });
}
