/**
 * Keeps the catalog (catalog-data.ts) in the database: sports, series, cups and casino sections,
 * fixtures two days ahead in every sport, racing meetings and binary sessions. Run at the first
 * start's seed, at every start and by the feed's upkeep.
 */
import { and, count, eq, gt, inArray, lt, max, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { feedMatch } from '../services/catalog-admin.ts';
import { casinoSports, cups, matches, races, series, sports } from '../db/schema/index.ts';
import {
  CASINO_SPORTS,
  CUPS,
  FIXTURE_SPORT_IDS,
  FIXTURES_AHEAD_MS,
  SERIES,
  SPORTS,
  binarySeries,
  binarySessions,
  fixtureBatch,
  fixturesAfter,
  istDaysFrom,
  matchDurationMs,
  racingMeetings,
  racingSeries,
  RACING_DAYS,
} from './catalog-data.ts';

/** Sports, series, cups, casino sections: those missing are added (a newer release's, on an older database). */
export async function ensureCatalog(db: DbOrTx): Promise<void> {
  await db.insert(sports).values(SPORTS).onConflictDoNothing();
  const seriesRows = [
    ...SERIES.map(({ seriesId, sportId, name }) => ({ seriesId, sportId, name })),
    ...racingSeries(),
    ...binarySeries(),
  ];
  await db.insert(series).values(seriesRows).onConflictDoNothing();
  await db.insert(cups).values(CUPS).onConflictDoNothing();
  await db.insert(casinoSports).values(CASINO_SPORTS).onConflictDoNothing();
}

const FIRST_FIXTURE_ID = 30_000_001;

/** The id the next generated fixture gets (racing and binary sessions have ids of their own, above). */
export async function nextFixtureId(db: DbOrTx): Promise<number> {
  const [last] = await db
    .select({ id: max(matches.matchId) })
    .from(matches)
    .where(lt(matches.matchId, 50_000_000));
  return (last?.id ?? FIRST_FIXTURE_ID - 1) + 1;
}

/**
 * Keeps the demo catalog alive: fixtures whose time is over stop being in play and listed;
 * racing meetings exist for today and the next IST day (RACING_DAYS), binary sessions for the
 * next 3; a fresh catalog gets a batch with
 * matches in play; and every active sport keeps fixtures published at least two days ahead
 * (a sport short of them gets its next round after its last one). Published start times are
 * never touched. The console's matches (ADR 36) are neither counted nor retired. Run at seed, at
 * every start and by the feed's upkeep.
 */
export async function refreshFixtures(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureCatalog(tx);
    for (const sport of SPORTS) {
      await tx
        .update(matches)
        .set({ inPlay: false, isActive: false })
        .where(
          and(
            feedMatch(),
            eq(matches.sportId, sport.sportId),
            eq(matches.isActive, true),
            lt(matches.startTime, new Date(now.getTime() - matchDurationMs(sport.sportId))),
          ),
        );
    }

    for (const day of istDaysFrom(now, RACING_DAYS)) {
      const meetings = racingMeetings(day);
      await tx.insert(matches).values(meetings.map((m) => m.match)).onConflictDoNothing();
      await tx.insert(races).values(meetings.flatMap((m) => m.races)).onConflictDoNothing();
    }
    for (const day of istDaysFrom(now, 3)) {
      const sessions = binarySessions(day);
      if (sessions.length > 0) await tx.insert(matches).values(sessions).onConflictDoNothing();
    }

    const [ahead] = await tx
      .select({ n: count() })
      .from(matches)
      .where(and(feedMatch(), eq(matches.isActive, true), gt(matches.startTime, now), inArray(matches.sportId, FIXTURE_SPORT_IDS)));
    if ((ahead?.n ?? 0) === 0) await tx.insert(matches).values(fixtureBatch(now, await nextFixtureId(tx)));

    const active = await tx.select({ sportId: sports.sportId }).from(sports).where(eq(sports.isActive, true));
    const last = await tx
      .select({ sportId: matches.sportId, last: max(matches.startTime) })
      .from(matches)
      .where(and(feedMatch(), eq(matches.isActive, true), inArray(matches.sportId, FIXTURE_SPORT_IDS)))
      .groupBy(matches.sportId);
    const lastBySport = new Map(last.map((r) => [r.sportId, r.last]));
    const horizon = now.getTime() + FIXTURES_AHEAD_MS;
    for (const { sportId } of active) {
      if (!FIXTURE_SPORT_IDS.includes(sportId)) continue;
      const latest = lastBySport.get(sportId) ?? null;
      if (latest && latest.getTime() > horizon) continue;
      const after = latest && latest.getTime() > now.getTime() ? latest : now;
      // The sport's matches in play or to come: the new round takes none of their names.
      const listed = await tx
        .select({ name: matches.matchName })
        .from(matches)
        .where(and(eq(matches.sportId, sportId), eq(matches.isActive, true), or(eq(matches.inPlay, true), gt(matches.startTime, now))));
      const taken = new Set(listed.map((r) => r.name));
      await tx.insert(matches).values(fixturesAfter(sportId, after, await nextFixtureId(tx), taken));
    }
  });
}
