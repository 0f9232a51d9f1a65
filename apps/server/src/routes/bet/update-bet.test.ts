/**
 * bet/updateBet (issue 23, "Edit and cancel") on PGlite and PostgreSQL, as a caller sees it: a new
 * price places the rest anew (a new bet at the back of the queue, matched at once where it
 * crosses, the exposure exactly the new bet's), and a refused one leaves the old bet resting as
 * it was; a smaller stake keeps the rest's place in the queue; persistence decides what the
 * in-play turn does with the rest; in play a new price waits the bet delay and is checked again.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { orders } from '../../db/schema/index.ts';
import type { MarketCommitted } from '../../services/betting/index.ts';
import { balanceOf, createMatchOdds, expectInvariants, firstMatchOf, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { watchedBetDelay } from '../../test/bet-delay.ts';

interface Bet {
  bet_id: number;
  market_id: number;
  odds: number;
  stake: number;
  matched_stake: number;
  unmatched_stake: number;
  status: string;
}

const betDelay = watchedBetDelay();

describeEachDatabase(
  'update bet',
  (ctx) => {
    let admin: string;
    let agent1: string;
    let matchId: number;
    const { ok, refusal } = callsAs(ctx, () => admin);
    /** A bet on Home (selection 1). */
    const place = (token: string, market: number, is_back: 0 | 1, odds: number, stake: number, extra = {}) =>
      ok('placeMarketBet', { market_id: market, selection_id: 1, is_back, odds, stake, ...extra }, token) as Promise<Bet>;
    const update = (token: string, body: Record<string, unknown>) => ok('updateBet', body, token);
    /** The caller's bets on the market still open or matched, by id. */
    const betsOf = async (token: string, market: number): Promise<Map<number, Bet>> => {
      const all: Bet[] = await ok('getCurrentBets', { bet_type: 'all', match_id: matchId }, token);
      return new Map(all.filter((b) => b.market_id === market).map((b) => [b.bet_id, b]));
    };
    const liability = async (token: string) => (await balanceOf(ctx(), token)).liability;
    let bettors = 0;
    const bettor = async (chips = 10_000) => (await newBettor(ctx(), agent1, `updbettor${++bettors}`, chips)).token;

    beforeAll(async () => {
      admin = await ctx().login('admin');
      agent1 = await ctx().login('agent1');
      ({ matchId } = await firstMatchOf(ctx().db, SPORT.CRICKET, false));
    });

    it('a new price is a new bet at the back of the queue, the old rest cancelled and the exposure exactly the new one', async () => {
      const market = await createMatchOdds(ctx(), admin, matchId);
      const [a, b, taker] = [await bettor(), await bettor(), await bettor()];
      // A lays 1,000 at 2.0 (others can back Home at 2.0), then B the same; A is first in the queue.
      const first = await place(a, market, 0, 2, 1000);
      const second = await place(b, market, 0, 2, 1000);
      expect(await liability(a)).toBeCloseTo(1000, 2);

      // A moves to 3.0: a new bet, the old one's rest cancelled; A now risks 1,000 x (3 - 1).
      const moved = await update(a, { bet_id: first.bet_id, odds: 3 });
      expect(moved).toMatchObject({
        replaced_bet_id: first.bet_id,
        market_id: market,
        selection_id: 1,
        side: 'LAY',
        odds: 3,
        stake: 1000,
        matched_stake: 0,
        unmatched_stake: 1000,
        status: 'UNMATCHED',
        persistence: 'LAPSE',
        repeated: false,
      });
      expect(moved.bet_id).not.toBe(first.bet_id);
      expect(moved.balance).toEqual(await balanceOf(ctx(), a));
      expect(moved.balance.liability).toBeCloseTo(2000, 2);
      expect([...(await betsOf(a, market)).keys()]).toEqual([moved.bet_id]);
      expect(await refusal('cancelBet', { bet_id: first.bet_id }, a)).toMatchObject({ status: 404, code: 'BET_NOT_FOUND' });

      // And back to 2.0 (PERSIST now): behind B. A taker backing 1,200 at 2.0 meets B's 1,000 first.
      const back = await update(a, { bet_id: moved.bet_id, odds: 2, persistence: 'PERSIST' });
      expect(back).toMatchObject({ replaced_bet_id: moved.bet_id, odds: 2, unmatched_stake: 1000, persistence: 'PERSIST' });
      expect(back.balance.liability).toBeCloseTo(1000, 2);
      const taken = await place(taker, market, 1, 2, 1200);
      expect(taken).toMatchObject({ status: 'MATCHED', matched_stake: 1200 });
      expect((await betsOf(b, market)).get(second.bet_id)).toMatchObject({ matched_stake: 1000, unmatched_stake: 0 });
      expect((await betsOf(a, market)).get(back.bet_id)).toMatchObject({ matched_stake: 200, unmatched_stake: 800 });
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('a new price that crosses matches at once, at the makers prices; a stake given is the new bet stake', async () => {
      const market = await createMatchOdds(ctx(), admin, matchId);
      const [a, maker] = [await bettor(), await bettor()];
      // Home can be backed for 1,000 at 2.5; A's back of 1,500 at 3.0 does not reach it.
      const offer = await place(maker, market, 0, 2.5, 1000);
      const resting = await place(a, market, 1, 3, 1500);
      expect(resting.status).toBe('UNMATCHED');

      // At 2.4 with a stake of 1,200: 1,000 matches at 2.5 at once, 200 rests at 2.4.
      const heard: MarketCommitted[] = [];
      const stop = ctx().app.betting.onCommitted((event) => heard.push(event));
      const moved = await update(a, { bet_id: resting.bet_id, odds: 2.4, stake: 1200 }).finally(stop);
      expect(moved).toMatchObject({
        replaced_bet_id: resting.bet_id,
        side: 'BACK',
        odds: 2.4,
        stake: 1200,
        matched_stake: 1000,
        unmatched_stake: 200,
        avg_odds: 2.5,
        status: 'PARTIAL',
      });
      // A loses 1,200 if Away wins (and wins 1,500 + 0 if Home wins): liability 1,200.
      expect(moved.balance.liability).toBeCloseTo(1200, 2);
      expect((await betsOf(maker, market)).get(offer.bet_id)).toMatchObject({ matched_stake: 1000, status: 'MATCHED' });
      // The maker's lay of 1,000 at 2.5 loses 1,500 if Home wins.
      expect(await liability(maker)).toBeCloseTo(1500, 2);
      // The listeners (the live push) heard, after the commit, of the old rest, the new bet and the maker's.
      const notices = heard.filter((e) => e.marketId === market).flatMap((e) => e.bets);
      expect(notices).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ betId: resting.bet_id, change: 'cancelled' }),
          expect.objectContaining({ betId: moved.bet_id, change: 'placed' }),
          expect.objectContaining({ betId: offer.bet_id, change: 'matched' }),
        ]),
      );
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('a refused new price leaves the old bet resting as it was, in its place in the queue', async () => {
      const market = await createMatchOdds(ctx(), admin, matchId, { max_stake: 5000 });
      // A can afford its lay of 1,000 at 2.0 (1,000) but not at 3.0 (2,000).
      const [a, b, taker] = [await bettor(1500), await bettor(), await bettor()];
      const rest = await place(a, market, 0, 2, 1000, { persistence: 'PERSIST' });
      await place(b, market, 0, 2, 1000);
      const before = { balance: await balanceOf(ctx(), a), bets: await betsOf(a, market) };

      const refusals = [
        await refusal('updateBet', { bet_id: rest.bet_id, odds: 3 }, a),
        await refusal('updateBet', { bet_id: rest.bet_id, odds: 1.5, stake: 6000 }, a),
        await refusal('updateBet', { bet_id: rest.bet_id, odds: 2.03 }, a),
      ];
      await ok('operatorSetMarketStatus', { market_id: market, status: 'SUSPENDED' }, admin);
      refusals.push(await refusal('updateBet', { bet_id: rest.bet_id, odds: 1.8 }, a));
      await ok('operatorSetMarketStatus', { market_id: market, status: 'OPEN' }, admin);
      expect(refusals).toEqual([
        { status: 400, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' },
        { status: 400, code: 'ABOVE_MAX_STAKE', message: 'Maximum stake is ₹5,000' },
        { status: 400, code: 'INVALID_ODDS', message: 'Odds must be a valid exchange price between 1.01 and 1000' },
        { status: 400, code: 'MARKET_SUSPENDED', message: 'Market suspended' },
      ]);
      expect(await balanceOf(ctx(), a)).toEqual(before.balance);
      expect(await betsOf(a, market)).toEqual(before.bets);
      // Still first in the queue: a taker's 1,000 at 2.0 is A's.
      await place(taker, market, 1, 2, 1000);
      expect((await betsOf(a, market)).get(rest.bet_id)).toMatchObject({ matched_stake: 1000, status: 'MATCHED' });
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('a smaller stake shrinks the rest in its place in the queue and releases its exposure to the paisa', async () => {
      const market = await createMatchOdds(ctx(), admin, matchId);
      const [a, b, taker] = [await bettor(), await bettor(), await bettor()];
      // A lays 1,000 at 2.5 (risks 1,500), B the same after it.
      const first = await place(a, market, 0, 2.5, 1000);
      const second = await place(b, market, 0, 2.5, 1000);

      const reduced = await update(a, { bet_id: first.bet_id, stake: 400.01 });
      expect(reduced).toMatchObject({
        bet_id: first.bet_id,
        replaced_bet_id: null,
        odds: 2.5,
        stake: 1000,
        matched_stake: 0,
        unmatched_stake: 400.01,
        status: 'UNMATCHED',
        persistence: 'LAPSE',
      });
      // The rest is 400.01 (a liability of 600.015 before the engine rounds it to the paisa).
      expect(reduced.balance).toEqual(await balanceOf(ctx(), a));
      const [row] = await ctx().db.select().from(orders).where(eq(orders.id, first.bet_id));
      expect(row).toMatchObject({ status: 'OPEN', sizePaise: 100_000, cancelledPaise: 59_999, matchedPaise: 0 });
      expect((await betsOf(a, market)).get(first.bet_id)?.unmatched_stake).toBe(400.01);

      // A taker backing 500 at 2.5: A's 400.01 first, then 99.99 of B's.
      await place(taker, market, 1, 2.5, 500);
      expect((await betsOf(a, market)).get(first.bet_id)).toMatchObject({ matched_stake: 400.01, unmatched_stake: 0, status: 'MATCHED' });
      expect((await betsOf(b, market)).get(second.bet_id)).toMatchObject({ matched_stake: 99.99, unmatched_stake: 900.01 });
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('persistence: a LAPSE rest switched to PERSIST survives the in-play turn, a PERSIST one switched to LAPSE lapses', async () => {
      const market = await createMatchOdds(ctx(), admin, matchId);
      const a = await bettor();
      const kept = await place(a, market, 1, 3, 300);
      const lapsing = await place(a, market, 1, 4, 200);
      const switched = await place(a, market, 1, 5, 100, { persistence: 'PERSIST' });
      expect(await update(a, { bet_id: kept.bet_id, persistence: 'PERSIST' })).toMatchObject({
        bet_id: kept.bet_id,
        persistence: 'PERSIST',
        unmatched_stake: 300,
        replaced_bet_id: null,
      });
      expect(await update(a, { bet_id: switched.bet_id, persistence: 'LAPSE' })).toMatchObject({ persistence: 'LAPSE' });

      const turned = await ok('operatorSetMarketStatus', { market_id: market, status: 'OPEN', in_play: true }, admin);
      expect(turned).toMatchObject({ in_play: true, lapsed_bets: 2 });
      expect([...(await betsOf(a, market)).keys()]).toEqual([kept.bet_id]);
      expect(await refusal('cancelBet', { bet_id: lapsing.bet_id }, a)).toMatchObject({ code: 'BET_NOT_FOUND' });
      expect(await liability(a)).toBeCloseTo(300, 2);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('in play, a new price waits the bet delay with the old bet resting, and is checked again after it', async () => {
      const market = await createMatchOdds(ctx(), admin, matchId, { in_play: true, bet_delay_ms: 300 });
      const a = await bettor();
      const rest = await place(a, market, 0, 2, 1000, { persistence: 'PERSIST' });

      // Suspended during the delay: refused after it, the old bet still there.
      let inDelay = betDelay.nextBetInDelay();
      const refused = refusal('updateBet', { bet_id: rest.bet_id, odds: 2.2 }, a);
      await inDelay;
      expect([...(await betsOf(a, market)).keys()]).toEqual([rest.bet_id]);
      await ok('operatorSetMarketStatus', { market_id: market, status: 'SUSPENDED' }, admin);
      expect(await refused).toMatchObject({ status: 400, code: 'MARKET_SUSPENDED' });
      expect((await betsOf(a, market)).get(rest.bet_id)).toMatchObject({ unmatched_stake: 1000, odds: 2 });
      await ok('operatorSetMarketStatus', { market_id: market, status: 'OPEN', in_play: true }, admin);

      inDelay = betDelay.nextBetInDelay();
      const started = Date.now();
      const moving = update(a, { bet_id: rest.bet_id, odds: 2.2 });
      await inDelay;
      expect([...(await betsOf(a, market)).keys()]).toEqual([rest.bet_id]);
      const moved = await moving;
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(moved).toMatchObject({ replaced_bet_id: rest.bet_id, odds: 2.2, unmatched_stake: 1000, persistence: 'PERSIST' });
      expect([...(await betsOf(a, market)).keys()]).toEqual([moved.bet_id]);
      expect(moved.balance.liability).toBeCloseTo(1200, 2);
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it("refuses someone else's bet, a matched or cancelled one, an increase, the same stake and nothing to change", async () => {
      const market = await createMatchOdds(ctx(), admin, matchId);
      const [a, other] = [await bettor(), await bettor()];
      const rest = await place(a, market, 0, 2, 1000);
      const matched = await place(other, market, 1, 2, 1000);
      const resting = await place(a, market, 1, 5, 500);
      const cancelled = await place(a, market, 1, 6, 500);
      await ok('cancelBet', { bet_id: cancelled.bet_id }, a);
      const before = { balance: await balanceOf(ctx(), a), bets: await betsOf(a, market) };
      const notFound = { status: 404, code: 'BET_NOT_FOUND', message: 'Bet not found or nothing left to cancel' };

      expect(await refusal('updateBet', { bet_id: resting.bet_id, odds: 4 }, other)).toEqual(notFound);
      expect(await refusal('updateBet', { bet_id: resting.bet_id, stake: 100 }, other)).toEqual(notFound);
      expect(await refusal('updateBet', { bet_id: rest.bet_id, persistence: 'PERSIST' }, a)).toEqual(notFound);
      expect(await refusal('updateBet', { bet_id: matched.bet_id, odds: 3 }, other)).toEqual(notFound);
      expect(await refusal('updateBet', { bet_id: cancelled.bet_id, odds: 3 }, a)).toEqual(notFound);
      expect(await refusal('updateBet', { bet_id: 987_654_321, stake: 100 }, a)).toEqual(notFound);
      expect(await refusal('updateBet', { bet_id: resting.bet_id, stake: 600 }, a)).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'An increase is a new bet: place another bet',
      });
      expect(await refusal('updateBet', { bet_id: resting.bet_id, stake: 500 }, a)).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'The unmatched stake is ₹500 already: give a smaller one',
      });
      expect(await refusal('updateBet', { bet_id: resting.bet_id, stake: 0 }, a)).toMatchObject({ status: 400, code: 'INVALID_STAKE' });
      expect(await refusal('updateBet', { bet_id: resting.bet_id }, a)).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Nothing to change: give odds, stake or persistence',
      });
      expect(await balanceOf(ctx(), a)).toEqual(before.balance);
      expect(await betsOf(a, market)).toEqual(before.bets);
      await expectInvariants(ctx().db, ctx().app.betting);
    });
  },
  { bettingOptions: { sleep: betDelay.sleep } },
);
