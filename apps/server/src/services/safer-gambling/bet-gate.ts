/**
 * The bettor's limits judged on every bet (issue 25, ADR 58), before its in-play delay and its
 * queue: the sports his agent blocked (403 SPORT_BLOCKED), the largest stake his agent allows
 * (400 ABOVE_MAX_STAKE), the most exposure his agent allows (400 EXPOSURE_LIMIT_REACHED), his
 * own loss limit (400 LOSS_LIMIT_REACHED); then the extra in-play delay his agent set.
 *
 * The hot path pays one map lookup for a bettor with no limits: each bettor's limit rows are
 * kept here for a few seconds and dropped at once when this process changes them (`forget`).
 * Another process of the cluster sees a change within LIMITS_TTL_MS. The exposure and loss
 * figures are read per bet, and only for a bettor with such a limit. They are read outside the
 * write's account lock: two bets of one bettor at the same moment are each judged without the
 * other, so together they may pass the limit by the smaller of them (the affordability check at
 * the write still holds the balance).
 */
import { eq } from 'drizzle-orm';
import { paiseToRupees } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, matches } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import type { BetForLimits } from '../betting/index.ts';
import { agentLimitsRow, type AgentLimitsRow } from './agent-limits.ts';
import { lossLimitBreach, lossLimitReached, lossLimitsOf, type LossLimit } from './loss-limit.ts';
import { atRiskPaise } from './service.ts';

/** How long a bettor's limit rows are trusted before they are read again. */
export const LIMITS_TTL_MS = 2_000;
const MAX_CACHED = 50_000;

interface Limits {
  agent: AgentLimitsRow | undefined;
  loss: LossLimit[];
  readAt: number;
}

const rupees = (paise: number) => `₹${paiseToRupees(paise).toLocaleString('en-IN')}`;

export class BettorLimits {
  private readonly limits = new Map<number, Limits>();
  /** A match's sport never changes: read once, only for a bettor with blocked sports. */
  private readonly sportOfMatch = new Map<number, number>();

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
  ) {}

  /** The bettor's limits changed (his agent's or his own): the next bet reads them afresh. */
  forget(userId: number): void {
    this.limits.delete(userId);
  }

  /** The BettorCheck of the bet path (betting/bettor-limits.ts). */
  readonly check = async (bet: BetForLimits): Promise<{ extraDelayMs: number }> => {
    const { agent, loss } = await this.limitsOf(bet.userId);
    if (
      agent &&
      agent.blockedSports.length > 0 &&
      agent.blockedSports.includes(await this.sportOf(bet.matchId))
    )
      throw new AppError(403, 'SPORT_BLOCKED', 'Your agent has closed this sport to your bets');
    if (agent?.maxStakePaise != null && bet.stakePaise > agent.maxStakePaise)
      throw new AppError(
        400,
        'ABOVE_MAX_STAKE',
        `Your agent's limit on a stake is ${rupees(agent.maxStakePaise)}`,
      );
    if (agent?.exposureLimitPaise != null || loss.length > 0) {
      const increase = bet.exposureIncreasePaise();
      // A bet that adds no exposure (a hedge) is never refused by a limit on what is at risk.
      if (increase > 0) await this.checkAtRisk(bet.userId, agent, loss, increase);
    }
    return { extraDelayMs: agent?.extraBetDelayMs ?? 0 };
  };

  private async checkAtRisk(
    userId: number,
    agent: AgentLimitsRow | undefined,
    loss: LossLimit[],
    increase: number,
  ): Promise<void> {
    const [account] = await this.db
      .select({ exposure: ledgerAccounts.exposurePaise })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    const exposure = account?.exposure ?? 0;
    const limit = agent?.exposureLimitPaise;
    if (limit != null && exposure + increase > limit) {
      throw new AppError(
        400,
        'EXPOSURE_LIMIT_REACHED',
        `Your agent's exposure limit is ${rupees(limit)}: this bet would take your exposure to ${rupees(exposure + increase)}`,
        {},
        { exposure_limit: paiseToRupees(limit), exposure: paiseToRupees(exposure) },
      );
    }
    if (loss.length === 0) return;
    const now = this.clock();
    const breach = await lossLimitBreach(
      this.db,
      userId,
      loss,
      await atRiskPaise(this.db, userId, exposure),
      increase,
      now,
    );
    if (breach) throw lossLimitReached(breach);
  }

  private async limitsOf(userId: number): Promise<Limits> {
    const now = Date.now();
    const cached = this.limits.get(userId);
    if (cached && now - cached.readAt < LIMITS_TTL_MS) return cached;
    const fresh: Limits = {
      agent: await agentLimitsRow(this.db, userId),
      loss: await lossLimitsOf(this.db, userId),
      readAt: now,
    };
    // Bounded: past this many bettors, start again (each entry is seconds from stale anyway).
    if (this.limits.size >= MAX_CACHED) this.limits.clear();
    this.limits.set(userId, fresh);
    return fresh;
  }

  private async sportOf(matchId: number): Promise<number> {
    let sport = this.sportOfMatch.get(matchId);
    if (sport === undefined) {
      const [row] = await this.db
        .select({ sportId: matches.sportId })
        .from(matches)
        .where(eq(matches.matchId, matchId));
      sport = row?.sportId ?? -1;
      this.sportOfMatch.set(matchId, sport);
    }
    return sport;
  }
}
