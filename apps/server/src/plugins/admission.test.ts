/**
 * Bets first at a peak (ADR 64): with a bound of 2 polls in flight, a burst of balance polls is
 * answered 503 SERVER_BUSY beyond the bound, at once, while bets placed in the same burst all go
 * in; once the burst is over, polls are answered again. /metrics counts the polls shed.
 */
import { describe, expect, it } from 'vitest';
import { POLL_ROUTES } from './admission.ts';
import { bettingCast, createMatchOdds } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';

const METRICS_TOKEN = 'admission-test-token';

describe('the polls', () => {
  it('are the reads the pages repeat on a timer, and no call that moves money', () => {
    expect([...POLL_ROUTES].sort()).toEqual([
      '/api/bet/getCurrentBets',
      '/api/market/getLadder',
      '/api/market/getPriceHistory',
      '/api/match/getMatches',
      '/api/user/getNotifications',
      '/api/user/getUserBalance',
    ]);
  });
});

describeEachDatabase(
  'bets first at a peak',
  (ctx) => {
    const cast = bettingCast(ctx);

    it('sheds polls beyond the bound with 503 SERVER_BUSY and Retry-After, never a bet', async () => {
      const marketId = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      const demo1 = await ctx().login('demo1');
      const demo3 = await ctx().login('demo3');
      const polls = Array.from({ length: 12 }, (_, i) =>
        ctx().call('getUserBalance', undefined, i % 2 ? demo1 : demo3),
      );
      const bets = Array.from({ length: 4 }, (_, i) =>
        ctx().call(
          'placeMarketBet',
          { market_id: marketId, selection_id: 1, is_back: 1, odds: 3 + i / 10, stake: 100 },
          i % 2 ? demo1 : demo3,
        ),
      );
      const [polled, placed] = await Promise.all([Promise.all(polls), Promise.all(bets)]);

      const busy = polled.filter((r) => r.statusCode === 503);
      const answered = polled.filter((r) => r.statusCode === 200);
      expect(answered.length).toBeGreaterThanOrEqual(2);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(busy.length + answered.length).toBe(12);
      for (const r of busy) {
        expect(r.json).toEqual({ status: false, code: 'SERVER_BUSY', message: expect.any(String) });
        expect(r.response.headers['retry-after']).toBe('1');
      }
      expect(placed.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(ctx().app.admission.shed).toBe(busy.length);
      // The operator sees them: the count on /metrics.
      const scrape = await ctx().app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scrape.body).toMatch(new RegExp(`^exchange_polls_shed_total ${busy.length}$`, 'm'));

      // The burst over: nothing is left counted in flight, and a poll is answered.
      expect(ctx().app.admission.inFlight).toBe(0);
      const after = await ctx().call('getUserBalance', undefined, demo1);
      expect(after.statusCode).toBe(200);
      expect(after.json.data.liability).toBe(200);
    });
  },
  { admission: { maxPollsInFlight: 2 }, metricsToken: METRICS_TOKEN },
);
