/**
 * The one match state of every catalog answer (ADR 27): upcoming, in play, or finished with its
 * result. The rule is `matchStateOf` of the contracts; this module gathers its facts: the
 * fixture row, the clock, and the result of each match's main market.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  matchStateOf,
  meetingStateOf,
  raceStateOf,
  type MatchResult,
  type MatchState,
  type RaceState,
} from '@exchange/contracts';
import type { DbOrTx } from '../db/client.ts';
import { markets, matches, races, runners } from '../db/schema/index.ts';

/** The market whose result is the match's: Match Odds or a politics Winner, else the Bookmaker. */
export const MAIN_MARKET_TYPES = ['MATCH_ODDS', 'WINNER', 'BOOKMAKER'] as const;

/** Whether a market of this type may hold its match's result (its settlement can finish the match). */
export function mayDecideMatch(marketType: string): boolean {
  return (MAIN_MARKET_TYPES as readonly string[]).includes(marketType);
}
const mainRank = sql`case ${markets.marketType} when 'BOOKMAKER' then 1 else 0 end`;

/** The declared results of the listed matches' main markets (one query for markets, one for winners). */
export async function matchResults(
  db: DbOrTx,
  matchIds: readonly number[],
): Promise<Map<number, MatchResult>> {
  const results = new Map<number, MatchResult>();
  if (matchIds.length === 0) return results;
  const rows = await db
    .select({
      id: markets.id,
      matchId: markets.matchId,
      resultKind: markets.resultKind,
      settledAt: markets.settledAt,
    })
    .from(markets)
    .where(
      and(
        inArray(markets.matchId, [...new Set(matchIds)]),
        inArray(markets.marketType, [...MAIN_MARKET_TYPES]),
        isNull(markets.raceId),
      ),
    )
    .orderBy(asc(markets.matchId), mainRank, asc(markets.sort), asc(markets.id));
  const main = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!main.has(r.matchId)) main.set(r.matchId, r);
  const decided = [...main.values()].filter((m) => m.settledAt !== null && m.resultKind !== null);
  const winners = await winnersByMarket(
    db,
    decided.map((m) => m.id),
    ['WINNER', 'PLACED'],
  );
  for (const m of decided) results.set(m.matchId, resultOf(m.resultKind!, winners.get(m.id)));
  return results;
}

/** The names of the winning runners of settled markets, by market (one query). */
async function winnersByMarket(
  db: DbOrTx,
  marketIds: readonly number[],
  statuses: ('WINNER' | 'PLACED')[],
): Promise<Map<number, string[]>> {
  const byMarket = new Map<number, string[]>();
  if (marketIds.length === 0) return byMarket;
  const rows = await db
    .select({ marketId: runners.marketId, name: runners.name })
    .from(runners)
    .where(and(inArray(runners.marketId, [...marketIds]), inArray(runners.status, statuses)))
    .orderBy(asc(runners.marketId), asc(runners.sort));
  for (const r of rows) byMarket.set(r.marketId, [...(byMarket.get(r.marketId) ?? []), r.name]);
  return byMarket;
}

const resultOf = (resultKind: string, winners: string[] = []): MatchResult =>
  resultKind === 'VOID' ? { kind: 'VOID', winners: [] } : { kind: 'WINNERS', winners };

/** A race's state and result, as the venue list answers it. */
export interface RaceStateFields {
  raceId: number;
  state: RaceState;
  result: MatchResult | null;
}

/**
 * The state of every race of the listed meetings (ADR 27, races), by meeting: each race's WIN
 * market decides it (one query for races and their WIN markets, one for the winners).
 */
export async function raceStates(
  db: DbOrTx,
  matchIds: readonly number[],
  now: Date,
): Promise<Map<number, RaceStateFields[]>> {
  const byMeeting = new Map<number, RaceStateFields[]>();
  if (matchIds.length === 0) return byMeeting;
  const rows = await db
    .select({
      raceId: races.raceId,
      matchId: races.matchId,
      startTime: races.startTime,
      marketId: markets.id,
      resultKind: markets.resultKind,
      settledAt: markets.settledAt,
    })
    .from(races)
    .leftJoin(markets, and(eq(markets.raceId, races.raceId), eq(markets.marketType, 'WIN')))
    .where(inArray(races.matchId, [...new Set(matchIds)]))
    .orderBy(asc(races.startTime), asc(races.raceId));
  const decided = rows.filter(
    (r) => r.marketId !== null && r.settledAt !== null && r.resultKind === 'WINNERS',
  );
  const winners = await winnersByMarket(
    db,
    decided.map((r) => r.marketId!),
    ['WINNER'],
  );
  for (const r of rows) {
    const result =
      r.settledAt === null || r.resultKind === null ? null : resultOf(r.resultKind, winners.get(r.marketId!));
    const state = raceStateOf({
      started: r.startTime.getTime() <= now.getTime(),
      hasMarkets: r.marketId !== null,
      result,
    });
    let list = byMeeting.get(r.matchId);
    if (!list) byMeeting.set(r.matchId, (list = []));
    list.push({ raceId: r.raceId, state, result });
  }
  return byMeeting;
}

/** What a list's states are derived from: main-market results, and each racing meeting's state. */
export interface StateFacts {
  results: Map<number, MatchResult>;
  /** Meetings (matches with races): their state follows their races, not the fixture row. */
  meetings: Map<number, MatchState>;
  /** Each meeting's races with their states. */
  races: Map<number, RaceStateFields[]>;
}

export async function stateFacts(db: DbOrTx, matchIds: readonly number[], now: Date): Promise<StateFacts> {
  const [results, byMeeting] = await Promise.all([matchResults(db, matchIds), raceStates(db, matchIds, now)]);
  const meetings = new Map<number, MatchState>();
  for (const [matchId, list] of byMeeting) meetings.set(matchId, meetingStateOf(list.map((r) => r.state)));
  return { results, meetings, races: byMeeting };
}

/** A match's state fields; `in_play` follows the state, so no screen can read a different one. */
export function stateFields(
  match: Pick<typeof matches.$inferSelect, 'matchId' | 'inPlay' | 'isActive' | 'startTime'>,
  facts: StateFacts,
  now: Date,
): { in_play: boolean; state: MatchState; result: MatchResult | null } {
  const meeting = facts.meetings.get(match.matchId);
  if (meeting) return { in_play: meeting === 'IN_PLAY', state: meeting, result: null };
  const result = facts.results.get(match.matchId);
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
export async function matchScores(
  db: DbOrTx,
  matchIds: readonly number[],
  now: Date,
): Promise<Map<number, MatchScoreFields>> {
  const scores = new Map<number, MatchScoreFields>();
  if (matchIds.length === 0) return scores;
  const [rows, facts] = await Promise.all([
    db
      .select({
        matchId: matches.matchId,
        score: matches.score,
        inPlay: matches.inPlay,
        isActive: matches.isActive,
        startTime: matches.startTime,
      })
      .from(matches)
      .where(inArray(matches.matchId, [...new Set(matchIds)])),
    stateFacts(db, matchIds, now),
  ]);
  for (const row of rows) scores.set(row.matchId, { score: row.score, ...stateFields(row, facts, now) });
  return scores;
}
