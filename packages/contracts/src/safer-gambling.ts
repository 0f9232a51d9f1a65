/**
 * Safer gambling (issue 25, safer-gambling.md): the limits a bettor sets on himself. A new or
 * lower limit applies at once; a higher one, or none, waits 24 hours and then the bettor's
 * confirmation. Periods roll: the last 24 hours, 7 days, 30 days.
 */
import { z } from 'zod';
import { IdLike, IsoDate, Rupees } from './common.ts';

export const LimitPeriod = z.enum(['DAY', 'WEEK', 'MONTH']);
export type LimitPeriod = z.infer<typeof LimitPeriod>;
export const LimitKind = z.enum(['DEPOSIT', 'LOSS']);
export type LimitKind = z.infer<typeof LimitKind>;

/** How long each period looks back, and the wait before a higher limit may be confirmed. */
export const LIMIT_PERIOD_MS: Record<LimitPeriod, number> = {
  DAY: 24 * 3_600_000,
  WEEK: 7 * 24 * 3_600_000,
  MONTH: 30 * 24 * 3_600_000,
};
export const LIMIT_COOLING_OFF_MS = 24 * 3_600_000;

/** A limit's amount: a positive number of rupees, or null for none. */
const LimitAmount = Rupees.refine((v) => v > 0, 'A limit must be more than 0').nullable();

export const SetLimitRequest = z.object({
  period: LimitPeriod,
  amount: LimitAmount,
});
export type SetLimitRequest = z.infer<typeof SetLimitRequest>;

export const ConfirmLimitRequest = z.object({
  kind: LimitKind,
  period: LimitPeriod,
});
export type ConfirmLimitRequest = z.infer<typeof ConfirmLimitRequest>;

/** One limit of one period: what is in force, what is left of it now, and any change waiting. */
export const LimitView = z.object({
  kind: LimitKind,
  period: LimitPeriod,
  /** In force (null: none). */
  amount: Rupees.nullable(),
  /** What is left of it over the period now (null: no limit). */
  left: Rupees.nullable(),
  /** Counted so far in the period (deposits made, or net loss). */
  used: Rupees,
  /** A loss limit's only: what open bets and casino rounds may still lose; taken off what is left. */
  at_risk: Rupees.optional(),
  /** When enough of what counts leaves the period for more to be left (null: nothing counts). */
  rolls_at: IsoDate.nullable(),
  /** A higher limit or none, asked for and not yet in force. */
  pending: z
    .object({
      amount: Rupees.nullable(),
      asked_at: IsoDate,
      /** From then on the bettor may confirm it. */
      confirmable_at: IsoDate,
    })
    .nullable(),
});
export type LimitView = z.infer<typeof LimitView>;

/** Reality check intervals a bettor may choose (minutes; null: off). */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export const SetRealityCheckRequest = z.object({
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]).nullable(),
});
export type SetRealityCheckRequest = z.infer<typeof SetRealityCheckRequest>;

/** A time-out's lengths (days) and a self-exclusion's (months). */
export const BREAK_DAYS = [1, 7, 30, 42] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 24, 60] as const;
/** After a self-exclusion's term, the wait between the bettor's ask and the account reopening. */
export const REOPEN_WAIT_MS = 24 * 3_600_000;

export const TakeBreakRequest = z.object({
  days: z.union([z.literal(1), z.literal(7), z.literal(30), z.literal(42)]),
});
export type TakeBreakRequest = z.infer<typeof TakeBreakRequest>;
export const SelfExcludeRequest = z.object({
  months: z.union([z.literal(6), z.literal(12), z.literal(24), z.literal(60)]),
  /** The bettor's password: a self-exclusion cannot be undone. */
  password: z.string().min(1, 'Password is required').max(200),
});
export type SelfExcludeRequest = z.infer<typeof SelfExcludeRequest>;

/**
 * A time-out or self-exclusion in force (or a self-exclusion whose term is over, until the
 * account reopens): no bets, casino, deposits or chips; statements and withdrawals still work.
 */
export const Restriction = z.object({
  kind: z.enum(['BREAK', 'SELF_EXCLUSION']),
  started_at: IsoDate,
  /** The end of its term (a break ends by itself then). */
  ends_at: IsoDate,
  /** A self-exclusion past its term: when the bettor asked to reopen (null: not asked). */
  reopen_asked_at: IsoDate.nullable(),
  /** When the account reopens (24 hours after the ask; null: not asked yet). */
  reopens_at: IsoDate.nullable(),
});
export type Restriction = z.infer<typeof Restriction>;

/**
 * The limits a user's agent sets on him (issue 25, ADR 58): the most exposure he may hold, the
 * largest stake of one bet (null: no limit), a delay added to an in-play market's bet delay, and
 * the sports he may not bet on.
 */
export const AgentLimits = z.object({
  exposure_limit: Rupees.nullable(),
  max_stake: Rupees.nullable(),
  extra_bet_delay_ms: z.number().int(),
  blocked_sports: z.array(z.number().int()),
  /** When they were last set (null: never). */
  updated_at: IsoDate.nullable(),
});
export type AgentLimits = z.infer<typeof AgentLimits>;

/** The most an agent may add to a user's in-play bet delay. */
export const MAX_EXTRA_BET_DELAY_MS = 30_000;

/** An amount an agent sets: a positive number of rupees, or null for none. */
const AgentLimitAmount = Rupees.refine((v) => v > 0, 'A limit must be more than 0').nullable();

/** Agent: set a downline user's limits; a field left out stays as it is. */
export const SetUserLimitsRequest = z.object({
  user_id: IdLike,
  exposure_limit: AgentLimitAmount.optional(),
  max_stake: AgentLimitAmount.optional(),
  extra_bet_delay_ms: z
    .number({ error: 'extra_bet_delay_ms must be a whole number of milliseconds' })
    .int('extra_bet_delay_ms must be a whole number of milliseconds')
    .min(0, 'extra_bet_delay_ms must not be negative')
    .max(MAX_EXTRA_BET_DELAY_MS, `extra_bet_delay_ms must be at most ${MAX_EXTRA_BET_DELAY_MS}`)
    .optional(),
  blocked_sports: z.array(IdLike).max(100, 'Too many sports').optional(),
});
export type SetUserLimitsRequest = z.infer<typeof SetUserLimitsRequest>;

export const SaferGambling = z.object({
  /** Every kind and period, in the order DEPOSIT then LOSS, DAY, WEEK, MONTH. */
  limits: z.array(LimitView),
  /** The lowest of what is left of the deposit limits (null: none set). */
  deposit_left: Rupees.nullable(),
  /** The reality check's interval (null: off). */
  reality_check_minutes: z.number().int().nullable(),
  /** A break or self-exclusion in force (null: none). */
  restriction: Restriction.nullable(),
  /** The limits the bettor's agent set on him. */
  agent_limits: AgentLimits,
});
export type SaferGambling = z.infer<typeof SaferGambling>;
