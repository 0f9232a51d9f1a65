/**
 * The match's events a price chart marks (ADR 54): the off, wickets, boundaries, goals, and a
 * market suspended or opened again. Each is written in the transaction of the change that caused
 * it, timed by the service clock, and read back with a runner's price history.
 */
import { and, desc, eq, gte, isNull, or } from 'drizzle-orm';
import { PRICE_HISTORY_MAX_EVENTS, type MarketStatus, type MatchEvent } from '@exchange/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { matchEvents } from '../../db/schema/index.ts';
import type { MarketRow } from './market-state.ts';

/** An event as the feed or a change names it; the time is the writer's. */
export type MatchHappening = Pick<MatchEvent, 'kind' | 'text'>;

/** The off of a match: its row turning in play (the feed's kick-off, or the operator's edit). */
export function offHappenings(wasInPlay: boolean, nowInPlay: boolean | undefined): MatchHappening[] {
  return !wasInPlay && nowInPlay === true ? [{ kind: 'OFF', text: 'In play' }] : [];
}

/** Writes `happenings` in order, all at `at`; `marketId` null for what happened in the match. */
export async function recordMatchEvents(
  tx: DbOrTx,
  matchId: number,
  marketId: number | null,
  happenings: readonly MatchHappening[],
  at: Date,
): Promise<void> {
  if (happenings.length === 0) return;
  await tx
    .insert(matchEvents)
    .values(happenings.map((h) => ({ matchId, marketId, kind: h.kind, text: h.text, at })));
}

/**
 * What a change of status marks on the market's own chart: a race market's off (a meeting's
 * races share one match, so the off is the market's), OPEN to SUSPENDED and back. Exchange
 * markets only: nobody else has a price history, and the feed suspends a bookmaker every ball,
 * which would be a row a ball read by no one. BALL_RUNNING is the ball, not an event.
 */
export function statusHappenings(
  row: Pick<MarketRow, 'kind' | 'raceId' | 'status'>,
  status: Exclude<MarketStatus, 'INACTIVE'>,
  turningInPlay: boolean,
): MatchHappening[] {
  if (row.kind !== 'EXCHANGE') return [];
  const out: MatchHappening[] = [];
  if (turningInPlay && row.raceId !== null) out.push({ kind: 'OFF', text: 'Off' });
  if (row.status === 'OPEN' && status === 'SUSPENDED')
    out.push({ kind: 'SUSPENDED', text: 'Market suspended' });
  if (row.status === 'SUSPENDED' && status === 'OPEN')
    out.push({ kind: 'RESUMED', text: 'Market open again' });
  return out;
}

/**
 * The match's events and this market's own from `from` on (all when null), oldest first: the
 * newest PRICE_HISTORY_MAX_EVENTS of them. Another market's suspensions are not this one's.
 */
export async function marketMatchEvents(
  db: DbOrTx,
  matchId: number,
  marketId: number,
  from: Date | null,
): Promise<MatchEvent[]> {
  const rows = await db
    .select({ at: matchEvents.at, kind: matchEvents.kind, text: matchEvents.text })
    .from(matchEvents)
    .where(
      and(
        eq(matchEvents.matchId, matchId),
        or(isNull(matchEvents.marketId), eq(matchEvents.marketId, marketId)),
        from ? gte(matchEvents.at, from) : undefined,
      ),
    )
    .orderBy(desc(matchEvents.at), desc(matchEvents.id))
    .limit(PRICE_HISTORY_MAX_EVENTS);
  return rows.reverse().map((r) => ({ at: r.at.toISOString(), kind: r.kind, text: r.text }));
}
