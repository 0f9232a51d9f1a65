/**
 * A bettor's own limits (issue 25, ADR 58) on PGlite and PostgreSQL, with the suite's clock: a
 * new or lower limit applies at once; a higher one or none waits, cannot be confirmed before 24
 * hours, applies after; a deposit past what is left is refused (DEPOSIT_LIMIT_REACHED, with what
 * is left and when the period rolls) and nothing is recorded; periods roll; the loss used counts
 * settled markets' net results; every change is in the activity log.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { istWallClock } from '@exchange/contracts';
import { activityLog, paymentRequests } from '../../db/schema/index.ts';
import { bettingCast, createMatchOdds, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { nextUtr, onlineBettor } from '../../test/payments.ts';

const HOUR = 3_600_000;

describeEachDatabase('safer gambling: the bettor limits', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok, call, refusal } = callsAs(ctx, () => cast.admin);
  let bettor: { id: number; token: string };

  beforeAll(async () => {
    bettor = await onlineBettor(ctx(), cast.agent1, 'limits1', 0);
  });

  const limitOf = async (token: string, kind: 'DEPOSIT' | 'LOSS', period: 'DAY' | 'WEEK' | 'MONTH') =>
    (
      (await ok('getSaferGambling', undefined, token)) as { limits: { kind: string; period: string }[] }
    ).limits.find((l) => l.kind === kind && l.period === period) as Record<string, unknown>;

  it('applies a new or lower limit at once, and a higher one or none only when confirmed 24 hours on', async () => {
    const t0 = ctx().now();
    expect(await limitOf(bettor.token, 'DEPOSIT', 'WEEK')).toEqual({
      kind: 'DEPOSIT',
      period: 'WEEK',
      amount: null,
      left: null,
      used: 0,
      rolls_at: null,
      pending: null,
    });
    // New: at once.
    let view = await ok('setDepositLimit', { period: 'WEEK', amount: 5_000 }, bettor.token);
    expect(view).toMatchObject({ amount: 5_000, left: 5_000, pending: null });
    // Lower: at once.
    view = await ok('setDepositLimit', { period: 'WEEK', amount: 3_000 }, bettor.token);
    expect(view).toMatchObject({ amount: 3_000, left: 3_000, pending: null });
    // Higher: waits, the lower one stays in force.
    view = await ok('setDepositLimit', { period: 'WEEK', amount: 8_000 }, bettor.token);
    // The suite's clock runs with real time from where the suite moved it: the ask's own time.
    const asked = Date.parse((view as { pending: { asked_at: string } }).pending.asked_at);
    expect(Math.abs(asked - t0.getTime())).toBeLessThan(5_000);
    const confirmable = new Date(asked + 24 * HOUR).toISOString();
    expect(view).toMatchObject({ amount: 3_000, pending: { amount: 8_000, confirmable_at: confirmable } });
    expect(await limitOf(bettor.token, 'DEPOSIT', 'WEEK')).toMatchObject({
      amount: 3_000,
      pending: { amount: 8_000 },
    });
    // Too soon, even one minute before.
    ctx().advanceClock(24 * HOUR - 60_000);
    expect(await refusal('confirmLimit', { kind: 'DEPOSIT', period: 'WEEK' }, bettor.token)).toEqual({
      status: 409,
      code: 'LIMIT_NOT_CONFIRMABLE',
      message: `This change can be confirmed from ${confirmable}`,
    });
    expect(await limitOf(bettor.token, 'DEPOSIT', 'WEEK')).toMatchObject({ amount: 3_000 });
    ctx().advanceClock(60_000);
    view = await ok('confirmLimit', { kind: 'DEPOSIT', period: 'WEEK' }, bettor.token);
    expect(view).toMatchObject({ amount: 8_000, left: 8_000, pending: null });
    // Nothing waits now.
    expect((await refusal('confirmLimit', { kind: 'DEPOSIT', period: 'WEEK' }, bettor.token)).code).toBe(
      'LIMIT_NOT_CONFIRMABLE',
    );

    // None: waits too; a lower limit asked meanwhile applies at once and drops it.
    view = await ok('setDepositLimit', { period: 'WEEK', amount: null }, bettor.token);
    expect(view).toMatchObject({ amount: 8_000, pending: { amount: null } });
    view = await ok('setDepositLimit', { period: 'WEEK', amount: 7_000 }, bettor.token);
    expect(view).toMatchObject({ amount: 7_000, pending: null });
    view = await ok('setDepositLimit', { period: 'WEEK', amount: null }, bettor.token);
    ctx().advanceClock(24 * HOUR);
    view = await ok('confirmLimit', { kind: 'DEPOSIT', period: 'WEEK' }, bettor.token);
    expect(view).toMatchObject({ amount: null, left: null, pending: null });

    // Each step is in the activity log.
    const lines = await ctx()
      .db.select({ detail: activityLog.detail })
      .from(activityLog)
      .where(and(eq(activityLog.userId, bettor.id), eq(activityLog.kind, 'LIMIT_CHANGED')));
    expect(lines.map((l) => l.detail)).toEqual([
      'deposit limit per 7 days ₹5,000 in force',
      'deposit limit per 7 days ₹3,000 in force',
      `deposit limit per 7 days ₹8,000 asked (in force: ₹3,000; may be confirmed from ${confirmable})`,
      'deposit limit per 7 days ₹8,000 confirmed, in force',
      expect.stringMatching(
        /^deposit limit per 7 days none asked \(in force: ₹8,000; may be confirmed from /,
      ),
      'deposit limit per 7 days ₹7,000 in force',
      expect.stringMatching(
        /^deposit limit per 7 days none asked \(in force: ₹7,000; may be confirmed from /,
      ),
      'deposit limit per 7 days none confirmed, in force',
    ]);
    // Refused input: a limit of 0 or less, an unknown period.
    expect((await refusal('setLossLimit', { period: 'DAY', amount: 0 }, bettor.token)).status).toBe(400);
    expect((await refusal('setLossLimit', { period: 'YEAR', amount: 100 }, bettor.token)).status).toBe(400);
  });

  it('refuses a deposit past what is left, recording nothing, and frees it as the period rolls', async () => {
    const payer = await onlineBettor(ctx(), cast.agent1, 'limits2', 0);
    const requests = async () =>
      (
        await ctx()
          .db.select({ id: paymentRequests.id })
          .from(paymentRequests)
          .where(eq(paymentRequests.userId, payer.id))
      ).length;
    await ok('setDepositLimit', { period: 'DAY', amount: 1_000 }, payer.token);
    await ok('setDepositLimit', { period: 'MONTH', amount: 1_500 }, payer.token);
    const as = (amount: number) =>
      call(
        'paymentDeposit',
        { method: 'UPI', amount, utr: nextUtr(), client_ref: `sg2-${nextUtr()}` },
        payer.token,
      );
    expect((await as(600)).statusCode).toBe(200);
    ctx().advanceClock(HOUR);
    // 400 left of the day's 1,000: 500 is refused, with what is left and when the day rolls.
    const refused = await as(500);
    expect(refused.statusCode).toBe(400);
    const [first] = await ctx()
      .db.select({ at: paymentRequests.createdAt })
      .from(paymentRequests)
      .where(eq(paymentRequests.userId, payer.id));
    const rolls = new Date(first!.at.getTime() + 24 * HOUR).toISOString();
    expect(refused.json).toMatchObject({
      code: 'DEPOSIT_LIMIT_REACHED',
      message: `Your deposit limit of ₹1,000 per 24 hours leaves ₹400 now; more is free from ${rolls}`,
      data: { left: 400, period: 'DAY', rolls_at: rolls },
    });
    expect(await requests()).toBe(1);
    expect(await ok('getSaferGambling', undefined, payer.token)).toMatchObject({ deposit_left: 400 });
    expect((await as(400)).statusCode).toBe(200);
    // The day rolls (the first deposit leaves it): the month's 1,500 now decides, 500 left.
    ctx().advanceClock(23 * HOUR);
    const day = await limitOf(payer.token, 'DEPOSIT', 'DAY');
    expect(day).toMatchObject({ used: 400, left: 600 });
    const month = await as(600);
    expect(month.json).toMatchObject({ code: 'DEPOSIT_LIMIT_REACHED', data: { left: 500, period: 'MONTH' } });
    expect((await as(500)).statusCode).toBe(200);
    expect(await requests()).toBe(3);
    expect(await ok('getSaferGambling', undefined, payer.token)).toMatchObject({ deposit_left: 0 });
  });

  it('counts the net results of settled markets as the loss used, and a loss limit lowers at once', async () => {
    const loser = await newBettor(ctx(), cast.agent1, 'limits3', 10_000);
    await ok('setLossLimit', { period: 'DAY', amount: 2_000 }, loser.token);
    const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    await ok(
      'placeMarketBet',
      { market_id: market, selection_id: 1, is_back: 0, odds: 2, stake: 500 },
      (await newBettor(ctx(), cast.agent1, 'limits3m', 10_000)).token,
    );
    await ok(
      'placeMarketBet',
      { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 500 },
      loser.token,
    );
    await ok('operatorDeclareResult', { market_id: market, winner_ids: [2] }, cast.admin);
    expect(await limitOf(loser.token, 'LOSS', 'DAY')).toMatchObject({
      amount: 2_000,
      used: 500,
      left: 1_500,
    });
    expect(await limitOf(loser.token, 'LOSS', 'WEEK')).toMatchObject({ amount: null, used: 500, left: null });
    // A day on, the loss has left the day's period, not the week's.
    ctx().advanceClock(24 * HOUR + 1);
    expect(await limitOf(loser.token, 'LOSS', 'DAY')).toMatchObject({ used: 0, left: 2_000, rolls_at: null });
    expect(await limitOf(loser.token, 'LOSS', 'WEEK')).toMatchObject({ used: 500 });
  });

  it('keeps the reality check interval, off by default, and logs each change', async () => {
    const player = await onlineBettor(ctx(), cast.agent1, 'limits4', 0);
    expect(await ok('getSaferGambling', undefined, player.token)).toMatchObject({
      reality_check_minutes: null,
      restriction: null,
    });
    expect(await ok('setRealityCheck', { minutes: 30 }, player.token)).toEqual({ minutes: 30 });
    expect(await ok('getSaferGambling', undefined, player.token)).toMatchObject({
      reality_check_minutes: 30,
    });
    expect((await refusal('setRealityCheck', { minutes: 20 }, player.token)).status).toBe(400);
    expect(await ok('setRealityCheck', { minutes: null }, player.token)).toEqual({ minutes: null });
    expect(await ok('getSaferGambling', undefined, player.token)).toMatchObject({
      reality_check_minutes: null,
    });
    const lines = await ctx()
      .db.select({ detail: activityLog.detail })
      .from(activityLog)
      .where(and(eq(activityLog.userId, player.id), eq(activityLog.kind, 'REALITY_CHECK_SET')));
    expect(lines.map((l) => l.detail)).toEqual(['every 30 minutes', 'off']);
  });

  it('tells every change as a notification, even with every kind switched off', async () => {
    const player = await onlineBettor(ctx(), cast.agent1, 'limits5', 0);
    // Every kind off: the safer-gambling one stays on (it cannot be switched off).
    expect(await ok('updateSettings', { notification_kinds: [] }, player.token)).toMatchObject({
      notification_kinds: ['SAFER_GAMBLING'],
    });
    await ok('setLossLimit', { period: 'WEEK', amount: 1_000 }, player.token);
    const asked = (await ok('setLossLimit', { period: 'WEEK', amount: 2_000 }, player.token)) as {
      pending: { confirmable_at: string };
    };
    await ok('setRealityCheck', { minutes: 60 }, player.token);
    await ctx().app.notifications.idle();
    const { rows } = (await ok('getNotifications', { page: 1, limit: 10 }, player.token)) as {
      rows: { kind: string; title: string; message: string }[];
    };
    const at = istWallClock(Date.parse(asked.pending.confirmable_at));
    const shown = `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)} ${at.slice(11, 16)} IST`;
    expect(rows.map(({ kind, title, message }) => ({ kind, title, message }))).toEqual([
      {
        kind: 'SAFER_GAMBLING',
        title: 'Reality check',
        message: 'A reality check will show every 60 minutes.',
      },
      {
        kind: 'SAFER_GAMBLING',
        title: 'Limit change asked',
        message: `Loss limit per 7 days: ₹2,000 asked. ₹1,000 stays in force; you can confirm the change from ${shown}.`,
      },
      {
        kind: 'SAFER_GAMBLING',
        title: 'Limit changed',
        message: 'Loss limit per 7 days: ₹1,000 in force from now.',
      },
    ]);
  });
});
