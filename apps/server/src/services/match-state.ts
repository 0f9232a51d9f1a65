/**
 * The one match state of every catalog answer (ADR 27): upcoming, in play, or finished with its
 * result. The rule is `matchStateOf` of the contracts; this module gathers its facts: the
 * fixture row, the clock, and the result of each match's main market.
 */
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { matchStateOf, type MatchResult, type MatchState } from '@exchange/contracts';
import type { DbOrTx } from '../db/client.ts';
import { markets, matches, runners } from '../db/schema/index.ts';

/** The market whose result is the match's: Match Odds or a politics Winner, else the Bookmaker. */
export const MAIN_MARKET_TYPES = ['MATCH_ODDS', 'WINNER', 'BOOKMAKER'] as const;

/** Whether a market of this type may hold its match's result (its settlement can finish the match). */
export function mayDecideMatch(marketType: string): boolean {
  return (MAIN_MARKET_TYPES as readonly string[]).includes(marketType);
}
const mainRank = sql`case ${markets.marketType} when 'BOOKMAKER' then 1 else 0 end`;

/** The declared results of the listed matches' main markets (one query for markets, one for winners). */
export async function matchResults(db: DbOrTx, matchIds: readonly number[]): Promise<Map<number, MatchResult>> {
  const results = new Map<number, MatchResult>();
  if (matchIds.length === 0) return results;
  const rows = await db
    .select({ id: markets.id, matchId: markets.matchId, resultKind: markets.resultKind, settledAt: markets.settledAt })
    .from(markets)
    .where(
      and(inArray(markets.matchId, [...new Set(matchIds)]), inArray(markets.marketType, [...MAIN_MARKET_TYPES]), isNull(markets.raceId)),
    )
    .orderBy(asc(markets.matchId), mainRank, asc(markets.sort), asc(markets.id));
  const main = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!main.has(r.matchId)) main.set(r.matchId, r);
  const decided = [...main.values()].filter((m) => m.settledAt !== null && m.resultKind !== null);
  const winnerRows =
    decided.length === 0
      ? []
      : await db
          .select({ marketId: runners.marketId, name: runners.name })
          .from(runners)
          .where(
            and(
              inArray(
                runners.marketId,
                decided.map((m) => m.id),
              ),
              inArray(runners.status, ['WINNER', 'PLACED']),
            ),
          )
          .orderBy(asc(runners.marketId), asc(runners.sort));
  for (const m of decided) {
    results.set(
      m.matchId,
      m.resultKind === 'VOID'
        ? { kind: 'VOID', winners: [] }
        : { kind: 'WINNERS', winners: winnerRows.filter((w) => w.marketId === m.id).map((w) => w.name) },
    );
  }
  return results;
}

/** A match's state fields; `in_play` follows the state, so no screen can read a different one. */
export function stateFields(
  match: Pick<typeof matches.$inferSelect, 'inPlay' | 'isActive' | 'startTime'>,
  result: MatchResult | undefined,
  now: Date,
): { in_play: boolean; state: MatchState; result: MatchResult | null } {
  const state = matchStateOf({
    inPlay: match.inPlay,
    listed: match.isActive,
    started: match.startTime.getTime() <= now.getTime(),
    result: result ?? null,
  });
  return { in_play: state === 'IN_PLAY', state, result: result ?? null };
}

/** A match's score line and state, as getMatchDetail shows them (the live push's `match_score`). */
export interface MatchScoreFields {
  score: string | null;
  in_play: boolean;
  state: MatchState;
  result: MatchResult | null;
}

/** The score and state of several matches: one read of their rows, one of their main markets' results. */
export async function matchScores(db: DbOrTx, matchIds: readonly number[], now: Date): Promise<Map<number, MatchScoreFields>> {
  const scores = new Map<number, MatchScoreFields>();
  if (matchIds.length === 0) return scores;
  const [rows, results] = await Promise.all([
    db
      .select({ matchId: matches.matchId, score: matches.score, inPlay: matches.inPlay, isActive: matches.isActive, startTime: matches.startTime })
      .from(matches)
      .where(inArray(matches.matchId, [...new Set(matchIds)])),
    matchResults(db, matchIds),
  ]);
  for (const row of rows) scores.set(row.matchId, { score: row.score, ...stateFields(row, results.get(row.matchId), now) });
  return scores;
}
