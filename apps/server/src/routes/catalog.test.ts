import { beforeAll, expect, it } from 'vitest';
import { CasinoSport, Match, MatchDetail, SeriesHeaderSport, SPORT, VenueList, DAY_MS, istDate, istDayRange } from '@exchange/contracts';
import { meetingDayLabel, SERIES } from '../feed/index.ts';
import { describeEachDatabase } from '../test/databases.ts';

describeEachDatabase('catalog routes', (ctx) => {
  let token = '';
  beforeAll(async () => {
    token = await ctx().login('demo1');
  });
  const call = async (name: Parameters<ReturnType<typeof ctx>['call']>[0], body?: unknown) => {
    const res = await ctx().call(name, body, token);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json.status).toBe(true);
    return res.json.data;
  };

  it('lists sports with cricket first, politics next, never the hidden or inactive ones', async () => {
    const sports: { sport_id: number; name: string }[] = await call('getSports', { is_active: 1 });
    expect(sports.slice(0, 2).map((s) => s.sport_id)).toEqual([SPORT.CRICKET, SPORT.POLITICS]);
    const ids = sports.map((s) => s.sport_id);
    expect(ids).not.toContain(SPORT.HIDDEN);
    expect(ids).toEqual(expect.arrayContaining([SPORT.FOOTBALL, SPORT.TENNIS, SPORT.HORSE_RACING, SPORT.GREYHOUND_RACING, SPORT.INDIAN_CASINO]));
    expect(sports.map((s) => s.name)).toEqual(expect.arrayContaining(['Kabaddi', 'Basketball', 'Table Tennis', 'Ice Hockey', 'E-Games', 'Volleyball']));
    expect(sports.map((s) => s.name)).not.toContain('Snooker');
    expect((await call('getSports', { is_active: '0' })).map((s: { name: string }) => s.name)).toEqual(['Snooker']);
    expect(await call('getSports', { sport_id: '1' })).toEqual([{ sport_id: 1, name: 'Football', is_active: 1, order: 2 }]);
  });

  it('builds the sidebar tree sport -> series -> matches', async () => {
    const tree: SeriesHeaderSport[] = await call('getSeriesHeader', { is_sidebar_call: 1 });
    for (const sport of tree) SeriesHeaderSport.parse(sport);
    expect(tree[0]?.sport_id).toBe(SPORT.CRICKET);
    expect(tree[1]?.sport_id).toBe(SPORT.POLITICS);
    expect(tree.map((s) => s.sport_id)).not.toContain(SPORT.HIDDEN);
    expect(tree.every((s) => s.series.length > 0 && s.series.every((x) => x.matches.length > 0))).toBe(true);
    const ipl = tree[0]!.series.find((s) => s.name === 'Indian Premier League')!;
    expect(ipl.matches).toHaveLength(4);
    expect(ipl.matches[0]).toMatchObject({ match_name: 'Mumbai Indians v Chennai Super Kings', in_play: true });
    expect(ipl.matches.slice(1).some((m) => m.in_play)).toBe(false);
    const inPlaySeries = tree[0]!.series.filter((s) => s.matches.some((m) => m.in_play));
    expect(inPlaySeries.map((s) => s.name)).toEqual(['Indian Premier League', 'ICC World Cup', 'Big Bash League']);
    const racing = tree.find((s) => s.sport_id === SPORT.HORSE_RACING)!;
    expect(racing.series.map((s) => s.name)).toContain('United Kingdom');
  });

  it('lists the series of a sport', async () => {
    const cricket = await call('getSeries', { sport_id: 4, is_active: 1 });
    expect(cricket.map((s: { name: string }) => s.name)).toEqual(['Indian Premier League', 'ICC World Cup', 'Big Bash League', 'Ranji Trophy']);
    const greyhounds = await call('getSeries', { sport_id: SPORT.GREYHOUND_RACING });
    expect(greyhounds.map((s: { name: string }) => s.name)).toEqual(['United Kingdom', 'Ireland', 'Australia', 'United States']);
  });

  it('lists matches in play first, then by start time, spread over the next 3 days', async () => {
    const cricket: Match[] = await call('getMatches', { sport_id: 4, is_active: 1 });
    expect(cricket).toHaveLength(SERIES.filter((s) => s.sportId === 4).flatMap((s) => s.matches).length);
    for (const m of cricket) Match.parse(m);
    expect(cricket.slice(0, 3).every((m) => m.in_play)).toBe(true);
    expect(cricket.slice(3).some((m) => m.in_play)).toBe(false);
    const upcoming = cricket.slice(3).map((m) => Date.parse(m.match_Date));
    expect(upcoming).toEqual([...upcoming].sort((a, b) => a - b));
    const now = ctx().now().getTime();
    expect(cricket.every((m) => Date.parse(m.match_Date) > now - 3_600_000 && Date.parse(m.match_Date) <= now + 3 * DAY_MS)).toBe(true);
    const worldCup: Match[] = await call('getMatches', { series_id: 102 });
    expect(worldCup.map((m) => m.match_name).sort()).toEqual(['England v South Africa', 'India v Australia', 'Pakistan v New Zealand']);
    expect(worldCup.every((m) => m.series_name === 'ICC World Cup' && m.sport_name === 'Cricket')).toBe(true);
  });

  it('searches match names case-insensitively, grouped by sport', async () => {
    const arsenal = await call('searchByMatchNameHeader', { search: 'ARSENAL' });
    expect(arsenal).toHaveLength(1);
    expect(arsenal[0]).toMatchObject({ sport_id: 1, sport_name: 'Football' });
    expect(arsenal[0].matches.map((m: Match) => m.match_name)).toEqual(['Arsenal v Chelsea']);

    const india = await call('searchByMatchNameHeader', { search: ' india ' });
    expect(india.map((g: { sport_id: number }) => g.sport_id)).toEqual([4]);
    expect(india[0].matches.map((m: Match) => m.match_name).sort()).toEqual(['India v Australia', 'Mumbai Indians v Chennai Super Kings']);

    // One searchable match per main sport.
    const probes: Array<[string, number]> = [
      ['Kings', 4], ['Midterms', SPORT.POLITICS], ['Madrid', 1], ['Alcaraz', 2], ['Pirates', 99994], ['Lakers', 7522], ['Kempton', 7], ['Romford', 4339],
    ];
    for (const [text, sportId] of probes) {
      const groups = await call('searchByMatchNameHeader', { search: text });
      expect(groups.map((g: { sport_id: number }) => g.sport_id), text).toContain(sportId);
    }

    expect(await call('searchByMatchNameHeader', { search: '   ' })).toEqual([]);
    expect(await call('searchByMatchNameHeader', { search: '%' })).toEqual([]);
    const broad = await call('searchByMatchNameHeader', { search: ' v ' });
    const total = broad.reduce((n: number, g: { matches: unknown[] }) => n + g.matches.length, 0);
    expect(total).toBeLessThanOrEqual(50);
    expect(broad[0].sport_id).toBe(4);
    expect(broad.map((g: { sport_id: number }) => g.sport_id)).not.toContain(6422); // inactive sport
  });

  it('returns a match header with teams and no markets yet, 404 for an unknown match', async () => {
    const [india] = (await call('searchByMatchNameHeader', { search: 'India v Australia' }))[0].matches;
    const detail: MatchDetail = await call('getMatchDetail', { match_id: String(india.match_id) });
    expect(MatchDetail.parse(detail)).toMatchObject({ match_name: 'India v Australia', teams: ['India', 'Australia'], markets: [], sport_id: 4 });
    const [midterms] = (await call('searchByMatchNameHeader', { search: 'US Midterms 2026 - Winner' }))[0].matches;
    expect((await call('getMatchDetail', { match_id: midterms.match_id })).teams).toEqual([]);
    const missing = await ctx().call('getMatchDetail', { match_id: 999 }, token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json).toEqual({ status: false, message: 'Match not found', code: 'NOT_FOUND' });
    expect((await ctx().call('getMatchDetail', { match_id: 'abc' }, token)).statusCode).toBe(400);
  });

  it('lists cups, casino sections in order, and an empty exposure', async () => {
    const cups = await call('getCupsForMenu');
    expect(cups).toContainEqual({ cup_id: 1, name: 'IPL', sport_id: 4, series_id: 101 });
    expect(cups.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['World Cup', 'Premier League']));
    const casino: CasinoSport[] = await call('getCasinoSport');
    expect(casino.map((c) => c.order)).toEqual([...casino.map((c) => c.order)].sort((a, b) => a - b));
    expect(casino.map((c) => c.name)).not.toContain('Sic Bo');
    expect(casino[0]).toEqual({ sport_id: 1, name: 'Teenpatti', is_active: 1, order: 1 });
    expect(await call('getExposureDetail')).toEqual({ data: [] });
  });

  it('lists today’s racing venues by IST date and country', async () => {
    const today = istDate(ctx().now());
    const { start, end } = istDayRange(today);
    const horses: VenueList = VenueList.parse(await call('getMatchVenueListByCountryCodeSportId', { sport_id: 7, country: '' }));
    expect(horses.countries).toEqual(['AU', 'FR', 'GB', 'IE', 'IN', 'US', 'ZA']);
    expect(horses.venues.length).toBeGreaterThanOrEqual(7);
    for (const v of horses.venues) {
      expect(v.races.length).toBeGreaterThanOrEqual(6);
      expect(v.races.length).toBeLessThanOrEqual(8);
      expect(v.match_name).toBe(`${v.venue} (${v.country_code}) ${meetingDayLabel(today)}`);
      for (const r of v.races) {
        const t = Date.parse(r.market_start_time);
        expect(t >= start.getTime() && t < end.getTime()).toBe(true);
      }
      const times = v.races.map((r) => r.market_start_time);
      expect(times).toEqual([...times].sort());
    }
    expect(await call('getMatchVenueListByCountryCodeSportId', { sport_id: '7', date: today })).toEqual(horses);

    const gb: VenueList = await call('getMatchVenueListByCountryCodeSportId', { sport_id: 7, country: 'GB', date: today });
    expect(gb.countries).toEqual(horses.countries);
    expect(gb.venues.map((v) => v.venue).sort()).toEqual(['Ascot', 'Kempton']);

    const tomorrow = istDate(new Date(ctx().now().getTime() + DAY_MS));
    const next: VenueList = await call('getMatchVenueListByCountryCodeSportId', { sport_id: 7, date: tomorrow });
    expect(next.venues.length).toBe(horses.venues.length);
    expect(next.venues.some((v) => horses.venues.some((h) => h.match_id === v.match_id))).toBe(false);

    const dogs: VenueList = await call('getMatchVenueListByCountryCodeSportId', { sport_id: SPORT.GREYHOUND_RACING, date: today });
    expect(dogs.countries).toEqual(['AU', 'GB', 'IE', 'US']);
    const far = istDate(new Date(ctx().now().getTime() + 10 * DAY_MS));
    expect(await call('getMatchVenueListByCountryCodeSportId', { sport_id: 7, date: far })).toEqual({ countries: [], venues: [] });
  });
});
