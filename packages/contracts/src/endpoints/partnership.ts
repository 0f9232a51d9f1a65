/**
 * The agents' business (role 'agent', ADR 48): partnership and commission figures, the credit
 * reference, cash settlements between levels and the reports they are run by. Every call reaches
 * only the caller's downline: an account outside it is answered like a missing one.
 */
import {
  CollectionReport,
  CreditReferenceAnswer,
  PartyWinLoss,
  PartyWinLossRequest,
  PlusMinusReport,
  PlusMinusRequest,
  RecordedSettlement,
  RecordSettlementRequest,
  SetAccountTermsAnswer,
  SetAccountTermsRequest,
  SetCreditReferenceRequest,
  SettlementLedger,
  SettlementLedgerRequest,
} from '../partnership.ts';
import { def, None } from './endpoint.ts';

/** The figures of an account and its credit reference. */
export const accountTermsEndpoints = {
  agentSetAccountTerms: def({
    method: 'POST',
    path: 'agent/setAccountTerms',
    auth: 'user',
    role: 'agent',
    summary:
      "Agent: change a direct account's partnership (at most the caller's own, at least its own children's) or commission rates; applies to markets first bet on after it",
    body: SetAccountTermsRequest,
    data: SetAccountTermsAnswer,
  }),
  agentSetCreditReference: def({
    method: 'POST',
    path: 'agent/setCreditReference',
    auth: 'user',
    role: 'agent',
    summary: "Agent: set a direct account's credit reference; moves no chips, in the audit log",
    body: SetCreditReferenceRequest,
    data: CreditReferenceAnswer,
  }),
} as const;

/** Cash settlements between levels and the reports of what each owes and makes. */
export const settlementEndpoints = {
  agentRecordSettlement: def({
    method: 'POST',
    path: 'agent/recordSettlement',
    auth: 'user',
    role: 'agent',
    summary:
      'Agent: record cash received from or paid to a direct account outside the site, once per client_ref; moves no chips',
    body: RecordSettlementRequest,
    data: RecordedSettlement,
  }),
  agentGetSettlementLedger: def({
    method: 'POST',
    path: 'agent/getSettlementLedger',
    auth: 'user',
    role: 'agent',
    summary:
      "Agent: the running ledger of P&L shares, commissions and settlements between the caller and a direct account (or the caller's own with its parent)",
    body: SettlementLedgerRequest,
    data: SettlementLedger,
  }),
  agentGetCollectionReport: def({
    method: 'GET',
    path: 'agent/getCollectionReport',
    auth: 'user',
    role: 'agent',
    summary: 'Agent: which direct accounts owe the caller, which the caller owes, and which are square',
    body: None,
    data: CollectionReport,
  }),
  agentGetPartyWinLoss: def({
    method: 'POST',
    path: 'agent/getPartyWinLoss',
    auth: 'user',
    role: 'agent',
    summary:
      "Agent: per direct account, its downline's P&L between two IST days, the caller's share, the upline's and the commission, with totals",
    body: PartyWinLossRequest,
    data: PartyWinLoss,
  }),
  agentGetPlusMinusReport: def({
    method: 'POST',
    path: 'agent/getPlusMinusReport',
    auth: 'user',
    role: 'agent',
    summary:
      "Agent: a match's plus-minus per direct account: match and session P&L, commission, net, the caller's share and what goes up",
    body: PlusMinusRequest,
    data: PlusMinusReport,
  }),
} as const;
