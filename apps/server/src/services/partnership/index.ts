/**
 * The agents' business (ADR 48): partnership figures and their history, setting them and the
 * credit reference, and the split of every settled result over the levels above its bettor.
 */
export { refuseBettorPartnership, setAccountTerms, writeNewAccountTerms, type TermsFields } from './account-terms.ts';
export { setCreditReference } from './credit-reference.ts';
export {
  bpToPercent,
  percentToBp,
  shareBookFor,
  termsAt,
  termsHistory,
  termsView,
  type ShareBook,
  type Terms,
  type TermsRow,
} from './terms.ts';
export {
  planShares,
  SHARE_KEY_PREFIXES,
  type ResultKey,
  type SettledResult,
  type SharePlan,
} from './shares.ts';
export { recordSettlement, settlementLedger } from './settlements.ts';
export { collectionReport, partyWinLoss, plusMinusReport } from './reports.ts';
