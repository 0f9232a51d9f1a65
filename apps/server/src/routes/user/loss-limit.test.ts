/**
 * The bettor's loss limit where money is put at risk (issue 25, ADR 58), on PGlite and
 * PostgreSQL with the suite's clock: a bet whose worst case would take the period's net loss,
 * with what is at risk already, past the limit is refused (400 LOSS_LIMIT_REACHED, with what is
 * left), and so is a casino stake (the wallet's LIMIT_EXCEEDED); nothing moves; what stays
 * within is taken; the limit frees as the period rolls.
 */
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { balanceOf, bettingCast, createMatchOdds, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { useProviderStub, walletClient } from '../../test/casino-provider-stub.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const HOUR = 3_600_000;
const SECRET = 'loss-limit-secret';
const PROVIDER_ID = 'test-provider';
const provider = useProviderStub(SECRET, PROVIDER_ID);

describeEachDatabase(
  'safer gambling: the loss limit on bets and casino stakes',
  (ctx) => {
    const cast = bettingCast(ctx);
    const { ok, call } = callsAs(ctx, () => cast.admin);
    let wallet: ReturnType<typeof walletClient>;
    let seq = 0;

    beforeAll(async () => {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx().app.server.address() as AddressInfo;
      wallet = walletClient(`http://127.0.0.1:${port}`, SECRET, PROVIDER_ID, ctx().now);
    });

    const back = (market: number, stake: number, selection = 1) => ({
      market_id: market,
      selection_id: selection,
      is_back: 1,
      odds: 2,
      stake,
    });

    /** A settled loss of `stake` on a market of its own: the counterparty lays, Away wins. */
    async function lose(token: string, stake: number): Promise<void> {
      const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      const layer = await newBettor(ctx(), cast.agent1, `lllayer${++seq}`, 10_000);
      await ok('placeMarketBet', { ...back(market, stake), is_back: 0 }, layer.token);
      await ok('placeMarketBet', back(market, stake), token);
      await ok('operatorDeclareResult', { market_id: market, winner_ids: [2] }, cast.admin);
    }

    it('refuses a bet past the loss limit, counting the net loss and what open bets hold, and frees it as the day rolls', async () => {
      const bettor = await newBettor(ctx(), cast.agent1, 'lloss1', 10_000);
      await ok('setLossLimit', { period: 'DAY', amount: 2_000 }, bettor.token);
      await lose(bettor.token, 500);
      const lostAt = ctx().now();
      // 500 lost; 1,000 held on an open market: 500 left to put at risk.
      const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      await ok('placeMarketBet', back(market, 1_000), bettor.token);
      const before = await balanceOf(ctx(), bettor.token);
      const refused = await call('placeMarketBet', back(market, 600), bettor.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json).toMatchObject({
        code: 'LOSS_LIMIT_REACHED',
        data: { left: 500, period: 'DAY' },
      });
      expect(refused.json.message).toMatch(
        /^Your loss limit of ₹2,000 per 24 hours leaves ₹500 to put at risk now; more is free from /,
      );
      expect(Date.parse(refused.json.data.rolls_at) - lostAt.getTime()).toBeLessThanOrEqual(24 * HOUR);
      expect(await balanceOf(ctx(), bettor.token)).toEqual(before);
      // The bettor's page says the same: 500 lost, 1,000 at risk, 500 left.
      const { limits } = (await ok('getSaferGambling', undefined, bettor.token)) as {
        limits: { kind: string; period: string; used: number; at_risk?: number; left: number | null }[];
      };
      expect(limits.find((l) => l.kind === 'LOSS' && l.period === 'DAY')).toMatchObject({ used: 500, at_risk: 1_000, left: 500 });
      expect(limits.find((l) => l.kind === 'DEPOSIT' && l.period === 'DAY')?.at_risk).toBeUndefined();
      // A hedge adds nothing at risk: taken. What is left is taken.
      await ok('placeMarketBet', back(market, 300, 2), bettor.token);
      await ok('placeMarketBet', back(market, 500), bettor.token);
      expect((await call('placeMarketBet', back(market, 100), bettor.token)).json.code).toBe(
        'LOSS_LIMIT_REACHED',
      );
      // A day on, the settled loss has left the period: 500 more is free.
      ctx().advanceClock(24 * HOUR + 1);
      await ok('placeMarketBet', back(market, 500), bettor.token);
      expect((await call('placeMarketBet', back(market, 100), bettor.token)).json.code).toBe(
        'LOSS_LIMIT_REACHED',
      );
      // A limit lifted (after its wait and confirmation) frees it all.
      await ok('setLossLimit', { period: 'DAY', amount: null }, bettor.token);
      ctx().advanceClock(24 * HOUR);
      await ok('confirmLimit', { kind: 'LOSS', period: 'DAY' }, bettor.token);
      await ok('placeMarketBet', back(market, 100), bettor.token);
    });

    it('refuses a casino stake past the loss limit in the wallet refusal form, moving nothing, and takes one within', async () => {
      const player = await newBettor(ctx(), cast.agent1, 'lloss2', 10_000);
      await ok('setLossLimit', { period: 'WEEK', amount: 1_000 }, player.token);
      await lose(player.token, 400);
      const launched = await call('launchNewGame', { GameCode: 'imlive1001', type: '1' }, player.token);
      expect(launched.statusCode).toBe(200);
      const walletToken = provider.stub.launches.at(-1)!.token;
      const debit = (transactionId: string, amount: number) => ({
        token: walletToken,
        userId: player.userId,
        gameCode: 'imlive1001',
        transactionId,
        roundId: '5001',
        amount,
        maxPayout: amount * 2,
        bet: {
          betId: `bet-${transactionId}`,
          option: 'playerA',
          optionName: 'Player A',
          odds: 2,
          stake: amount,
          gamename: 'TP T20',
        },
      });
      const before = await balanceOf(ctx(), player.token);
      const id = `ll-${ctx().kind}-1`;
      const refused = await wallet('debit', debit(id, 700));
      expect(refused).toMatchObject({
        status: 'LIMIT_EXCEEDED',
        transactionId: id,
        balance: before.available_balance,
        message: "The player's loss limit of 1000 per 7 days leaves 600 to stake now",
      });
      // A repeat gets the same answer; nothing moved.
      expect(await wallet('debit', debit(id, 700))).toEqual(refused);
      expect(await balanceOf(ctx(), player.token)).toEqual(before);
      // Within: taken. Then the open stake counts: nothing more is left.
      expect(await wallet('debit', debit(`ll-${ctx().kind}-2`, 600))).toMatchObject({ status: 'OK' });
      expect(await wallet('debit', debit(`ll-${ctx().kind}-3`, 1))).toMatchObject({
        status: 'LIMIT_EXCEEDED',
      });
      // And a bet too: the casino stake is at risk.
      const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      expect((await call('placeMarketBet', back(market, 100), player.token)).json).toMatchObject({
        code: 'LOSS_LIMIT_REACHED',
        data: { left: 0, period: 'WEEK' },
      });
    });
  },
  { casino: provider.casino },
);
