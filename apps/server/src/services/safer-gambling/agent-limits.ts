/**
 * The limits a user's agent sets on him (issue 25, ADR 58): the most exposure he may hold, the
 * largest stake of one bet, a delay added to an in-play market's bet delay, the sports he may not
 * bet on. Set by an agent above him (the scope of every agent call, downline.ts), each change in
 * his activity log with the agent as the actor. One row per user ever limited (user_bet_limits).
 */
import { eq, inArray } from 'drizzle-orm';
import type { AgentLimits, SetUserLimitsRequest } from '@exchange/contracts';
import { paiseToRupees, rupeesToPaise } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { sports, userBetLimits } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordActivity, type RequestOrigin } from '../activity.ts';
import { downlineUser, type AgentCaller } from '../downline.ts';

export type AgentLimitsRow = typeof userBetLimits.$inferSelect;

const rupees = (paise: number) => `₹${paiseToRupees(paise).toLocaleString('en-IN')}`;

export async function agentLimitsRow(db: DbOrTx, userId: number): Promise<AgentLimitsRow | undefined> {
  const [row] = await db.select().from(userBetLimits).where(eq(userBetLimits.userId, userId));
  return row;
}

export function agentLimitsView(row: AgentLimitsRow | undefined): AgentLimits {
  return {
    exposure_limit: row?.exposureLimitPaise == null ? null : paiseToRupees(row.exposureLimitPaise),
    max_stake: row?.maxStakePaise == null ? null : paiseToRupees(row.maxStakePaise),
    extra_bet_delay_ms: row?.extraBetDelayMs ?? 0,
    blocked_sports: row?.blockedSports ?? [],
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** A given amount in paise: undefined stays undefined (unchanged), null stays null (no limit). */
const paiseOf = (rupeesOrNull: number | null | undefined) =>
  rupeesOrNull == null ? rupeesOrNull : rupeesToPaise(rupeesOrNull);

/** Refuses a sport id the catalog does not know (a typo would block nothing). */
async function checkSports(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const known = await db
    .select({ id: sports.sportId })
    .from(sports)
    .where(inArray(sports.sportId, [...ids]));
  const unknown = ids.filter((id) => !known.some((k) => k.id === id));
  if (unknown.length > 0) throw new AppError(400, 'VALIDATION_ERROR', `Unknown sport: ${unknown.join(', ')}`);
}

/** What changed, for the activity log: only the fields that moved. */
function changes(before: AgentLimits, after: AgentLimits): string {
  const amount = (v: number | null) => (v === null ? 'none' : rupees(rupeesToPaise(v)));
  const out: string[] = [];
  if (before.max_stake !== after.max_stake) out.push(`max stake ${amount(after.max_stake)}`);
  if (before.exposure_limit !== after.exposure_limit)
    out.push(`exposure limit ${amount(after.exposure_limit)}`);
  if (before.extra_bet_delay_ms !== after.extra_bet_delay_ms)
    out.push(`extra bet delay ${after.extra_bet_delay_ms} ms`);
  if (before.blocked_sports.join() !== after.blocked_sports.join())
    out.push(
      `blocked sports ${after.blocked_sports.length === 0 ? 'none' : after.blocked_sports.join(', ')}`,
    );
  return out.length === 0 ? 'unchanged' : out.join('; ');
}

/**
 * Sets a downline user's limits: a field left out stays, null lifts it. A user outside the
 * caller's downline is answered like a missing one (404), as by every agent call.
 */
export async function setAgentLimits(
  db: DbOrTx,
  caller: AgentCaller,
  body: SetUserLimitsRequest,
  now: Date,
  origin?: RequestOrigin,
): Promise<AgentLimits> {
  const user = await downlineUser(db, caller, body.user_id);
  const blocked =
    body.blocked_sports === undefined ? undefined : [...new Set(body.blocked_sports)].sort((a, b) => a - b);
  if (blocked) await checkSports(db, blocked);
  return db.transaction(async (tx) => {
    // The row locked (or created) first: two agents' changes at once apply one after the other.
    await tx.insert(userBetLimits).values({ userId: user.id, updatedAt: now }).onConflictDoNothing();
    const [before] = await tx
      .select()
      .from(userBetLimits)
      .where(eq(userBetLimits.userId, user.id))
      .for('update');
    const set = {
      ...(body.exposure_limit !== undefined ? { exposureLimitPaise: paiseOf(body.exposure_limit) } : {}),
      ...(body.max_stake !== undefined ? { maxStakePaise: paiseOf(body.max_stake) } : {}),
      ...(body.extra_bet_delay_ms !== undefined ? { extraBetDelayMs: body.extra_bet_delay_ms } : {}),
      ...(blocked !== undefined ? { blockedSports: blocked } : {}),
      setBy: caller.userId,
      updatedAt: now,
    };
    const [after] = await tx
      .update(userBetLimits)
      .set(set)
      .where(eq(userBetLimits.userId, user.id))
      .returning();
    const view = agentLimitsView(after);
    await recordActivity(
      tx,
      {
        userId: user.id,
        kind: 'USER_LIMITS_SET',
        origin,
        detail: changes(agentLimitsView(before), view),
        actorId: caller.userId,
      },
      now,
    );
    return view;
  });
}
