/**
 * A bettor's notifications (issue 23): every event it cares about, stored for the user, listed
 * (`user/getNotifications`), marked read (`user/markNotificationsRead`) and pushed on /ws as a
 * `notification` message within a second of the commit; and the bettor's own settings (which
 * kinds to receive, the cash-out confirmation).
 */
import { z } from 'zod';
import { BigIdLike, IsoDate, Rupees } from './common.ts';

export const NOTIFICATION_KINDS = [
  /** A bet matched, fully or partly. */
  'BET_MATCHED',
  /** An unmatched rest lapsed at the in-play turn or a suspension. */
  'BET_LAPSED',
  /** An unmatched rest cancelled by the market (closed, a non-runner), not by the bettor. */
  'BET_CANCELLED',
  /** A market the bettor had bets on settled: won or lost, the P&L. */
  'MARKET_SETTLED',
  /** A bet voided by the operator (or a market voided). */
  'BET_VOIDED',
  /** A cash out done by the bettor. */
  'CASH_OUT',
  /** An automatic cash out fired. */
  'AUTO_CASH_OUT_FIRED',
  /** An automatic cash out tried and failed (the book moved): the rule stays. */
  'AUTO_CASH_OUT_FAILED',
  /** A deposit or withdrawal request approved or rejected. */
  'PAYMENT_DECIDED',
  /** Chips moved by the agent (deposit or withdrawal). */
  'CHIPS_MOVED',
  /** A limit, reality check, break or self-exclusion of the bettor's changed (issue 25): always sent. */
  'SAFER_GAMBLING',
] as const;
/** Kinds a bettor cannot switch off (safer-gambling.md: changes to limits and exclusions go out whatever the settings). */
export const ALWAYS_SENT_NOTIFICATION_KINDS: readonly (typeof NOTIFICATION_KINDS)[number][] = ['SAFER_GAMBLING'];
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z.object({
  id: z.number().int(),
  kind: NotificationKind,
  /** A short headline, e.g. "Bet matched". */
  title: z.string(),
  /** The sentence a bettor reads, e.g. "Back India 100 at 2.50 matched in full". */
  message: z.string(),
  /** Where it happened, when it is a market's (links to its match page). */
  market_id: z.number().int().nullable(),
  match_id: z.number().int().nullable(),
  /** The money it is about when there is one (a P&L, a cash out's value, an amount moved). */
  amount: Rupees.nullable(),
  read: z.boolean(),
  created_at: IsoDate,
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsRequest = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
});
export type NotificationsRequest = z.input<typeof NotificationsRequest>;

export const NotificationsPage = z.object({
  rows: z.array(Notification),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** Without ids: every notification of the caller's. Ids of other users' notifications mark nothing. */
export const MarkNotificationsReadRequest = z.object({ ids: z.array(BigIdLike).min(1).max(100).optional() });
export const NotificationsRead = z.object({ marked: z.number().int(), unread: z.number().int() });
export type NotificationsRead = z.infer<typeof NotificationsRead>;

/** The bettor's own settings. */
export const BettorSettings = z.object({
  /** Ask before a cash out is placed (the Cash Out button's confirmation). */
  confirm_cash_out: z.boolean(),
  /** The kinds of notification the bettor receives (stored, in the bell, pushed). */
  notification_kinds: z.array(NotificationKind),
});
export type BettorSettings = z.infer<typeof BettorSettings>;
export const UpdateBettorSettings = z.object({
  confirm_cash_out: z.boolean().optional(),
  notification_kinds: z.array(NotificationKind).max(NOTIFICATION_KINDS.length).optional(),
});
export type UpdateBettorSettings = z.input<typeof UpdateBettorSettings>;
