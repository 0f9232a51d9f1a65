/**
 * A group commit that fails for a reason other than a lost race, through the whole bet path
 * (ADR 45): nothing of it is written, the market's memory is reloaded, and each of its bets is
 * placed alone, so the bet at fault gets the error (a 500) and the others are placed as if the
 * commit had never been tried. The failure is a real one: a trigger refuses one bet's insert, so
 * the whole transaction that carries it rolls back, as a broken constraint would.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { orders } from '../../db/schema/index.ts';
import { balanceOf, createMatchOdds, expectInvariants, firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';

/** The stake (rupees) of the bet the trigger refuses; no other bet of the test uses it. */
const POISONED_STAKE = 777;

describeEachDatabase(
  'a group commit that fails',
  (ctx) => {
    let admin: string;
    let demo1: string;
    let demo3: string;
    let matchId: number;
    const bet = (token: string, body: Record<string, unknown>) => ctx().call('placeMarketBet', body, token);

    beforeAll(async () => {
      admin = await ctx().login('admin');
      demo1 = await ctx().login('demo1');
      demo3 = await ctx().login('demo3');
      ({ matchId } = await firstMatchOf(ctx().db, SPORT.CRICKET, false));
      await ctx().db.execute(
        sql.raw(`create function refuse_poisoned_bet() returns trigger language plpgsql as $$
          begin
            if new.size_paise = ${POISONED_STAKE * 100} then raise exception 'the test refuses this bet'; end if;
            return new;
          end $$`),
      );
      await ctx().db.execute(
        sql.raw(
          'create trigger orders_refuse_poisoned before insert on orders for each row execute function refuse_poisoned_bet()',
        ),
      );
    });
    afterAll(async () => {
      await ctx().db.execute(sql.raw('drop trigger if exists orders_refuse_poisoned on orders'));
      await ctx().db.execute(sql.raw('drop function if exists refuse_poisoned_bet()'));
    });

    it('places the failed commit’s bets alone: the one at fault gets the error, the others are written once, and the book is the database’s', async () => {
      const m = await createMatchOdds(ctx(), admin, matchId);
      const betting = ctx().app.betting;
      const failedBefore = betting.stats.failedCommits;
      const liabilityBefore = (await balanceOf(ctx(), demo3)).liability;
      // Lays of 100 at 2.0 sent at once, the refused one in their middle: the bets that queue while
      // a write is in flight go out together, so the refused bet fails the commit it is in.
      const lay = (stake: number) =>
        bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 2, stake });
      const answers = await Promise.all([
        ...Array.from({ length: 12 }, () => lay(100)),
        lay(POISONED_STAKE),
        ...Array.from({ length: 12 }, () => lay(100)),
      ]);

      // The bet at fault gets the error; every other bet is written, once.
      expect({ status: answers[12]!.statusCode, code: answers[12]!.json.code }).toEqual({
        status: 500,
        code: 'INTERNAL_ERROR',
      });
      const others = answers.filter((_, i) => i !== 12);
      expect(others.map((a) => a.json.data?.status)).toEqual(others.map(() => 'UNMATCHED'));
      const placed = others.map((a) => a.json.data.bet_id as number);
      expect(new Set(placed).size).toBe(24);
      // On PostgreSQL the burst goes out in group commits, and the refused bet failed one of them.
      if (ctx().kind === 'postgres') expect(betting.stats.failedCommits).toBeGreaterThan(failedBefore);

      // The database holds exactly the bets answered as written, and reserves exactly their liability.
      const stored = await ctx().db.select({ id: orders.id }).from(orders).where(eq(orders.marketId, m));
      expect(stored.map((o) => o.id).sort((a, b) => a - b)).toEqual([...placed].sort((a, b) => a - b));
      expect((await balanceOf(ctx(), demo3)).liability).toBeCloseTo(liabilityBefore + 100 * placed.length, 2);

      // The book shown is the database's, and a back for more than it holds fills exactly that.
      const view = (await ctx().call('getMatchDetail', { match_id: matchId }, demo1)).json.data.markets.find(
        (x: { market_id: number }) => x.market_id === m,
      );
      expect(view.runners[0].back).toEqual([{ price: 2, size: 100 * placed.length }]);
      const taken = await bet(demo1, {
        market_id: m,
        selection_id: 1,
        is_back: 1,
        odds: 2,
        stake: 100 * placed.length + 50,
      });
      expect(taken.statusCode).toBe(200);
      expect(taken.json.data).toMatchObject({ status: 'PARTIAL', matched_stake: 100 * placed.length });
      await expectInvariants(ctx().db, betting);
    });
  },
  { bettingOptions: { betPath: 'statement' } },
);
