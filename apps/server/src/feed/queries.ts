/**
 * What the simulator reads (and the one fixture it writes itself): the fixtures due to start,
 * the matches in play, the races due, the binary sessions open, and the open markets of each.
 * Only matches and races the feed generated are seen (`feedMatch`): the console's are the
 * operator's (ADR 36).
 */
import { and, asc, eq, gt, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { RACING_SPORT_IDS, SPORT } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { markets, matches, races } from '../db/schema/index.ts';
import { feedMatch } from '../services/catalog-admin.ts';
import { SPORT_ID } from './catalog-data.ts';

/** An unsettled market as the simulator needs it. */
export interface MarketRef {
  id: number;
  matchId: number;
  raceId: number | null;
  kind: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  marketType: string;
  name: string;
  status: string;
  inPlay: boolean;
}

/** A match in play as the simulator picks it up (its score and ball log carry it over a restart). */
export interface LiveFixture {
  matchId: number;
  sportId: number;
  seriesId: number;
  name: string;
  score: string | null;
  feedState: unknown;
}

async function openMarkets(db: Db, where: SQL): Promise<MarketRef[]> {
  return db
    .select({
      id: markets.id,
      matchId: markets.matchId,
      raceId: markets.raceId,
      kind: markets.kind,
      marketType: markets.marketType,
      name: markets.name,
      status: markets.status,
      inPlay: markets.inPlay,
    })
    .from(markets)
    .where(and(where, isNull(markets.settledAt)))
    .orderBy(asc(markets.sort), asc(markets.id));
}

/** The unsettled markets of these matches (their races' too), in display order. */
export const openMarketsOfMatches = (db: Db, matchIds: readonly number[]) => openMarkets(db, inArray(markets.matchId, [...matchIds]));
/** The unsettled markets of these races, in display order. */
export const openMarketsOfRaces = (db: Db, raceIds: readonly number[]) => openMarkets(db, inArray(markets.raceId, [...raceIds]));
/** These markets, those still unsettled, in display order. */
export const openMarketsById = (db: Db, marketIds: readonly number[]) => openMarkets(db, inArray(markets.id, [...marketIds]));

/** Fixtures of these sports not in play yet, with a market to settle, that start in (from, to]. */
export async function fixturesDueToStart(db: Db, sportIds: readonly number[], from: Date, to: Date): Promise<number[]> {
  const due = await db
    .selectDistinct({ matchId: matches.matchId })
    .from(matches)
    .innerJoin(markets, and(eq(markets.matchId, matches.matchId), isNull(markets.settledAt)))
    .where(
      and(
        feedMatch(),
        eq(matches.isActive, true),
        eq(matches.inPlay, false),
        inArray(matches.sportId, [...sportIds]),
        lte(matches.startTime, to),
        gt(matches.startTime, from),
      ),
    )
    .orderBy(asc(matches.matchId));
  return due.map((m) => m.matchId);
}

/** How many of the feed's matches are in play, by sport. */
export async function liveMatchesBySport(db: Db): Promise<Map<number, number>> {
  const live = await db
    .select({ sportId: matches.sportId, n: sql<number>`count(*)::int` })
    .from(matches)
    .where(and(feedMatch(), eq(matches.isActive, true), eq(matches.inPlay, true)))
    .groupBy(matches.sportId);
  return new Map(live.map((r) => [r.sportId, r.n]));
}

/** Every match the sport ever had (a new fixture's name is drawn from it). */
export async function matchCountOfSport(db: Db, sportId: number): Promise<number> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(matches).where(eq(matches.sportId, sportId))) as [{ n: number }];
  return n;
}

/** Names of the sport's matches in play or to come after `now`. */
export async function listedMatchNames(db: Db, sportId: number, now: Date): Promise<string[]> {
  const listed = await db
    .select({ name: matches.matchName })
    .from(matches)
    .where(and(eq(matches.sportId, sportId), eq(matches.isActive, true), or(eq(matches.inPlay, true), gt(matches.startTime, now))));
  return listed.map((r) => r.name);
}

export async function insertFixture(db: Db, fixture: typeof matches.$inferInsert): Promise<void> {
  await db.insert(matches).values(fixture);
}

/** Matches in play that the clock plays on: not races, politics outrights, hidden sports nor binary sessions. */
export async function liveFixtures(db: Db): Promise<LiveFixture[]> {
  return db
    .select({ matchId: matches.matchId, sportId: matches.sportId, seriesId: matches.seriesId, name: matches.matchName, score: matches.score, feedState: matches.feedState })
    .from(matches)
    .where(
      and(
        feedMatch(),
        eq(matches.isActive, true),
        eq(matches.inPlay, true),
        notInArray(matches.sportId, [...RACING_SPORT_IDS, SPORT.POLITICS, SPORT.HIDDEN, SPORT_ID.BINARY]),
      ),
    )
    .orderBy(asc(matches.matchId));
}

/** Races with a market to settle that go off by `until`, earliest first. */
export async function racesDue(db: Db, until: Date): Promise<{ raceId: number; startTime: Date }[]> {
  return db
    .select({ raceId: races.raceId, startTime: races.startTime })
    .from(races)
    .innerJoin(markets, and(eq(markets.raceId, races.raceId), isNull(markets.settledAt)))
    .where(and(feedMatch(races.matchId), lte(races.startTime, until)))
    .groupBy(races.raceId, races.startTime)
    .orderBy(asc(races.startTime));
}

/** The unsettled markets of the binary sessions that started by `now`, with their session's state. */
export async function binarySessionMarkets(db: Db, now: Date) {
  return db
    .select({ matchId: matches.matchId, inPlay: matches.inPlay, marketId: markets.id, noLine: markets.noLine, status: markets.status, marketInPlay: markets.inPlay })
    .from(matches)
    .innerJoin(markets, and(eq(markets.matchId, matches.matchId), isNull(markets.settledAt)))
    .where(and(feedMatch(), eq(matches.sportId, SPORT_ID.BINARY), eq(matches.isActive, true), lte(matches.startTime, now)))
    .orderBy(asc(matches.matchId));
}
