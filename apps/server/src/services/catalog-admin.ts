/**
 * The operator's catalog (ADR 36): sports, series, matches (and racing meetings) and races,
 * hidden ones too; each save one transaction with its audit row. The bettors' lists
 * (catalog.ts) show only what is active under an active series and sport.
 *
 * Ids: a sport names its own (the spec's ids mean things: 4 cricket, -17 hidden...). New series,
 * matches and races get the next id of a range of their own, far above every id the feed
 * generates (feed/catalog-data.ts), taken under a transaction-scoped advisory lock, so two
 * saves never take the same id and the feed never makes, plays or retires the console's
 * matches (it leaves every match of that range alone: `feedMatch`).
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, max, or, sql, type SQL } from 'drizzle-orm';
import {
  RACING_SPORT_IDS,
  type OperatorMatch,
  type OperatorMatchesPage,
  type OperatorMatchesRequest,
  type OperatorRace,
  type OperatorSeries,
  type OperatorSport,
  type SaveMatchRequest,
  type SaveRaceRequest,
  type SaveSeriesRequest,
  type SaveSportRequest,
} from '@exchange/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.ts';
import { matches, races, series, sports } from '../db/schema/index.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { containsPattern } from '../lib/like.ts';
import { changedFields, changesText, recordAudit, type AuditActor, type AuditFields } from './audit/index.ts';
import { offHappenings, recordMatchEvents, type BettingService } from './betting/index.ts';

/** Where the console's ids start (the first is one above): above every id the feed generates. */
export const CONSOLE_IDS = {
  /** The feed's series: 101-1203, racing 7000s and 8000s. */
  series: 100_000,
  /** The feed's fixtures: 30,000,001 up (below 50M); racing meetings 50M-70M; binary sessions 70M up. */
  match: 90_000_000,
  /** The feed's races: a meeting's id x 10 + n, below 900M. */
  race: 1_000_000_000,
} as const;

/** Matches the feed generated and runs (feed/): every one below the console's range. */
export const feedMatch = (matchId: typeof matches.matchId | typeof races.matchId = matches.matchId) =>
  lt(matchId, CONSOLE_IDS.match);

/** A match whose start is this long past and with no market left open is finished: the list hides it by default. */
const FINISHED_AFTER_MS = 24 * 3_600_000;

const conflict = (message: string) => new AppError(409, 'CATALOG_CONFLICT', message);

/** The console's id lock: one key per table, held to the end of the transaction. */
const ID_LOCK = 36;
async function nextId(tx: DbOrTx, which: 'series' | 'match' | 'race'): Promise<number> {
  const lockKey = { series: 1, match: 2, race: 3 }[which];
  await tx.execute(sql`select pg_advisory_xact_lock(${ID_LOCK}, ${lockKey})`);
  const column = { series: series.seriesId, match: matches.matchId, race: races.raceId }[which];
  const table = { series, match: matches, race: races }[which];
  const [row] = await tx
    .select({ id: max(column) })
    .from(table)
    .where(gte(column, CONSOLE_IDS[which]));
  return Math.max(row?.id ?? 0, CONSOLE_IDS[which]) + 1;
}

// ---- sports ------------------------------------------------------------------------------------

// Correlated counts name the outer table in full: drizzle leaves a lone table's columns unqualified.
const seriesCount = sql<number>`(select count(*) from series s where s.sport_id = sports.sport_id)::int`;
const sportMatchCount = sql<number>`(select count(*) from matches m where m.sport_id = sports.sport_id)::int`;

async function sportRows(db: DbOrTx, where?: SQL): Promise<OperatorSport[]> {
  const rows = await db
    .select({ sport: sports, series: seriesCount, matches: sportMatchCount })
    .from(sports)
    .where(where)
    .orderBy(asc(sports.order), asc(sports.sportId));
  return rows.map((r) => ({
    sport_id: r.sport.sportId,
    name: r.sport.name,
    is_active: r.sport.isActive,
    order: r.sport.order,
    series: Number(r.series),
    matches: Number(r.matches),
  }));
}

export function operatorSports(db: DbOrTx): Promise<OperatorSport[]> {
  return sportRows(db);
}

const SPORT_LABELS = { name: 'name', is_active: 'shown', order: 'order' };

/** Creates a sport with the id given (`create`), or edits one: its name, shown or hidden, and order. */
export async function saveSport(db: Db, actor: AuditActor, body: z.output<typeof SaveSportRequest>): Promise<OperatorSport> {
  const id = body.sport_id;
  const fields = { name: body.name, is_active: body.is_active, order: body.order };
  await db.transaction(async (tx) => {
    const [known] = await tx.select().from(sports).where(eq(sports.sportId, id)).for('update');
    if (body.create) {
      if (known) throw conflict(`Sport ${id} exists already (${known.name})`);
      await tx.insert(sports).values({ sportId: id, name: body.name, isActive: body.is_active, order: body.order });
      await recordAudit(tx, actor, {
        action: 'sport.save',
        targetType: 'sport',
        targetId: id,
        summary: `Created the sport ${body.name} (id ${id})`,
        before: null,
        after: fields,
      });
      return;
    }
    if (!known) throw notFound('Sport not found');
    await tx.update(sports).set({ name: body.name, isActive: body.is_active, order: body.order }).where(eq(sports.sportId, id));
    await auditEdit(tx, actor, 'sport.save', 'sport', id, `the sport ${body.name}`, { name: known.name, is_active: known.isActive, order: known.order }, fields, SPORT_LABELS);
  });
  return (await sportRows(db, eq(sports.sportId, id)))[0]!;
}

/** An edit's audit row, with the fields it changed; none when it changed nothing. */
async function auditEdit(
  tx: DbOrTx,
  actor: AuditActor,
  action: 'sport.save' | 'series.save' | 'match.save' | 'race.save',
  targetType: string,
  targetId: number,
  what: string,
  before: AuditFields,
  after: AuditFields,
  labels: Record<string, string>,
): Promise<void> {
  const text = changesText(before, after, labels);
  if (!text) return;
  await recordAudit(tx, actor, { action, targetType, targetId, summary: `Edited ${what}: ${text}`, ...changedFields(before, after) });
}

// ---- series ------------------------------------------------------------------------------------

const seriesMatchCount = sql<number>`(select count(*) from matches m where m.series_id = series.series_id)::int`;

async function seriesRows(db: DbOrTx, where: SQL): Promise<OperatorSeries[]> {
  const rows = await db
    .select({ series, matches: seriesMatchCount })
    .from(series)
    .where(where)
    .orderBy(asc(series.seriesId));
  return rows.map((r) => ({
    series_id: r.series.seriesId,
    sport_id: r.series.sportId,
    name: r.series.name,
    is_active: r.series.isActive,
    matches: Number(r.matches),
  }));
}

async function sportExists(db: DbOrTx, sportId: number): Promise<boolean> {
  const [row] = await db.select({ id: sports.sportId }).from(sports).where(eq(sports.sportId, sportId));
  return row !== undefined;
}

/** A sport's series, hidden ones too. */
export async function operatorSeries(db: DbOrTx, sportId: number): Promise<OperatorSeries[]> {
  if (!(await sportExists(db, sportId))) throw notFound('Sport not found');
  return seriesRows(db, eq(series.sportId, sportId));
}

const SERIES_LABELS = { name: 'name', sport_id: 'sport', is_active: 'shown' };

/** Creates a series under a sport (the next console id) or edits one; a series with matches stays in its sport. */
export async function saveSeries(db: Db, actor: AuditActor, body: z.output<typeof SaveSeriesRequest>): Promise<OperatorSeries> {
  const fields = { name: body.name, sport_id: body.sport_id, is_active: body.is_active };
  const id = await db.transaction(async (tx) => {
    const known = body.series_id === undefined ? undefined : (await tx.select().from(series).where(eq(series.seriesId, body.series_id)).for('update'))[0];
    if (body.series_id !== undefined && !known) throw notFound('Series not found');
    if (known?.sportId !== body.sport_id && !(await sportExists(tx, body.sport_id)))
      throw conflict(`Sport ${body.sport_id} does not exist`);
    if (!known) {
      const seriesId = await nextId(tx, 'series');
      await tx.insert(series).values({ seriesId, sportId: body.sport_id, name: body.name, isActive: body.is_active });
      await recordAudit(tx, actor, {
        action: 'series.save',
        targetType: 'series',
        targetId: seriesId,
        summary: `Created the series ${body.name}`,
        before: null,
        after: { series_id: seriesId, ...fields },
      });
      return seriesId;
    }
    if (known.sportId !== body.sport_id) {
      const [used] = await tx.select({ n: count() }).from(matches).where(eq(matches.seriesId, known.seriesId));
      if ((used?.n ?? 0) > 0) throw conflict('A series with matches cannot move to another sport');
    }
    await tx
      .update(series)
      .set({ name: body.name, sportId: body.sport_id, isActive: body.is_active })
      .where(eq(series.seriesId, known.seriesId));
    const before = { name: known.name, sport_id: known.sportId, is_active: known.isActive };
    await auditEdit(tx, actor, 'series.save', 'series', known.seriesId, `the series ${body.name}`, before, fields, SERIES_LABELS);
    return known.seriesId;
  });
  return (await seriesRows(db, eq(series.seriesId, id)))[0]!;
}

// ---- matches and racing meetings ---------------------------------------------------------------

// A listed match's count reads markets_match_open_idx (its open markets only, whatever the day
// settled); the filter's exists is planned as one pass over the open markets, not one per match.
const openMarketCount = sql<number>`(select count(*) from markets mk where mk.match_id = matches.match_id and mk.settled_at is null)::int`;
const hasOpenMarket = sql`exists (select 1 from markets mk where mk.match_id = ${matches.matchId} and mk.settled_at is null)`;

function matchRowsQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ match: matches, seriesName: series.name, sportName: sports.name, openMarkets: openMarketCount })
    .from(matches)
    .innerJoin(series, eq(series.seriesId, matches.seriesId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(where);
}

async function toOperatorMatches(db: DbOrTx, rows: Awaited<ReturnType<typeof matchRowsQuery>>): Promise<OperatorMatch[]> {
  const meetings = rows.filter((r) => RACING_SPORT_IDS.includes(r.match.sportId)).map((r) => r.match.matchId);
  const raceRows =
    meetings.length === 0
      ? []
      : await db.select().from(races).where(inArray(races.matchId, meetings)).orderBy(asc(races.startTime), asc(races.raceId));
  return rows.map((r) => ({
    match_id: r.match.matchId,
    series_id: r.match.seriesId,
    series_name: r.seriesName,
    sport_id: r.match.sportId,
    sport_name: r.sportName,
    match_name: r.match.matchName,
    start_time: r.match.startTime.toISOString(),
    in_play: r.match.inPlay,
    is_active: r.match.isActive,
    venue: r.match.venue,
    open_markets: Number(r.openMarkets),
    races: raceRows
      .filter((x) => x.matchId === r.match.matchId)
      .map((x) => ({ race_id: x.raceId, name: x.name, start_time: x.startTime.toISOString() })),
  }));
}

/**
 * Matches and meetings, hidden ones too, by sport, series and name, in play first then by
 * start; finished ones (started over a day ago with no market open) only when asked for.
 */
export async function operatorMatches(
  db: DbOrTx,
  q: z.output<typeof OperatorMatchesRequest>,
  now: Date,
): Promise<OperatorMatchesPage> {
  const where: SQL[] = [];
  // One match by id (a screen opened at it): shown whether finished or not.
  if (q.match_id !== undefined) where.push(eq(matches.matchId, q.match_id));
  if (q.sport_id !== undefined) where.push(eq(matches.sportId, q.sport_id));
  if (q.series_id !== undefined) where.push(eq(matches.seriesId, q.series_id));
  const search = q.search?.trim();
  if (search) where.push(ilike(matches.matchName, containsPattern(search)));
  if (!q.include_finished && q.match_id === undefined)
    where.push(or(gte(matches.startTime, new Date(now.getTime() - FINISHED_AFTER_MS)), hasOpenMarket)!);
  const filter = and(...where);
  const [rows, [totals]] = await Promise.all([
    matchRowsQuery(db, filter)
      .orderBy(desc(matches.inPlay), asc(matches.startTime), asc(matches.matchId))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(matches).where(filter),
  ]);
  return { rows: await toOperatorMatches(db, rows), total: Number(totals?.total ?? 0), page: q.page, limit: q.limit };
}

const MATCH_LABELS = {
  match_name: 'name',
  series_id: 'series',
  start_time: 'start',
  is_active: 'shown',
  in_play: 'in play',
  venue: 'venue',
};

/**
 * Creates a match or racing meeting in a series (the next console id; listed to bettors when
 * active, under an active series and sport, with or without markets), or edits one within its
 * sport. The live match channel hears of an edit (its state may change).
 */
export async function saveMatch(
  app: { db: Db; betting: BettingService },
  actor: AuditActor,
  body: z.output<typeof SaveMatchRequest>,
): Promise<OperatorMatch> {
  const startTime = new Date(body.start_time);
  const venue = body.venue === undefined ? undefined : body.venue || null;
  const id = await app.db.transaction(async (tx) => {
    const known =
      body.match_id === undefined ? undefined : (await tx.select().from(matches).where(eq(matches.matchId, body.match_id)).for('update'))[0];
    if (body.match_id !== undefined && !known) throw notFound('Match not found');
    const [parent] = await tx.select().from(series).where(eq(series.seriesId, body.series_id));
    if (!parent) throw conflict(`Series ${body.series_id} does not exist`);
    const fields = (m: { matchName: string; seriesId: number; startTime: Date; isActive: boolean; inPlay: boolean; venue: string | null }) => ({
      match_name: m.matchName,
      series_id: m.seriesId,
      start_time: m.startTime.toISOString(),
      is_active: m.isActive,
      in_play: m.inPlay,
      venue: m.venue,
    });
    if (!known) {
      const matchId = await nextId(tx, 'match');
      const row = {
        matchId,
        seriesId: parent.seriesId,
        sportId: parent.sportId,
        matchName: body.match_name,
        startTime,
        isActive: body.is_active,
        inPlay: body.in_play ?? false,
        venue: venue ?? null,
      };
      await tx.insert(matches).values(row);
      await recordMatchEvents(tx, matchId, null, offHappenings(false, row.inPlay), app.betting.clock());
      await recordAudit(tx, actor, {
        action: 'match.save',
        targetType: 'match',
        targetId: matchId,
        summary: `Created the match ${body.match_name} in ${parent.name}`,
        before: null,
        after: { match_id: matchId, ...fields(row) },
      });
      return matchId;
    }
    if (parent.sportId !== known.sportId) throw conflict('A match cannot move to another sport');
    const edited = {
      matchName: body.match_name,
      seriesId: parent.seriesId,
      startTime,
      isActive: body.is_active,
      inPlay: body.in_play ?? known.inPlay,
      venue: venue === undefined ? known.venue : venue,
    };
    await tx.update(matches).set(edited).where(eq(matches.matchId, known.matchId));
    // The console's matches are the operator's to run (the feed leaves them alone): their off is this edit.
    await recordMatchEvents(tx, known.matchId, null, offHappenings(known.inPlay, edited.inPlay), app.betting.clock());
    await auditEdit(tx, actor, 'match.save', 'match', known.matchId, `the match ${body.match_name}`, fields(known), fields(edited), MATCH_LABELS);
    return known.matchId;
  });
  if (body.match_id !== undefined) app.betting.matchChanged(id);
  return (await toOperatorMatches(app.db, await matchRowsQuery(app.db, eq(matches.matchId, id))))[0]!;
}

const RACE_LABELS = { name: 'name', start_time: 'start' };

/** Creates a race in a racing meeting (the next console id) or edits one's name and start. */
export async function saveRace(db: Db, actor: AuditActor, body: z.output<typeof SaveRaceRequest>): Promise<OperatorRace> {
  const startTime = new Date(body.start_time);
  const row = await db.transaction(async (tx) => {
    const known = body.race_id === undefined ? undefined : (await tx.select().from(races).where(eq(races.raceId, body.race_id)).for('update'))[0];
    if (body.race_id !== undefined && !known) throw notFound('Race not found');
    if (known && known.matchId !== body.match_id) throw conflict('A race cannot move to another meeting');
    const [meeting] = await tx.select().from(matches).where(eq(matches.matchId, body.match_id));
    if (!meeting) throw conflict(`Meeting ${body.match_id} does not exist`);
    if (!RACING_SPORT_IDS.includes(meeting.sportId)) throw conflict('Races belong to a horse or greyhound racing meeting');
    const fields = (r: { name: string; startTime: Date }) => ({ name: r.name, start_time: r.startTime.toISOString() });
    if (!known) {
      const raceId = await nextId(tx, 'race');
      const created = { raceId, matchId: meeting.matchId, name: body.name, startTime };
      await tx.insert(races).values(created);
      await recordAudit(tx, actor, {
        action: 'race.save',
        targetType: 'race',
        targetId: raceId,
        summary: `Created the race ${body.name} at ${meeting.matchName}`,
        before: null,
        after: { race_id: raceId, match_id: meeting.matchId, ...fields(created) },
      });
      return created;
    }
    const edited = { ...known, name: body.name, startTime };
    await tx.update(races).set({ name: body.name, startTime }).where(eq(races.raceId, known.raceId));
    await auditEdit(tx, actor, 'race.save', 'race', known.raceId, `the race ${body.name} at ${meeting.matchName}`, fields(known), fields(edited), RACE_LABELS);
    return edited;
  });
  return { race_id: row.raceId, match_id: row.matchId, name: row.name, start_time: row.startTime.toISOString() };
}
