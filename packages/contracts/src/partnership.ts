/**
 * The agents' business (ADR 48): partnership shares down the tree, the commission an agent gives
 * its bettors, the credit reference it keeps for each account, the cash settlements between a
 * parent and a direct child, and the reports they are run by. Percentages have at most two
 * decimals (basis points on the server).
 */
import { z } from 'zod';
import { CLIENT_REF_MAX_LENGTH, Day, IdLike, IsoDate, Rupees } from './common.ts';
import { DAYS_IN_ORDER, daysInOrder } from './statement.ts';

/** A percentage 0..100 with at most two decimals. */
export const Percent = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(0, `${name} must be at least 0`)
    .max(100, `${name} must be at most 100`)
    .refine((v) => Number(v.toFixed(2)) === v, `${name} has at most 2 decimals`);

/** The figures an agent sets for an account it creates or changes. */
export const AccountTermsFields = {
  /** An agent's: the percentage of its downline's P&L that it and the agents it creates keep together. */
  partnership: Percent('Partnership').optional(),
  /** The bettor's rebate on its net loss of a match-odds or bookmaker market. */
  match_commission: Percent('Match commission').optional(),
  /** The bettor's rebate on its fancy stakes, won or lost. */
  session_commission: Percent('Session commission').optional(),
  /** The bettor's rebate on its casino losses. */
  casino_commission: Percent('Casino commission').optional(),
};

/** An account's figures as the downline shows them. */
export const AccountTerms = z.object({
  /** An agent's figure; null for a bettor (it takes its agent's shares). */
  partnership: z.number().nullable(),
  match_commission: z.number(),
  session_commission: z.number(),
  casino_commission: z.number(),
});
export type AccountTerms = z.infer<typeof AccountTerms>;

export const SetAccountTermsRequest = z
  .object({ user_id: IdLike, ...AccountTermsFields })
  .refine(
    (v) =>
      [v.partnership, v.match_commission, v.session_commission, v.casino_commission].some(
        (x) => x !== undefined,
      ),
    'Give a partnership or a commission to change',
  );
export const SetAccountTermsAnswer = AccountTerms.extend({
  user_id: z.number().int(),
  /** From when they apply: markets first bet on (and casino bets placed) after it. */
  effective_at: IsoDate,
});

export const SetCreditReferenceRequest = z.object({
  user_id: IdLike,
  credit_reference: Rupees.refine((v) => v >= 0, 'Credit reference must not be negative'),
});
export const CreditReferenceAnswer = z.object({
  user_id: z.number().int(),
  credit_reference: Rupees,
  balance: Rupees,
  /** Balance less credit reference. */
  client_pl: Rupees,
});

export const SETTLEMENT_DIRECTIONS = ['RECEIVED', 'PAID'] as const;

export const RecordSettlementRequest = z.object({
  user_id: IdLike,
  amount: Rupees.refine((v) => v > 0, 'Amount must be greater than 0'),
  /** From the caller's side: cash RECEIVED from the child or PAID to it. */
  direction: z.enum(SETTLEMENT_DIRECTIONS, { error: 'Direction must be RECEIVED or PAID' }),
  remark: z.string().trim().max(200, 'Remark is too long').optional(),
  /** Once per client_ref: a repeat answers the first settlement and records nothing. */
  client_ref: z
    .string()
    .trim()
    .min(1, 'client_ref is required')
    .max(CLIENT_REF_MAX_LENGTH, 'client_ref is too long'),
});
export const RecordedSettlement = z.object({
  settlement_id: z.number().int(),
  user_id: z.number().int(),
  direction: z.enum(SETTLEMENT_DIRECTIONS),
  amount: Rupees,
  remark: z.string(),
  created_at: IsoDate,
  /** What the account owes the caller after it (negative: the caller owes the account). */
  owed_by_user: Rupees,
  repeated: z.boolean(),
});

export const SettlementLedgerRequest = z.object({
  /** A direct user of the caller; absent: the caller's own ledger with its parent. */
  user_id: IdLike.optional(),
});
export const SettlementLedgerRow = z.object({
  date: IsoDate,
  kind: z.enum(['SHARE', 'SETTLEMENT']),
  /** A market or casino round, or the settlement's remark. */
  description: z.string(),
  /** The downline's P&L on it (bettors' view) and the commission paid to the bettors. */
  downline_pnl: Rupees,
  commission: Rupees,
  /** What it adds to what the account owes its parent (negative: the parent owes more). */
  amount: Rupees,
  /** What the account owes its parent after it. */
  balance: Rupees,
});
export const SettlementLedger = z.object({
  parent_id: z.number().int(),
  parent_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  /** Oldest first. */
  rows: z.array(SettlementLedgerRow),
  /** What the account owes its parent now (negative: the parent owes it). */
  owed_by_user: Rupees,
});

export const CollectionRow = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  /** The caller's direct accounts are agents and bettors; its upline an agent or the root. */
  role: z.enum(['root', 'agent', 'user']),
  /** The caller's own parent: what the caller owes it shows as a negative figure. */
  upline: z.boolean(),
  /** Positive: the account owes the caller; negative: the caller owes it. */
  owed_by_user: Rupees,
});
export const CollectionReport = z.object({
  /** Accounts that owe the caller ("lena"), most first; the caller's direct accounts and its upline. */
  receive_from: z.array(CollectionRow),
  /** Accounts the caller owes ("dena"), most first. */
  pay_to: z.array(CollectionRow),
  square: z.array(CollectionRow),
  /** What the receive_from accounts owe the caller in all. */
  total_receive: Rupees,
  /** What the caller owes the pay_to accounts in all, as a positive amount. */
  total_pay: Rupees,
});

export const PartyWinLossRequest = z
  .object({ from_date: Day, to_date: Day })
  .refine(daysInOrder, DAYS_IN_ORDER);
export const PartyWinLossRow = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: z.enum(['agent', 'user']),
  /** The P&L of the child's downline (or of the bettor itself), bettors' view. */
  downline_pnl: Rupees,
  /** The caller's share of the result less its part of the commission (positive: the caller wins). */
  own_share: Rupees,
  /** The same for the levels above the caller together: what goes up. */
  upline_share: Rupees,
  /** Commission paid to the bettors. */
  commission: Rupees,
});
export const PartyWinLoss = z.object({
  from_date: Day,
  to_date: Day,
  rows: z.array(PartyWinLossRow),
  totals: PartyWinLossRow.omit({ user_id: true, user_name: true, role: true }),
});

export const PlusMinusRequest = z.object({ match_id: IdLike });
export const PlusMinusRow = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role: z.enum(['agent', 'user']),
  /** Bettors' view: match (odds and bookmaker markets), session (fancy), commission, net (the three summed). */
  match_pnl: Rupees,
  session_pnl: Rupees,
  commission: Rupees,
  net: Rupees,
  own_share: Rupees,
  upline_share: Rupees,
});
export const PlusMinusReport = z.object({
  match_id: z.number().int(),
  match_name: z.string(),
  rows: z.array(PlusMinusRow),
  totals: PlusMinusRow.omit({ user_id: true, user_name: true, role: true }),
});
