import { and, asc, desc, eq, gte, ilike, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  istDayRange,
  RACING_SPORT_IDS,
  SPORT,
  type CasinoSport,
  type Cup,
  type Match,
  type MatchDetail,
  type SearchResultGroup,
  type Series as SeriesDto,
  type SeriesHeaderSport,
  type Sport,
  type VenueList,
} from '@exchange/contracts';
import type { DbOrTx } from '../db/client.ts';
import { casinoSports, cups, matches, races, series, sports } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { containsPattern } from '../lib/like.ts';
import { stateFacts, stateFields, type StateFacts } from './match-state.ts';

/** The `is_active` filter of the original client: absent or truthy means active rows only. */
export type ActiveFilter = number | string | boolean | undefined;
export function wantsActive(filter: ActiveFilter): boolean {
  return !(filter === 0 || filter === '0' || filter === false || filter === 'false');
}

const int = (b: boolean) => (b ? 1 : 0);
/** Cricket (4) first, politics (2378961) next, then the configured order. */
const sportRank = sql`case ${sports.sportId} when ${SPORT.CRICKET} then 0 when ${SPORT.POLITICS} then 1 else 2 end`;
/** Sports that appear in lists: every one but the hidden sport. */
const listedSport = ne(sports.sportId, SPORT.HIDDEN);

export async function listSports(db: DbOrTx, q: { sportId?: number; isActive?: ActiveFilter }): Promise<Sport[]> {
  const where: SQL[] = [listedSport, eq(sports.isActive, wantsActive(q.isActive))];
  if (q.sportId !== undefined) where.push(eq(sports.sportId, q.sportId));
  const rows = await db
    .select()
    .from(sports)
    .where(and(...where))
    .orderBy(sportRank, asc(sports.order), asc(sports.sportId));
  return rows.map((s) => ({ sport_id: s.sportId, name: s.name, is_active: int(s.isActive), order: s.order }));
}

/** Active series of active sports (a sport the operator hid hides its series); or the inactive ones. */
export async function listSeries(db: DbOrTx, q: { sportId?: number; isActive?: ActiveFilter }): Promise<SeriesDto[]> {
  const active = wantsActive(q.isActive);
  const where: SQL[] = [eq(series.isActive, active)];
  if (active) where.push(sql`exists (select 1 from sports s where s.sport_id = ${series.sportId} and s.is_active)`);
  if (q.sportId !== undefined) where.push(eq(series.sportId, q.sportId));
  const rows = await db
    .select()
    .from(series)
    .where(and(...where))
    .orderBy(asc(series.seriesId));
  return rows.map((s) => ({ series_id: s.seriesId, name: s.name, sport_id: s.sportId, is_active: int(s.isActive) }));
}

const matchColumns = {
  match: matches,
  seriesName: series.name,
  sportName: sports.name,
};
type MatchRow = { match: typeof matches.$inferSelect; seriesName: string; sportName: string };

/** The match as listed, with its one state (services/match-state.ts) at `now`. */
function toMatch(r: MatchRow, facts: StateFacts, now: Date): Match {
  const start = r.match.startTime.toISOString();
  return {
    match_id: r.match.matchId,
    match_name: r.match.matchName,
    match_Date: start,
    open_date: start,
    sport_id: r.match.sportId,
    sport_name: r.sportName,
    series_id: r.match.seriesId,
    series_name: r.seriesName,
    is_active: int(r.match.isActive),
    ...stateFields(r.match, facts, now),
  };
}

function matchQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(matchColumns)
    .from(matches)
    .innerJoin(series, eq(series.seriesId, matches.seriesId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(where);
}
/** In play first, then by start time. */
const matchOrder = [desc(matches.inPlay), asc(matches.startTime), asc(matches.matchId)];

/** Active matches of active series and sports (hidden above, hidden here); or the inactive ones. */
export async function listMatches(
  db: DbOrTx,
  q: { sportId?: number; seriesId?: number; isActive?: ActiveFilter },
  now: Date,
): Promise<Match[]> {
  const active = wantsActive(q.isActive);
  const where: SQL[] = [eq(matches.isActive, active)];
  if (active) where.push(eq(series.isActive, true), eq(sports.isActive, true));
  if (q.sportId !== undefined) where.push(eq(matches.sportId, q.sportId));
  if (q.seriesId !== undefined) where.push(eq(matches.seriesId, q.seriesId));
  const rows = await matchQuery(db, and(...where)).orderBy(...matchOrder);
  const facts = await stateFacts(db, rows.map((r) => r.match.matchId), now);
  return rows.map((r) => toMatch(r, facts, now));
}

/** Active, listed sports -> active series -> active matches; series without matches are left out. */
export async function seriesHeader(db: DbOrTx, now: Date): Promise<SeriesHeaderSport[]> {
  const rows = await matchQuery(
    db,
    and(listedSport, eq(sports.isActive, true), eq(series.isActive, true), eq(matches.isActive, true)),
  ).orderBy(sportRank, asc(sports.order), asc(series.seriesId), ...matchOrder);
  const facts = await stateFacts(db, rows.map((r) => r.match.matchId), now);
  const tree: SeriesHeaderSport[] = [];
  for (const r of rows) {
    let sport = tree.at(-1);
    if (sport?.sport_id !== r.match.sportId) tree.push((sport = { sport_id: r.match.sportId, name: r.sportName, series: [] }));
    let s = sport.series.at(-1);
    if (s?.series_id !== r.match.seriesId) sport.series.push((s = { series_id: r.match.seriesId, name: r.seriesName, matches: [] }));
    s.matches.push({
      match_id: r.match.matchId,
      match_name: r.match.matchName,
      match_Date: r.match.startTime.toISOString(),
      ...stateFields(r.match, facts, now),
    });
  }
  return tree;
}

export const SEARCH_LIMIT = 50;

/** Active matches of active series of listed, active sports whose name contains the text (any case), grouped by sport. */
export async function searchMatches(db: DbOrTx, search: string, now: Date): Promise<SearchResultGroup[]> {
  const text = search.trim();
  if (text.length === 0) return [];
  const rows = await matchQuery(
    db,
    and(
      listedSport,
      eq(sports.isActive, true),
      eq(series.isActive, true),
      eq(matches.isActive, true),
      ilike(matches.matchName, containsPattern(text)),
    ),
  )
    .orderBy(sportRank, asc(sports.order), ...matchOrder)
    .limit(SEARCH_LIMIT);
  const facts = await stateFacts(db, rows.map((r) => r.match.matchId), now);
  const groups: SearchResultGroup[] = [];
  for (const r of rows) {
    let group = groups.at(-1);
    if (group?.sport_id !== r.match.sportId) groups.push((group = { sport_id: r.match.sportId, sport_name: r.sportName, matches: [] }));
    group.matches.push(toMatch(r, facts, now));
  }
  return groups;
}

export async function matchDetail(db: DbOrTx, matchId: number, now: Date): Promise<MatchDetail> {
  const [row] = await matchQuery(db, eq(matches.matchId, matchId));
  if (!row) throw notFound('Match not found');
  const parts = row.match.matchName.split(' v ');
  const hasTeams = parts.length === 2 && !RACING_SPORT_IDS.includes(row.match.sportId) && row.match.sportId !== SPORT.POLITICS;
  return {
    ...toMatch(row, await stateFacts(db, [matchId], now), now),
    teams: hasTeams ? parts.map((p) => p.trim()) : [],
    score: row.match.score,
    venue: row.match.venue,
    markets: [],
  };
}

export async function cupsForMenu(db: DbOrTx): Promise<Cup[]> {
  const rows = await db.select().from(cups).orderBy(asc(cups.cupId));
  return rows.map((c) => ({ cup_id: c.cupId, name: c.name, sport_id: c.sportId, series_id: c.seriesId }));
}

export async function listCasinoSports(db: DbOrTx): Promise<CasinoSport[]> {
  const rows = await db.select().from(casinoSports).where(eq(casinoSports.isActive, true)).orderBy(asc(casinoSports.order));
  return rows.map((c) => ({ sport_id: c.sportId, name: c.name, is_active: int(c.isActive), order: c.order }));
}

/**
 * Racing meetings of a sport with races on an IST date. `countries` lists every country racing
 * that day; `venues` only the chosen country's (all when none is chosen).
 */
export async function venueList(
  db: DbOrTx,
  q: { sportId: number; day: string; country?: string },
  now: Date,
): Promise<VenueList> {
  const { start, end } = istDayRange(q.day);
  const rows = await db
    .select({ match: matches, race: races })
    .from(races)
    .innerJoin(matches, eq(matches.matchId, races.matchId))
    .where(and(eq(matches.sportId, q.sportId), gte(races.startTime, start), lt(races.startTime, end)))
    .orderBy(asc(races.startTime), asc(races.raceId));
  const country = q.country?.trim().toUpperCase();
  const countries = [...new Set(rows.map((r) => r.match.countryCode ?? ''))].filter(Boolean).sort();
  const shown = rows.filter((r) => !country || r.match.countryCode === country);
  // Every race of the shown meetings, the day's and any other: a meeting's state follows them all.
  const facts = await stateFacts(db, shown.map((r) => r.match.matchId), now);
  const venues = new Map<number, VenueList['venues'][number]>();
  for (const { match, race } of shown) {
    let venue = venues.get(match.matchId);
    if (!venue) {
      venue = {
        match_id: match.matchId,
        match_name: match.matchName,
        venue: match.venue ?? '',
        country_code: match.countryCode ?? '',
        state: stateFields(match, facts, now).state,
        races: [],
      };
      venues.set(match.matchId, venue);
    }
    const own = facts.races.get(match.matchId)?.find((r) => r.raceId === race.raceId);
    venue.races.push({
      race_id: race.raceId,
      name: race.name,
      market_start_time: race.startTime.toISOString(),
      state: own?.state ?? 'UPCOMING',
      result: own?.result ?? null,
    });
  }
  // Rows come by race time, so venues are in the order of their first race.
  return { countries, venues: [...venues.values()] };
}
