import { expect, it } from 'vitest';
import { SPORT, type MarketView, type VenueList, DAY_MS, IST_OFFSET_MS, istDate } from '@exchange/contracts';
import { expectInvariants } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createFeed } from './index.ts';

const HOUR = 3_600_000;

/** The first moment at or after `from` that is `istMinutes` past an IST midnight. */
function nextIst(from: number, istMinutes: number): number {
  const istMidnight = Math.floor((from + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  const at = istMidnight + istMinutes * 60_000;
  return at >= from ? at : at + DAY_MS;
}

/**
 * Racing at any hour of the Indian day (issue 20): late in the evening, past midnight and in the
 * morning, some race is about to go off with the market maker's prices on it, and every race
 * ahead on the list (tomorrow's too) has its WIN and PLACE markets open with the maker's back and
 * lay prices. The clock is moved to each time and the feed's upkeep run, as the product does.
 */
describeEachDatabase('racing at any hour of the IST day', (ctx) => {
  const times = [
    { label: '23:30 IST', istMinutes: 23 * 60 + 30 },
    { label: '00:30 IST', istMinutes: 30 },
    { label: '10:00 IST', istMinutes: 10 * 60 },
  ];
  let token = '';

  for (const time of times) {
    it(`at ${time.label} a race goes off within two hours, and every race ahead has the maker's prices`, async () => {
      const { db, app } = ctx();
      const at = nextIst(ctx().now().getTime() + 1, time.istMinutes);
      ctx().advanceClock(at - ctx().now().getTime());
      const feed = await createFeed(db, app.betting, () => ctx().now());
      await feed.upkeep();
      token ||= await ctx().login('demo1');

      const ahead: { raceId: number; matchId: number; start: number }[] = [];
      for (const sport of [SPORT.HORSE_RACING, SPORT.GREYHOUND_RACING]) {
        for (const day of [0, 1].map((d) => istDate(new Date(at + d * DAY_MS)))) {
          const list = await ctx().call('getMatchVenueListByCountryCodeSportId', { sport_id: sport, date: day }, token);
          for (const v of (list.json.data as VenueList).venues)
            for (const r of v.races) {
              const start = Date.parse(r.market_start_time);
              if (start > at) {
                expect(r.state).toBe('UPCOMING');
                ahead.push({ raceId: r.race_id, matchId: v.match_id, start });
              }
            }
        }
      }
      // Racing runs somewhere now: a race goes off soon, not only tomorrow's card.
      expect(Math.min(...ahead.map((r) => r.start)) - at).toBeLessThan(2 * HOUR);

      const meetings = new Map<number, MarketView[]>();
      for (const matchId of new Set(ahead.map((r) => r.matchId))) {
        const detail = await ctx().call('getMatchDetail', { match_id: matchId }, token);
        meetings.set(matchId, detail.json.data.markets as MarketView[]);
      }
      const unpriced: string[] = [];
      for (const race of ahead) {
        const own = meetings.get(race.matchId)!.filter((m) => m.race_id === race.raceId);
        expect(own.map((m) => m.market_type).sort()).toEqual(['PLACE', 'WIN']);
        for (const m of own) {
          expect(m.status).toBe('OPEN');
          const priced = m.runners.every((r) => r.back.length > 0 && r.lay.length > 0);
          if (!priced) unpriced.push(`${m.name} of race ${race.raceId}`);
        }
      }
      expect(unpriced).toEqual([]);
      await expectInvariants(db, app.betting);
    }, 300_000);
  }
});
