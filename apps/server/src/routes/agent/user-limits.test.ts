/**
 * The limits an agent sets on a user (issue 25, ADR 58) on PGlite and PostgreSQL: set by an
 * agent above him only, logged with the agent as the actor, readable by the agent and the
 * bettor; a blocked sport, a stake above his limit and a bet past his exposure limit are refused
 * and nothing moves; the extra delay is added to an in-play market's.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { activityLog } from '../../db/schema/index.ts';
import {
  balanceOf,
  bettingCast,
  createMarket,
  createMatchOdds,
  firstMatchOf,
  newBettor,
} from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';

/** The in-play delays the bet path asked to wait, in order (no real wait). */
const slept: number[] = [];
const sleep = (ms: number) => {
  slept.push(ms);
  return Promise.resolve();
};

/** An agent under the root, past its first password change: its token. */
async function newAgent(ctx: TestContext, adminToken: string, userName: string): Promise<string> {
  const created = await ctx.call(
    'agentCreateUser',
    { user_name: userName, password: 'Agent@1234', role: 'agent' },
    adminToken,
  );
  expect(created.statusCode).toBe(200);
  const first = await ctx.login(userName, 'Agent@1234');
  const changed = await ctx.call(
    'changePassword',
    { master_password: 'Agent@1234', new_password: 'Agent@5678', confirm_password: 'Agent@5678' },
    first,
  );
  expect(changed.statusCode).toBe(200);
  return ctx.login(userName, 'Agent@5678');
}

describeEachDatabase(
  'agent/setUserLimits: the limits an agent sets on a user',
  (ctx) => {
    const cast = bettingCast(ctx);
    const { ok, call, refusal } = callsAs(ctx, () => cast.agent1);
    let bettor: { userId: number; token: string };
    let otherAgent: string;

    beforeAll(async () => {
      bettor = await newBettor(ctx(), cast.agent1, 'ulim1', 10_000);
      otherAgent = await newAgent(ctx(), cast.admin, 'ulimagent');
    });

    const back = (market: number, stake: number, odds = 2) => ({
      market_id: market,
      selection_id: 1,
      is_back: 1,
      odds,
      stake,
    });

    it('is set by an agent above the user only, each change logged with the agent, and read by both', async () => {
      const none = {
        exposure_limit: null,
        max_stake: null,
        extra_bet_delay_ms: 0,
        blocked_sports: [],
        updated_at: null,
      };
      expect((await ok('agentGetUserProfile', { user_id: bettor.userId })).agent_limits).toEqual(none);
      expect((await ok('getSaferGambling', undefined, bettor.token)).agent_limits).toEqual(none);

      // Another agent, not above him: answered as for a missing user, nothing set.
      const foreign = await refusal(
        'agentSetUserLimits',
        { user_id: bettor.userId, max_stake: 100 },
        otherAgent,
      );
      expect(foreign).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      // Out of range, or a sport that does not exist: refused.
      expect(
        (await refusal('agentSetUserLimits', { user_id: bettor.userId, extra_bet_delay_ms: 30_001 })).status,
      ).toBe(400);
      expect(
        (await refusal('agentSetUserLimits', { user_id: bettor.userId, extra_bet_delay_ms: -1 })).status,
      ).toBe(400);
      expect((await refusal('agentSetUserLimits', { user_id: bettor.userId, max_stake: 0 })).status).toBe(
        400,
      );
      const unknown = await refusal('agentSetUserLimits', {
        user_id: bettor.userId,
        blocked_sports: [999_999],
      });
      expect(unknown).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'Unknown sport: 999999' });
      expect((await ok('agentGetUserProfile', { user_id: bettor.userId })).agent_limits).toEqual(none);

      const set = await ok('agentSetUserLimits', {
        user_id: bettor.userId,
        max_stake: 500,
        extra_bet_delay_ms: 2_000,
      });
      expect(set).toMatchObject({
        exposure_limit: null,
        max_stake: 500,
        extra_bet_delay_ms: 2_000,
        blocked_sports: [],
      });
      // A field left out stays; null lifts a limit.
      const later = await ok('agentSetUserLimits', {
        user_id: bettor.userId,
        exposure_limit: 1_500,
        blocked_sports: [SPORT.TENNIS],
      });
      expect(later).toMatchObject({
        exposure_limit: 1_500,
        max_stake: 500,
        extra_bet_delay_ms: 2_000,
        blocked_sports: [SPORT.TENNIS],
      });
      // The root is above everyone.
      await ok(
        'agentSetUserLimits',
        { user_id: bettor.userId, max_stake: null, blocked_sports: [] },
        cast.admin,
      );
      const read = await ok('agentGetUserProfile', { user_id: bettor.userId });
      expect(read.agent_limits).toMatchObject({
        exposure_limit: 1_500,
        max_stake: null,
        extra_bet_delay_ms: 2_000,
        blocked_sports: [],
      });
      expect((await ok('getSaferGambling', undefined, bettor.token)).agent_limits).toEqual(read.agent_limits);

      const lines = await ctx()
        .db.select({ detail: activityLog.detail, actor: activityLog.actorId })
        .from(activityLog)
        .where(and(eq(activityLog.userId, bettor.userId), eq(activityLog.kind, 'USER_LIMITS_SET')));
      expect(lines.map((l) => l.detail)).toEqual([
        'max stake ₹500; extra bet delay 2000 ms',
        `exposure limit ₹1,500; blocked sports ${SPORT.TENNIS}`,
        'max stake none; blocked sports none',
      ]);
      expect(lines[0]!.actor).not.toBeNull();
      expect(lines[2]!.actor).not.toBe(lines[0]!.actor);

      // The bettor is told each change, whatever his notification settings.
      await ctx().app.notifications.idle();
      const told = (await ok('getNotifications', { page: 1, limit: 10 }, bettor.token)) as {
        rows: { kind: string; title: string; message: string }[];
      };
      expect(
        told.rows.filter((r) => r.title === 'Limits set by your agent').map((r) => [r.kind, r.message]),
      ).toEqual([
        ['SAFER_GAMBLING', 'Your agent set an exposure of at most ₹1,500; 2 s more delay on in-play bets.'],
        [
          'SAFER_GAMBLING',
          'Your agent set a stake of at most ₹500 a bet; an exposure of at most ₹1,500; 2 s more delay on in-play bets; 1 sport(s) closed to your bets.',
        ],
        ['SAFER_GAMBLING', 'Your agent set a stake of at most ₹500 a bet; 2 s more delay on in-play bets.'],
      ]);
      // The agent reads the bettor's own safer-gambling state, which only the bettor sets.
      await ok('setDepositLimit', { period: 'WEEK', amount: 2_000 }, bettor.token);
      const profile = await ok('agentGetUserProfile', { user_id: bettor.userId });
      expect(profile.safer_gambling).toMatchObject({ reality_check_minutes: null, restriction: null });
      expect(
        profile.safer_gambling.limits.filter((l: { amount: number | null }) => l.amount !== null),
      ).toMatchObject([{ kind: 'DEPOSIT', period: 'WEEK', amount: 2_000 }]);
    });

    it('refuses a blocked sport, a stake above his limit and a bet past his exposure limit; nothing moves', async () => {
      const user = await newBettor(ctx(), cast.agent1, 'ulim2', 10_000);
      const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      await ok('agentSetUserLimits', {
        user_id: user.userId,
        max_stake: 1_000,
        exposure_limit: 1_500,
        blocked_sports: [SPORT.CRICKET],
      });
      const before = await balanceOf(ctx(), user.token);

      expect(await refusal('placeMarketBet', back(market, 100), user.token)).toEqual({
        status: 403,
        code: 'SPORT_BLOCKED',
        message: 'Your agent has closed this sport to your bets',
      });
      await ok('agentSetUserLimits', { user_id: user.userId, blocked_sports: [SPORT.TENNIS] });
      expect(await refusal('placeMarketBet', back(market, 1_001), user.token)).toEqual({
        status: 400,
        code: 'ABOVE_MAX_STAKE',
        message: "Your agent's limit on a stake is ₹1,000",
      });
      expect(await balanceOf(ctx(), user.token)).toEqual(before);

      // 1,000 held on Home; 600 more on Home would hold 1,600 if Away wins: past 1,500.
      await ok('placeMarketBet', back(market, 1_000), user.token);
      const held = await balanceOf(ctx(), user.token);
      expect(held.liability).toBe(1_000);
      const past = await call('placeMarketBet', back(market, 600), user.token);
      expect(past.statusCode).toBe(400);
      expect(past.json).toMatchObject({
        code: 'EXPOSURE_LIMIT_REACHED',
        message: "Your agent's exposure limit is ₹1,500: this bet would take your exposure to ₹1,600",
      });
      expect(await balanceOf(ctx(), user.token)).toEqual(held);
      // What stays within the limit is taken.
      await ok('placeMarketBet', back(market, 500), user.token);
      expect((await balanceOf(ctx(), user.token)).liability).toBe(1_500);
      // A bet that adds no exposure (600 on Away: its worst case is Home winning, 600 < 1,500) is taken at the limit.
      await ok('placeMarketBet', { ...back(market, 600), selection_id: 2 }, user.token);
      expect((await balanceOf(ctx(), user.token)).liability).toBe(1_500);
      // Lifted: taken.
      await ok('agentSetUserLimits', { user_id: user.userId, exposure_limit: null });
      await ok('placeMarketBet', back(market, 600), user.token);
      expect((await balanceOf(ctx(), user.token)).liability).toBe(2_100);
    });

    it('judges an edit to a new price as a bet: a lay moved up past the exposure limit is refused and rests as it was', async () => {
      const user = await newBettor(ctx(), cast.agent1, 'ulim5', 10_000);
      const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      await ok('agentSetUserLimits', { user_id: user.userId, exposure_limit: 1_000 });
      // A lay of 500 at 2.0 rests (nothing to match): it holds 500.
      const lay = await ok('placeMarketBet', { ...back(market, 500), is_back: 0 }, user.token);
      const held = await balanceOf(ctx(), user.token);
      expect(held.liability).toBe(500);
      // Moved to 4.0 it would hold 1,500: past the agent's 1,000.
      const refused = await call('updateBet', { bet_id: lay.bet_id, odds: 4 }, user.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json).toMatchObject({ code: 'EXPOSURE_LIMIT_REACHED' });
      expect(await balanceOf(ctx(), user.token)).toEqual(held);
      const bets = await ok('getCurrentBets', { bet_type: 'all' }, user.token);
      expect(bets.map((b: { bet_id: number; odds: number }) => [b.bet_id, b.odds])).toEqual([[lay.bet_id, 2]]);
      // To 3.0 it holds 1,000: within it, taken (a new bet in its place).
      const moved = await ok('updateBet', { bet_id: lay.bet_id, odds: 3 }, user.token);
      expect(moved.replaced_bet_id).toBe(lay.bet_id);
      expect((await balanceOf(ctx(), user.token)).liability).toBe(1_000);
    });

    it('counts a fancy bet taken whole by the house against the exposure limit', async () => {
      const user = await newBettor(ctx(), cast.agent1, 'ulim4', 10_000);
      const fancy = await createMarket(ctx(), cast.admin, {
        match_id: cast.matchId,
        kind: 'FANCY',
        market_type: 'FANCY',
        name: '6 Over Runs',
        fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 },
      });
      await ok('agentSetUserLimits', { user_id: user.userId, exposure_limit: 1_500 });
      const yes = (stake: number) => ({ fancy_id: fancy, is_back: 1, run: 46, rate: 100, stake });
      await ok('placeFancyBet', yes(1_000), user.token);
      const held = await balanceOf(ctx(), user.token);
      expect((await refusal('placeFancyBet', yes(600), user.token)).code).toBe('EXPOSURE_LIMIT_REACHED');
      expect(await balanceOf(ctx(), user.token)).toEqual(held);
      await ok('placeFancyBet', yes(500), user.token);
      expect((await balanceOf(ctx(), user.token)).liability).toBe(1_500);
    });

    it("adds his agent's delay to an in-play market's bet delay, and only in play", async () => {
      const user = await newBettor(ctx(), cast.agent1, 'ulim3', 10_000);
      const { matchId } = await firstMatchOf(ctx().db, SPORT.FOOTBALL);
      const inPlay = await createMatchOdds(ctx(), cast.admin, matchId, { in_play: true, bet_delay_ms: 300 });
      const before = await createMatchOdds(ctx(), cast.admin, matchId);
      slept.length = 0;
      await ok('placeMarketBet', back(inPlay, 100), user.token);
      expect(slept).toEqual([300]);
      await ok('agentSetUserLimits', { user_id: user.userId, extra_bet_delay_ms: 4_000 });
      await ok('placeMarketBet', back(inPlay, 100), user.token);
      await ok('placeMarketBet', back(before, 100), user.token);
      expect(slept).toEqual([300, 4_300]);
    });
  },
  { bettingOptions: { sleep } },
);
