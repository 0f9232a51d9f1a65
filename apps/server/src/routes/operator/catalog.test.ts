/**
 * The operator's catalog (ADR 36) on PGlite and PostgreSQL: sports, series, matches and races
 * created and edited, hidden ones listed to the operator and not to bettors (a hidden sport or
 * series hides what is under it), the console's ids above the feed's, refusals (400, 404, 409),
 * and the feed leaving the console's matches and races alone.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SPORT, type OperatorMatch } from '@exchange/contracts';
import { markets, matches } from '../../db/schema/index.ts';
import { createFeed, ensureMarkets, refreshFixtures } from '../../feed/index.ts';
import { CONSOLE_IDS } from '../../services/catalog-admin.ts';
import { createMarket, createMatchOdds } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';

describeEachDatabase('operator catalog', (ctx) => {
  let admin: string;
  let demo1: string;

  const { ok, refusal } = callsAs(ctx, () => admin);
  const hour = 3_600_000;
  const at = (offsetMs: number) => new Date(ctx().now().getTime() + offsetMs).toISOString();
  /** What bettors see: the sports, a sport's series and matches, the sidebar and the search. */
  const bettorSees = async (sportId: number, text: string) => ({
    sport: (await ok('getSports', { is_active: 1 }, demo1)).some(
      (s: { sport_id: number }) => s.sport_id === sportId,
    ),
    series: (await ok('getSeries', { sport_id: sportId, is_active: 1 }, demo1)).map(
      (s: { name: string }) => s.name,
    ),
    matches: (await ok('getMatches', { sport_id: sportId, is_active: 1 }, demo1)).map(
      (m: { match_name: string }) => m.match_name,
    ),
    sidebar: (await ok('getSeriesHeader', { is_sidebar_call: 1 }, demo1)).some(
      (s: { sport_id: number }) => s.sport_id === sportId,
    ),
    found: (await ok('searchByMatchNameHeader', { search: text }, demo1)).length > 0,
  });

  beforeAll(async () => {
    admin = await ctx().login('admin');
    demo1 = await ctx().login('demo1');
  });

  it('lists every sport with its series and matches, hidden ones too', async () => {
    const sports = await ok('operatorGetSports');
    const byId = new Map(sports.map((s: { sport_id: number }) => [s.sport_id, s]));
    expect(byId.get(SPORT.CRICKET)).toMatchObject({ name: 'Cricket', is_active: true, series: 4 });
    expect((byId.get(SPORT.CRICKET) as { matches: number }).matches).toBeGreaterThanOrEqual(11);
    expect(byId.get(SPORT.HIDDEN)).toMatchObject({ name: 'Special Markets' });
    expect(sports.find((s: { name: string }) => s.name === 'Snooker')).toMatchObject({
      is_active: false,
      series: 1,
    });
  });

  it('creates a sport, series and match that bettors see while active, and hides each level', async () => {
    const sport = await ok('operatorSaveSport', {
      sport_id: 555,
      create: true,
      name: 'Darts',
      is_active: true,
      order: 20,
    });
    expect(sport).toEqual({
      sport_id: 555,
      name: 'Darts',
      is_active: true,
      order: 20,
      series: 0,
      matches: 0,
    });
    const series = await ok('operatorSaveSeries', {
      sport_id: 555,
      name: 'World Darts Championship',
      is_active: true,
    });
    expect(series.series_id).toBeGreaterThan(CONSOLE_IDS.series);
    expect(series).toMatchObject({
      sport_id: 555,
      name: 'World Darts Championship',
      is_active: true,
      matches: 0,
    });
    const next = await ok('operatorSaveSeries', {
      sport_id: 555,
      name: 'Premier League Darts',
      is_active: true,
    });
    expect(next.series_id).toBe(series.series_id + 1);

    const match: OperatorMatch = await ok('operatorSaveMatch', {
      series_id: series.series_id,
      match_name: 'Luke Littler v Luke Humphries',
      start_time: at(2 * hour),
      is_active: true,
      venue: 'Alexandra Palace',
    });
    expect(match.match_id).toBeGreaterThan(CONSOLE_IDS.match);
    expect(match).toMatchObject({
      series_id: series.series_id,
      series_name: 'World Darts Championship',
      sport_id: 555,
      sport_name: 'Darts',
      match_name: 'Luke Littler v Luke Humphries',
      in_play: false,
      is_active: true,
      venue: 'Alexandra Palace',
      open_markets: 0,
      races: [],
    });
    // Listed to bettors without any market yet; the sidebar and the search find it.
    const shown = {
      sport: true,
      series: ['World Darts Championship', 'Premier League Darts'],
      matches: ['Luke Littler v Luke Humphries'],
      sidebar: true,
      found: true,
    };
    expect(await bettorSees(555, 'Littler')).toEqual(shown);
    const detail = await ok('getMatchDetail', { match_id: match.match_id }, demo1);
    expect(detail).toMatchObject({
      match_name: 'Luke Littler v Luke Humphries',
      venue: 'Alexandra Palace',
      teams: ['Luke Littler', 'Luke Humphries'],
      markets: [],
    });

    const editMatch = (is_active: boolean) =>
      ok('operatorSaveMatch', {
        match_id: match.match_id,
        series_id: series.series_id,
        match_name: match.match_name,
        start_time: match.start_time,
        is_active,
      });
    await editMatch(false);
    expect(await bettorSees(555, 'Littler')).toEqual({ ...shown, matches: [], sidebar: false, found: false });
    await editMatch(true);
    await ok('operatorSaveSeries', {
      series_id: series.series_id,
      sport_id: 555,
      name: 'World Darts Championship',
      is_active: false,
    });
    expect(await bettorSees(555, 'Littler')).toEqual({
      ...shown,
      series: ['Premier League Darts'],
      matches: [],
      sidebar: false,
      found: false,
    });
    await ok('operatorSaveSeries', {
      series_id: series.series_id,
      sport_id: 555,
      name: 'World Darts Championship',
      is_active: true,
    });
    await ok('operatorSaveSport', { sport_id: 555, name: 'Darts', is_active: false, order: 20 });
    expect(await bettorSees(555, 'Littler')).toEqual({
      sport: false,
      series: [],
      matches: [],
      sidebar: false,
      found: false,
    });
    await ok('operatorSaveSport', { sport_id: 555, name: 'Darts', is_active: true, order: 20 });
    expect(await bettorSees(555, 'Littler')).toEqual(shown);
    expect(
      (await ok('operatorGetSports')).find((s: { sport_id: number }) => s.sport_id === 555),
    ).toMatchObject({ series: 2, matches: 1 });
    expect(await ok('operatorGetSeries', { sport_id: 555 })).toEqual([
      {
        series_id: series.series_id,
        sport_id: 555,
        name: 'World Darts Championship',
        is_active: true,
        matches: 1,
      },
      { series_id: next.series_id, sport_id: 555, name: 'Premier League Darts', is_active: true, matches: 0 },
    ]);
  });

  it('edits a match: name, start, venue, in play; the match state follows', async () => {
    const [ipl] = await ok('operatorGetSeries', { sport_id: SPORT.CRICKET });
    const created: OperatorMatch = await ok('operatorSaveMatch', {
      series_id: ipl.series_id,
      match_name: 'Console XI v Desk XI',
      start_time: at(hour),
      is_active: true,
    });
    const start = at(-5 * 60_000);
    const edited: OperatorMatch = await ok('operatorSaveMatch', {
      match_id: created.match_id,
      series_id: ipl.series_id,
      match_name: 'Console XI v Trading Desk XI',
      start_time: start,
      is_active: true,
      in_play: true,
      venue: 'Wankhede',
    });
    expect(edited).toMatchObject({
      match_id: created.match_id,
      match_name: 'Console XI v Trading Desk XI',
      in_play: true,
      venue: 'Wankhede',
    });
    expect(edited.start_time).toBe(start);
    const listed = (await ok('getMatches', { sport_id: SPORT.CRICKET, is_active: 1 }, demo1)).find(
      (m: { match_id: number }) => m.match_id === created.match_id,
    );
    expect(listed).toMatchObject({
      match_name: 'Console XI v Trading Desk XI',
      in_play: true,
      state: 'IN_PLAY',
    });
    // Venue left out: unchanged; an empty venue clears it.
    const kept = await ok('operatorSaveMatch', {
      match_id: created.match_id,
      series_id: ipl.series_id,
      match_name: edited.match_name,
      start_time: edited.start_time,
      is_active: true,
    });
    expect(kept).toMatchObject({ venue: 'Wankhede', in_play: true });
    // The console's match is the operator's to run: its off is the edit that turned it in play, once.
    const odds = await createMatchOdds(ctx(), admin, created.match_id);
    expect((await ok('getPriceHistory', { market_id: odds, selection_id: 1, interval: '1m' })).events).toEqual([
      { at: expect.any(String), kind: 'OFF', text: 'In play' },
    ]);
    const cleared = await ok('operatorSaveMatch', {
      match_id: created.match_id,
      series_id: ipl.series_id,
      match_name: edited.match_name,
      start_time: edited.start_time,
      is_active: true,
      venue: '',
    });
    expect(cleared.venue).toBeNull();
  });

  it('lists matches by sport, series and name, in pages, finished ones only when asked', async () => {
    const series = await ok('operatorSaveSeries', {
      sport_id: SPORT.TENNIS,
      name: 'Console Open',
      is_active: true,
    });
    const save = (name: string, start: number) =>
      ok('operatorSaveMatch', {
        series_id: series.series_id,
        match_name: name,
        start_time: at(start),
        is_active: true,
      });
    const old = await save('Old Player v Older Player', -3 * 24 * hour);
    const soon = await save('Soon Player v Later Player', hour);
    const today = await save('Today Player v Other Player', 2 * hour);
    const page = await ok('operatorGetMatches', { series_id: series.series_id });
    expect(page).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(page.rows.map((m: OperatorMatch) => m.match_id)).toEqual([soon.match_id, today.match_id]);
    const all = await ok('operatorGetMatches', {
      series_id: series.series_id,
      include_finished: true,
      limit: 2,
      page: 2,
    });
    expect(all).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(all.rows.map((m: OperatorMatch) => m.match_id)).toEqual([today.match_id]);
    // One match by id, finished or not (a screen opened at it).
    const one = await ok('operatorGetMatches', { match_id: old.match_id });
    expect({ total: one.total, ids: one.rows.map((m: OperatorMatch) => m.match_id) }).toEqual({ total: 1, ids: [old.match_id] });
    // A market still open keeps an old match on the default list.
    await createMatchOdds(ctx(), admin, old.match_id);
    const withOld = await ok('operatorGetMatches', { sport_id: SPORT.TENNIS, search: 'old PLAYER' });
    expect(withOld.rows.map((m: OperatorMatch) => [m.match_id, m.open_markets])).toEqual([[old.match_id, 1]]);
    expect((await ok('operatorGetMatches', { search: '100%_v' })).total).toBe(0);
  });

  it('creates and edits races of a racing meeting', async () => {
    const [uk] = await ok('operatorGetSeries', { sport_id: SPORT.HORSE_RACING });
    const meeting: OperatorMatch = await ok('operatorSaveMatch', {
      series_id: uk.series_id,
      match_name: 'Console Downs',
      start_time: at(hour),
      is_active: true,
      venue: 'Console Downs',
    });
    const race = await ok('operatorSaveRace', {
      match_id: meeting.match_id,
      name: 'R1 1m Maiden',
      start_time: at(hour),
    });
    expect(race.race_id).toBeGreaterThan(CONSOLE_IDS.race);
    expect(race).toMatchObject({ match_id: meeting.match_id, name: 'R1 1m Maiden' });
    const second = await ok('operatorSaveRace', {
      match_id: meeting.match_id,
      name: 'R2 6f Handicap',
      start_time: at(90 * 60_000),
    });
    expect(second.race_id).toBe(race.race_id + 1);
    const moved = await ok('operatorSaveRace', {
      race_id: race.race_id,
      match_id: meeting.match_id,
      name: 'R1 1m Maiden Stakes',
      start_time: at(2 * hour),
    });
    expect(moved).toMatchObject({ race_id: race.race_id, name: 'R1 1m Maiden Stakes' });
    const listed = (await ok('operatorGetMatches', { search: 'Console Downs' })).rows[0];
    expect(listed.races.map((r: { name: string }) => r.name)).toEqual([
      'R2 6f Handicap',
      'R1 1m Maiden Stakes',
    ]);

    const [cricketSeries] = await ok('operatorGetSeries', { sport_id: SPORT.CRICKET });
    const cricketMatch: OperatorMatch = await ok('operatorSaveMatch', {
      series_id: cricketSeries.series_id,
      match_name: 'No Races XI v Here XI',
      start_time: at(hour),
      is_active: true,
    });
    expect(
      await refusal('operatorSaveRace', {
        match_id: cricketMatch.match_id,
        name: 'R1',
        start_time: at(hour),
      }),
    ).toMatchObject({ status: 409, code: 'CATALOG_CONFLICT' });
    expect(
      await refusal('operatorSaveRace', { match_id: 12_345, name: 'R1', start_time: at(hour) }),
    ).toMatchObject({ status: 409, code: 'CATALOG_CONFLICT' });
    expect(
      await refusal('operatorSaveRace', {
        race_id: 12_345,
        match_id: meeting.match_id,
        name: 'R1',
        start_time: at(hour),
      }),
    ).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(
      await refusal('operatorSaveRace', {
        race_id: race.race_id,
        match_id: cricketMatch.match_id,
        name: 'R1',
        start_time: at(hour),
      }),
    ).toMatchObject({ status: 409, message: 'A race cannot move to another meeting' });
    expect(
      await refusal('operatorSaveRace', { match_id: meeting.match_id, name: 'R3', start_time: 'tomorrow' }),
    ).toMatchObject({ status: 400, message: 'Start time must be an ISO date and time' });
  });

  it('refuses bad input (400), unknown ids (404) and conflicts (409)', async () => {
    expect(
      await refusal('operatorSaveSport', {
        sport_id: SPORT.CRICKET,
        create: true,
        name: 'Cricket 2',
        is_active: true,
        order: 1,
      }),
    ).toEqual({
      status: 409,
      code: 'CATALOG_CONFLICT',
      message: 'Sport 4 exists already (Cricket)',
    });
    expect(
      await refusal('operatorSaveSport', { sport_id: 777, name: 'Nothing', is_active: true, order: 1 }),
    ).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Sport not found' });
    expect(
      await refusal('operatorSaveSport', {
        sport_id: 777,
        create: true,
        name: ' ',
        is_active: true,
        order: 1,
      }),
    ).toMatchObject({ status: 400, message: 'Name is required' });
    expect(
      await refusal('operatorSaveSport', {
        sport_id: 777,
        create: true,
        name: 'X',
        is_active: 'yes',
        order: 1,
      }),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal('operatorSaveSport', {
        sport_id: 777,
        create: true,
        name: 'X',
        is_active: true,
        order: -1,
      }),
    ).toMatchObject({ status: 400 });
    expect(await refusal('operatorGetSeries', { sport_id: 777 })).toMatchObject({
      status: 404,
      message: 'Sport not found',
    });
    expect(await refusal('operatorSaveSeries', { sport_id: 777, name: 'Orphans', is_active: true })).toEqual({
      status: 409,
      code: 'CATALOG_CONFLICT',
      message: 'Sport 777 does not exist',
    });
    expect(
      await refusal('operatorSaveSeries', {
        series_id: 999_999,
        sport_id: SPORT.CRICKET,
        name: 'Ghost',
        is_active: true,
      }),
    ).toMatchObject({ status: 404, message: 'Series not found' });
    expect(
      await refusal('operatorSaveSeries', {
        series_id: 101,
        sport_id: SPORT.TENNIS,
        name: 'Indian Premier League',
        is_active: true,
      }),
    ).toMatchObject({
      status: 409,
      message: 'A series with matches cannot move to another sport',
    });
    expect(
      await refusal('operatorSaveMatch', {
        series_id: 999_999,
        match_name: 'A v B',
        start_time: at(hour),
        is_active: true,
      }),
    ).toMatchObject({ status: 409, code: 'CATALOG_CONFLICT' });
    expect(
      await refusal('operatorSaveMatch', {
        match_id: 999_999,
        series_id: 101,
        match_name: 'A v B',
        start_time: at(hour),
        is_active: true,
      }),
    ).toMatchObject({ status: 404, message: 'Match not found' });
    const [ipl] = await ok('operatorGetSeries', { sport_id: SPORT.CRICKET });
    const m: OperatorMatch = await ok('operatorSaveMatch', {
      series_id: ipl.series_id,
      match_name: 'Stay XI v Put XI',
      start_time: at(hour),
      is_active: true,
    });
    expect(
      await refusal('operatorSaveMatch', {
        match_id: m.match_id,
        series_id: 201,
        match_name: m.match_name,
        start_time: m.start_time,
        is_active: true,
      }),
    ).toMatchObject({
      status: 409,
      message: 'A match cannot move to another sport',
    });
    expect(
      await refusal('operatorSaveMatch', {
        series_id: ipl.series_id,
        match_name: 'A v B',
        start_time: '2026-01-01 10:00',
        is_active: true,
      }),
    ).toMatchObject({ status: 400 });
    expect(await refusal('operatorGetMatches', { limit: 0 })).toMatchObject({ status: 400 });
  });

  it('the feed leaves the console matches and races alone: no markets of its own, not played, not retired', async () => {
    const { db, app } = ctx();
    const [ipl] = await ok('operatorGetSeries', { sport_id: SPORT.CRICKET });
    const live: OperatorMatch = await ok('operatorSaveMatch', {
      series_id: ipl.series_id,
      match_name: 'Operator XI v Feedless XI',
      start_time: at(-2 * 24 * hour),
      is_active: true,
      in_play: true,
    });
    const odds = await createMatchOdds(ctx(), admin, live.match_id, { in_play: true });
    const [uk] = await ok('operatorGetSeries', { sport_id: SPORT.HORSE_RACING });
    const meeting: OperatorMatch = await ok('operatorSaveMatch', {
      series_id: uk.series_id,
      match_name: 'Quiet Park',
      start_time: at(-hour),
      is_active: true,
    });
    const race = await ok('operatorSaveRace', {
      match_id: meeting.match_id,
      name: 'R1 Quiet Stakes',
      start_time: at(-10 * 60_000),
    });
    const win = await createMarket(ctx(), admin, {
      match_id: meeting.match_id,
      race_id: race.race_id,
      kind: 'EXCHANGE',
      market_type: 'WIN',
      name: 'Win',
      runners: [{ name: 'Calm' }, { name: 'Still' }],
    });

    // The catalog upkeep: fixtures retired two days after start, markets for every fixture.
    await refreshFixtures(db, ctx().now());
    expect(
      (await ensureMarkets(db, app.betting, ctx().now(), { matchIds: [live.match_id, meeting.match_id] }))
        .markets,
    ).toBe(0);
    const errors: unknown[] = [];
    let time = ctx().now().getTime();
    const feed = await createFeed(db, app.betting, () => new Date(time), {
      inPlay: {},
      onError: (e) => errors.push(e),
    });
    for (let i = 0; i < 6; i++) {
      time += 5_000;
      await feed.step();
    }
    expect(errors).toEqual([]);
    const [row] = await db.select().from(matches).where(eq(matches.matchId, live.match_id));
    expect(row).toMatchObject({ isActive: true, inPlay: true, score: null, feedState: null });
    const own = await db.select().from(markets).where(eq(markets.matchId, live.match_id));
    expect(own.map((m) => [m.id, m.status, m.settledAt])).toEqual([[odds, 'OPEN', null]]);
    const raceMarkets = await db.select().from(markets).where(eq(markets.matchId, meeting.match_id));
    expect(raceMarkets.map((m) => [m.id, m.inPlay, m.settledAt])).toEqual([[win, false, null]]);
  });
});
