/**
 * operator/voidBet (ADR 35) on PGlite and PostgreSQL: the root voids a settled winning bet and
 * its win goes back to the house once (the bettor's balance, statement, settled bets and P&L
 * say so, one notice and one activity row tell of it), under repeats and 20 concurrent calls;
 * anything but a settled win is refused; a result with voided bets cannot be rolled back; a
 * win already spent leaves a debt that refuses bets and withdrawals until it is paid. Money is
 * conserved after every test.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { SPORT, type EndpointName, istDate } from '@exchange/contracts';
import {
  accountTerms,
  activityLog,
  betReversals,
  ledgerAccounts,
  ledgerTransfers,
  partnershipResults,
  userNotices,
  users,
} from '../../db/schema/index.ts';
import {
  balanceOf,
  createMarket,
  createMatchOdds,
  expectInvariants,
  firstMatchOf,
  newBettor as createBettor,
  statementRows,
} from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import type { BetPathMode } from '../../services/betting/index.ts';

/** Everything on the default bet path; the debt's refusal of bets on the other one too. */
function suite(betPath: BetPathMode, onlyDebt: boolean) {
  describeEachDatabase(
    `operator voids a winning bet (${betPath} bet path)`,
    (ctx) => {
      let admin: string;
      let agent1: string;
      let demo1: string;
      let demo3: string;
      let cricket: { matchId: number; matchName: string };
      const idOf: Record<string, number> = {};

      const call = (name: EndpointName, body: unknown, token: string) => ctx().call(name, body, token);
      const ok = async (name: EndpointName, body: unknown, token: string) => {
        const res = await call(name, body, token);
        expect(res.statusCode, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
        return res.json.data;
      };
      const voidBet = (betId: number, reason = 'VPN', token = admin) =>
        call('operatorVoidBet', { bet_id: betId, reason }, token);
      const refusal = (res: { statusCode: number; json: { code: string; message: string } }) => ({
        status: res.statusCode,
        code: res.json.code,
        message: res.json.message,
      });
      const total = async (token: string) => (await balanceOf(ctx(), token)).total_balance;
      const notices = async (token: string) =>
        (await call('getNotices', undefined, token)).json.data.notices as { id: number; message: string }[];
      const postingsOf = (betId: number) =>
        ctx()
          .db.select()
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.idempotencyKey, `void:${betId}`));
      const activityOf = (userId: number) =>
        ctx()
          .db.select()
          .from(activityLog)
          .where(and(eq(activityLog.userId, userId), eq(activityLog.kind, 'BET_VOIDED')));

      /** A bookmaker market where `token` backs Home at rate 90 for `stake`, settled with Home winning: a win of 0.9 x stake. */
      const bookmakerWin = async (token: string, stake: number, name = 'Bookmaker') => {
        const marketId = await createMarket(ctx(), admin, {
          match_id: cricket.matchId,
          kind: 'BOOKMAKER',
          market_type: 'BOOKMAKER',
          name,
          runners: [{ name: 'Home' }, { name: 'Away' }],
        });
        await ok(
          'operatorSetBookmakerRates',
          { market_id: marketId, rates: [{ selection_id: 1, back_rate: 90, lay_rate: 95 }] },
          admin,
        );
        const placed = await ok(
          'placeMarketBet',
          { market_id: marketId, selection_id: 1, is_back: 1, odds: 90, stake },
          token,
        );
        await ok('operatorDeclareResult', { market_id: marketId, winner_ids: [1] }, admin);
        return { marketId, betId: placed.bet_id as number, win: Math.round(stake * 90) / 100 };
      };

      /** A bettor created by agent1 with `chips` rupees, past its first password change. */
      const newBettor = async (userName: string, chips: number) => {
        const { userId, token } = await createBettor(ctx(), agent1, userName, chips);
        idOf[userName] = userId;
        return token;
      };

      beforeAll(async () => {
        admin = await ctx().login('admin');
        agent1 = await ctx().login('agent1');
        demo1 = await ctx().login('demo1');
        demo3 = await ctx().login('demo3');
        for (const u of await ctx().db.select().from(users)) idOf[u.userName] = u.id;
        cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
      });

      afterEach(async () => {
        await expectInvariants(ctx().db, ctx().app.betting);
      });

      /** The tests that run on the default bet path only (the other path gets the debt's test). */
      const full = (name: string, fn: () => Promise<void>) => {
        if (!onlyDebt) it(name, fn);
      };
      full('gives the levels above the bettor back their share of the win taken back, as its market split it (ADR 48)', async () => {
        const pnlOf = async (userId: number) =>
          (await ctx().db.select().from(ledgerAccounts).where(eq(ledgerAccounts.pnlOfUserId, userId)))[0]?.balancePaise ?? 0;
        // agent1 keeps 80% of its bettors' results from now on; the root the other 20%.
        await ctx().db.insert(accountTerms).values({ userId: idOf.agent1!, partnershipBp: 8_000, effectiveAt: ctx().now() });
        const bettor = await newBettor('voidshare', 5_000);
        const before = { agent: await pnlOf(idOf.agent1!), root: await pnlOf(idOf.admin!) };
        const { betId, win } = await bookmakerWin(bettor, 1000);
        expect(win).toBe(900);
        // The bettor won 900: agent1 bears 720, the root 180.
        expect({ agent: await pnlOf(idOf.agent1!), root: await pnlOf(idOf.admin!) }).toEqual({
          agent: before.agent - 72_000,
          root: before.root - 18_000,
        });
        await ok('operatorVoidBet', { bet_id: betId, reason: 'VPN' }, admin);
        expect({ agent: await pnlOf(idOf.agent1!), root: await pnlOf(idOf.admin!) }).toEqual(before);
        const rows = await ctx()
          .db.select()
          .from(partnershipResults)
          .where(and(eq(partnershipResults.source, 'VOID'), eq(partnershipResults.sourceId, betId)));
        expect(rows.map((r) => [r.levelUserId, r.shareBp, r.pnlSharePaise]).sort()).toEqual(
          [
            [idOf.admin, 2_000, 18_000],
            [idOf.agent1, 8_000, 72_000],
          ].sort(),
        );
        // From now on the root holds all of agent1's bettors' results again, as the other tests expect.
        await ctx().db.insert(accountTerms).values({ userId: idOf.agent1!, partnershipBp: 0, effectiveAt: ctx().now() });
      });

      full(
        'takes the win back once: balance, statement row, settled bets, P&L, one notice and one activity row',
        async () => {
          const { marketId, betId, win } = await bookmakerWin(demo1, 1000);
          expect(win).toBe(900);
          const before = await total(demo1);
          const pnlBefore = (
            await ok(
              'getProfitLoss',
              { from_date: istDate(ctx().now()), to_date: istDate(ctx().now()) },
              demo1,
            )
          ).rows.find((r: { market_id: number }) => r.market_id === marketId);
          expect(pnlBefore).toMatchObject({ pnl: 900, commission: 0, net: 900 });

          const res = await voidBet(betId);
          expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
          expect(res.json.data).toMatchObject({
            bet_id: betId,
            user_id: idOf.demo1,
            reason: 'VPN',
            amount: 900,
            user_balance: before - 900,
          });
          expect(await total(demo1)).toBeCloseTo(before - 900, 2);

          const [row] = await statementRows(ctx(), demo1);
          expect(row).toMatchObject({
            debit: 900,
            credit: 0,
            remark: `Bet #${betId} voided (VPN use)`,
            type: 'sports',
            balance: before - 900,
          });
          // The agent reading demo1's statement sees the same row.
          const agentView = await ok(
            'agentGetUserStatement',
            { user_id: idOf.demo1, from_date: '2020-01-01', to_date: '2099-12-31' },
            agent1,
          );
          expect(agentView.rows[0]).toEqual(row);

          const settled = (await ok('getSettledBets', { match_id: cricket.matchId }, demo1)).find(
            (b: { bet_id: number }) => b.bet_id === betId,
          );
          expect(settled).toMatchObject({ outcome: 'VOID', pnl: 0, voided: { reason: 'VPN', amount: 900 } });
          const pnlAfter = (
            await ok(
              'getProfitLoss',
              { from_date: istDate(ctx().now()), to_date: istDate(ctx().now()) },
              demo1,
            )
          ).rows.find((r: { market_id: number }) => r.market_id === marketId);
          expect(pnlAfter).toMatchObject({ pnl: 0, commission: 0, net: 0 });

          const told = await notices(demo1);
          expect(told.map((n) => n.message)).toEqual([
            `Your bet #${betId} on Bookmaker (${cricket.matchName}) was voided: bets placed through a VPN are not allowed. ₹900.00 was taken back.`,
          ]);
          expect(await notices(demo3)).toEqual([]);
          await ok('markNoticesSeen', { ids: told.map((n) => n.id) }, demo1);
          expect(await notices(demo1)).toEqual([]);

          const activity = await activityOf(idOf.demo1!);
          expect(activity).toHaveLength(1);
          expect(activity[0]).toMatchObject({
            actorId: idOf.admin,
            detail: `Bet #${betId} voided (VPN use): ₹900.00 taken back`,
          });
          expect(await postingsOf(betId)).toMatchObject([
            { amountPaise: 90_000, reason: 'BET_VOID_REVERSAL' },
          ]);
        },
      );

      full(
        'on an exchange market takes back the whole win; the commission charged on it stays with the house',
        async () => {
          const marketId = await createMatchOdds(ctx(), admin, cricket.matchId, { commission_percent: 2 });
          const back = await ok(
            'placeMarketBet',
            { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 1000 },
            demo1,
          );
          await ok(
            'placeMarketBet',
            { market_id: marketId, selection_id: 1, is_back: 0, odds: 2, stake: 1000 },
            demo3,
          );
          const beforeSettle = await total(demo1);
          await ok('operatorDeclareResult', { market_id: marketId, winner_ids: [1] }, admin);
          expect(await total(demo1)).toBeCloseTo(beforeSettle + 1000 - 20, 2);

          const res = await voidBet(back.bet_id, 'ROBOT');
          expect(res.json.data).toMatchObject({ amount: 1000, reason: 'ROBOT' });
          expect(await total(demo1)).toBeCloseTo(beforeSettle - 20, 2);
          expect((await statementRows(ctx(), demo1))[0]).toMatchObject({
            debit: 1000,
            remark: `Bet #${back.bet_id} voided (robot use)`,
          });
          const pnl = (
            await ok(
              'getProfitLoss',
              { from_date: istDate(ctx().now()), to_date: istDate(ctx().now()) },
              demo1,
            )
          ).rows.find((r: { market_id: number }) => r.market_id === marketId);
          expect(pnl).toMatchObject({ pnl: 0, commission: 20, net: -20 });
          await ok('markNoticesSeen', { ids: (await notices(demo1)).map((n) => n.id) }, demo1);
        },
      );

      full('refuses anything but a settled winning bet, and an unknown id, and changes nothing', async () => {
        const exchange = await createMatchOdds(ctx(), admin, cricket.matchId);
        const open = await ok(
          'placeMarketBet',
          { market_id: exchange, selection_id: 1, is_back: 1, odds: 5, stake: 100 },
          demo1,
        );
        const cancelled = await ok(
          'placeMarketBet',
          { market_id: exchange, selection_id: 2, is_back: 1, odds: 5, stake: 100 },
          demo1,
        );
        await ok('cancelBet', { bet_id: cancelled.bet_id }, demo1);
        const matched = await ok(
          'placeMarketBet',
          { market_id: exchange, selection_id: 1, is_back: 0, odds: 5, stake: 100 },
          demo3,
        );
        const { betId: won } = await bookmakerWin(demo3, 200, 'Bookmaker 2');
        // demo1 lays the winner on another bookmaker market: a settled losing bet.
        const lostMarket = await createMarket(ctx(), admin, {
          match_id: cricket.matchId,
          kind: 'BOOKMAKER',
          market_type: 'BOOKMAKER',
          name: 'Bookmaker 3',
          runners: [{ name: 'Home' }, { name: 'Away' }],
        });
        await ok(
          'operatorSetBookmakerRates',
          { market_id: lostMarket, rates: [{ selection_id: 1, back_rate: 90, lay_rate: 95 }] },
          admin,
        );
        const lost = await ok(
          'placeMarketBet',
          { market_id: lostMarket, selection_id: 1, is_back: 0, odds: 95, stake: 100 },
          demo1,
        );
        await ok('operatorDeclareResult', { market_id: lostMarket, winner_ids: [1] }, admin);
        // A voided market: its bets are VOID, not wins.
        const voidMarket = await createMatchOdds(ctx(), admin, cricket.matchId);
        const onVoid = await ok(
          'placeMarketBet',
          { market_id: voidMarket, selection_id: 1, is_back: 1, odds: 2, stake: 100 },
          demo1,
        );
        await ok(
          'placeMarketBet',
          { market_id: voidMarket, selection_id: 1, is_back: 0, odds: 2, stake: 100 },
          demo3,
        );
        await ok('operatorVoidMarket', { market_id: voidMarket }, admin);

        const [b1, b3] = [await total(demo1), await total(demo3)];
        const notSettled = /is not settled yet: only a settled winning bet can be voided/;
        for (const [betId, message] of [
          [open.bet_id, notSettled],
          [matched.bet_id, notSettled],
          [cancelled.bet_id, /was cancelled/],
          [lost.bet_id, /did not win: only winning bets are voided, losing bets stand/],
          [onVoid.bet_id, /did not win/],
        ] as const) {
          const res = await voidBet(betId);
          expect({ betId, ...refusal(res) }).toMatchObject({
            betId,
            status: 409,
            code: 'BET_NOT_VOIDABLE',
            message: expect.stringMatching(message),
          });
        }
        expect(refusal(await voidBet(987_654_321))).toEqual({
          status: 404,
          code: 'BET_NOT_FOUND',
          message: 'Bet not found',
        });
        expect(
          refusal(await call('operatorVoidBet', { bet_id: won, reason: 'SHOUTING' }, admin)),
        ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
        expect(
          refusal(
            await call('operatorVoidBet', { bet_id: won, reason: 'VPN', remark: 'x'.repeat(201) }, admin),
          ),
        ).toMatchObject({ status: 400 });
        for (const token of [agent1, demo3]) {
          expect(refusal(await voidBet(won, 'VPN', token))).toEqual({
            status: 403,
            code: 'FORBIDDEN',
            message: 'Only the operator can do this',
          });
        }
        expect([await total(demo1), await total(demo3)]).toEqual([b1, b3]);
        expect(await ctx().db.select().from(betReversals).where(eq(betReversals.orderId, won))).toEqual([]);
        expect(await notices(demo1)).toEqual([]);
      });

      full('voids a bet once: a repeat is refused and posts nothing', async () => {
        const { betId } = await bookmakerWin(demo3, 500);
        const before = await total(demo3);
        expect(
          (
            await call(
              'operatorVoidBet',
              { bet_id: betId, reason: 'PUNCHING', remark: 'placed after the wicket' },
              admin,
            )
          ).statusCode,
        ).toBe(200);
        const again = await voidBet(betId, 'MULTIPLE_ENTRIES');
        expect(refusal(again)).toEqual({
          status: 409,
          code: 'BET_ALREADY_VOIDED',
          message: `Bet #${betId} was already voided`,
        });
        expect(await total(demo3)).toBeCloseTo(before - 450, 2);
        expect(await postingsOf(betId)).toHaveLength(1);
        expect(
          await ctx().db.select().from(betReversals).where(eq(betReversals.orderId, betId)),
        ).toMatchObject([
          {
            reason: 'PUNCHING',
            remark: 'placed after the wicket',
            amountPaise: 45_000,
            createdBy: idOf.admin,
          },
        ]);
        expect((await notices(demo3)).map((n) => n.message)).toEqual([
          expect.stringMatching(
            new RegExp(
              `^Your bet #${betId} on Bookmaker \\(.*\\) was voided: bets placed after the event was known \\(punching\\) are not allowed\\. ₹450\\.00 was taken back\\.$`,
            ),
          ),
        ]);
        await ok('markNoticesSeen', { ids: (await notices(demo3)).map((n) => n.id) }, demo3);
      });

      full('20 concurrent voids of one bet post once: one is answered, the others are refused', async () => {
        const { betId } = await bookmakerWin(demo1, 300);
        const before = await total(demo1);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => voidBet(betId, 'MULTIPLE_ENTRIES')),
        );
        const codes = answers.map((a) => a.statusCode).sort();
        expect(codes).toEqual([200, ...Array<number>(19).fill(409)]);
        for (const a of answers.filter((x) => x.statusCode === 409))
          expect(a.json.code).toBe('BET_ALREADY_VOIDED');
        expect(await total(demo1)).toBeCloseTo(before - 270, 2);
        expect(await postingsOf(betId)).toHaveLength(1);
        const mine = await ctx().db.select().from(userNotices).where(eq(userNotices.userId, idOf.demo1!));
        expect(mine.filter((n) => n.message.includes(`#${betId} `))).toHaveLength(1);
        expect(
          (await activityOf(idOf.demo1!)).filter((a) => a.detail.startsWith(`Bet #${betId} `)),
        ).toHaveLength(1);
        await ok('markNoticesSeen', { ids: (await notices(demo1)).map((n) => n.id) }, demo1);
      });

      full('refuses to roll back a result with voided bets: the result and the money stand', async () => {
        const { marketId, betId } = await bookmakerWin(demo1, 400);
        expect((await voidBet(betId)).statusCode).toBe(200);
        const before = [await total(demo1), await total(demo3)];
        const rollback = await call('operatorRollbackResult', { market_id: marketId }, admin);
        expect(refusal(rollback)).toEqual({
          status: 409,
          code: 'MARKET_HAS_VOIDED_BETS',
          message: `The result cannot be rolled back: bets on this market were voided by the operator (#${betId})`,
        });
        // Still settled: it cannot be declared again either.
        const again = await call('operatorDeclareResult', { market_id: marketId, winner_ids: [2] }, admin);
        expect(again.statusCode).toBe(400);
        expect([await total(demo1), await total(demo3)]).toEqual(before);
        expect(
          (await ok('getSettledBets', { match_id: cricket.matchId }, demo1)).find(
            (b: { bet_id: number }) => b.bet_id === betId,
          ),
        ).toMatchObject({
          outcome: 'VOID',
        });
        await ok('markNoticesSeen', { ids: (await notices(demo1)).map((n) => n.id) }, demo1);
      });

      full('a rollback racing a void: exactly one of them goes through, and the money is exact', async () => {
        const { marketId, betId } = await bookmakerWin(demo3, 600);
        const before = await total(demo3);
        const [voided, rolled] = await Promise.all([
          voidBet(betId),
          call('operatorRollbackResult', { market_id: marketId }, admin),
        ]);
        expect([voided.statusCode, rolled.statusCode].sort()).toEqual([200, 409]);
        if (voided.statusCode === 200) {
          expect(rolled.json.code).toBe('MARKET_HAS_VOIDED_BETS');
          expect(await total(demo3)).toBeCloseTo(before - 540, 2);
        } else {
          expect(voided.json.code).toBe('BET_NOT_VOIDABLE');
          // The win is rolled back with the result; the bet is open again until a new result.
          expect(await total(demo3)).toBeCloseTo(before - 540, 2);
          expect(await postingsOf(betId)).toEqual([]);
          await ok('operatorDeclareResult', { market_id: marketId, winner_ids: [2] }, admin);
        }
        await ok('markNoticesSeen', { ids: [...(await notices(demo3)).map((n) => n.id), 999_999] }, demo3);
      });

      it('takes a win already spent, leaving a debt that refuses bets (even a hedge) and withdrawals until it is paid', async () => {
        const debtor = await newBettor('debtor1', 1000);
        const { betId } = await bookmakerWin(debtor, 1000);
        expect(await total(debtor)).toBeCloseTo(1900, 2);
        // An open position: the debtor's back of Home at 2 is matched by demo1 (exposure 100).
        const exchange = await createMatchOdds(ctx(), admin, cricket.matchId);
        await ok(
          'placeMarketBet',
          { market_id: exchange, selection_id: 1, is_back: 0, odds: 2, stake: 100 },
          demo1,
        );
        await ok(
          'placeMarketBet',
          { market_id: exchange, selection_id: 1, is_back: 1, odds: 2, stake: 100 },
          debtor,
        );
        // The bettor's agent pays out all it may.
        await ok(
          'agentTransferChips',
          { user_id: idOf.debtor1, amount: 1800, direction: 'withdraw', client_ref: 'payout-debtor1' },
          agent1,
        );

        const res = await voidBet(betId);
        expect(res.json.data).toMatchObject({ amount: 900, user_balance: -800 });
        expect(await balanceOf(ctx(), debtor)).toMatchObject({
          total_balance: -800,
          liability: 100,
          available_balance: -900,
        });
        expect((await statementRows(ctx(), debtor))[0]).toMatchObject({ debit: 900, balance: -800 });

        const back = await call(
          'placeMarketBet',
          { market_id: exchange, selection_id: 2, is_back: 1, odds: 2, stake: 100 },
          debtor,
        );
        expect(refusal(back)).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS' });
        // A lay at 1.5 matched against demo1's back would close the position (exposure 0): refused too.
        await ok(
          'placeMarketBet',
          { market_id: exchange, selection_id: 1, is_back: 1, odds: 1.5, stake: 100 },
          demo1,
        );
        const hedge = { market_id: exchange, selection_id: 1, is_back: 0, odds: 1.5, stake: 100 };
        expect(refusal(await call('placeMarketBet', hedge, debtor))).toMatchObject({
          status: 400,
          code: 'INSUFFICIENT_FUNDS',
        });
        const withdraw = await call(
          'agentTransferChips',
          { user_id: idOf.debtor1, amount: 1, direction: 'withdraw', client_ref: 'debtor1-more' },
          agent1,
        );
        expect(refusal(withdraw)).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS' });

        // Paid back through the agent: betting again, the hedge first.
        await ok(
          'agentTransferChips',
          { user_id: idOf.debtor1, amount: 1000, direction: 'deposit', client_ref: 'debtor1-repay' },
          agent1,
        );
        expect(await balanceOf(ctx(), debtor)).toMatchObject({ total_balance: 200, available_balance: 100 });
        expect((await ok('placeMarketBet', hedge, debtor)).status).toBe('MATCHED');
        expect(await balanceOf(ctx(), debtor)).toMatchObject({ total_balance: 200, liability: 0 });
        expect(
          (
            await call(
              'placeMarketBet',
              { market_id: exchange, selection_id: 2, is_back: 1, odds: 2, stake: 100 },
              debtor,
            )
          ).statusCode,
        ).toBe(200);
      });
    },
    { bettingOptions: { betPath } },
  );
}

suite('statement', false);
suite('transaction', true);
