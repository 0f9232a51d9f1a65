/**
 * The bettor's loss limit where money is put at risk (issue 25, ADR 58): a bet in the bet path,
 * a casino stake in the wallet. The rule, over each period with a loss limit in force:
 *
 *   net loss of the period + what is at risk now + what this stake or bet adds <= the limit
 *
 * The net loss is lossUsage's (settled markets and casino rounds; a net win counts 0). What is at
 * risk now is not counted there yet: the exposure of open sports bets and the casino stakes of
 * rounds not yet settled, each of which may still be lost in full. A bet adds its exposure
 * increase (the affordability check's worst case), a casino stake its amount.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { LIMIT_PERIOD_MS, type LimitPeriod } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { bettorLimits } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { lossUsage } from './service.ts';

/** A loss limit in force: its period and amount. */
export interface LossLimit {
  period: LimitPeriod;
  amountPaise: number;
}

/** A loss limit the stake would pass: what is left of it and when the period's oldest loss leaves. */
export interface LossLimitBreach extends LossLimit {
  leftPaise: number;
  rollsAt: Date | null;
}

const rupees = (paise: number) => `₹${paiseToRupees(paise).toLocaleString('en-IN')}`;
const periodWord: Record<LimitPeriod, string> = { DAY: '24 hours', WEEK: '7 days', MONTH: '30 days' };

/** The bettor's loss limits in force (none: no row, or every amount null). */
export async function lossLimitsOf(db: DbOrTx, userId: number): Promise<LossLimit[]> {
  const rows = await db
    .select({ period: bettorLimits.period, amountPaise: bettorLimits.amountPaise })
    .from(bettorLimits)
    .where(
      and(
        eq(bettorLimits.userId, userId),
        eq(bettorLimits.kind, 'LOSS'),
        isNotNull(bettorLimits.amountPaise),
      ),
    );
  return rows.map((r) => ({ period: r.period, amountPaise: r.amountPaise! }));
}

/**
 * The first loss limit that `addedPaise` more at risk would pass (undefined: none), the tightest
 * (least left) when several would. `atRisk`: what is at risk now (atRiskPaise).
 */
export async function lossLimitBreach(
  db: DbOrTx,
  userId: number,
  limits: readonly LossLimit[],
  atRisk: number,
  addedPaise: number,
  now: Date,
): Promise<LossLimitBreach | undefined> {
  let worst: LossLimitBreach | undefined;
  for (const limit of limits) {
    const usage = await lossUsage(db, userId, new Date(now.getTime() - LIMIT_PERIOD_MS[limit.period]));
    const leftPaise = Math.max(0, limit.amountPaise - usage.usedPaise - atRisk);
    if (addedPaise <= leftPaise) continue;
    if (worst && worst.leftPaise <= leftPaise) continue;
    const rollsAt = usage.oldestAt
      ? new Date(usage.oldestAt.getTime() + LIMIT_PERIOD_MS[limit.period])
      : null;
    worst = { ...limit, leftPaise, rollsAt };
  }
  return worst;
}

/** The bet path's refusal of a breach: 400 LOSS_LIMIT_REACHED with what is left. */
export function lossLimitReached(breach: LossLimitBreach): AppError {
  const rolls = breach.rollsAt ? `; more is free from ${breach.rollsAt.toISOString()}` : '';
  return new AppError(
    400,
    'LOSS_LIMIT_REACHED',
    `Your loss limit of ${rupees(breach.amountPaise)} per ${periodWord[breach.period]} leaves ${rupees(breach.leftPaise)} to put at risk now${rolls}`,
    {},
    {
      left: paiseToRupees(breach.leftPaise),
      period: breach.period,
      rolls_at: breach.rollsAt?.toISOString() ?? null,
    },
  );
}
