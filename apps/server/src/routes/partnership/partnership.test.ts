/**
 * Cash settlements and the agents' reports (ADR 48) on PGlite and PostgreSQL, over a tree of its
 * own: the root (admin) gives pmaster 90%, pmaster gives pagent 80%, and pagent's bettor pbettor
 * (1% session commission) plays against the house; pbettor2 never bets. So a result of pbettor's
 * is split 10 / 10 / 80 between the root, pmaster and pagent. Markets are settled by the operator,
 * a casino bet by the wallet; exact rupees throughout.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, SPORT, istDate } from '@exchange/contracts';
import { orders, partnershipResults, users } from '../../db/schema/index.ts';
import { createMarket, expectInvariants, firstMatchOf } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { useProviderStub, walletClient } from '../../test/casino-provider-stub.ts';
import { describeEachDatabase } from '../../test/databases.ts';

const SECRET = 'partnership-secret';
const PROVIDER_ID = 'partnership';
const provider = useProviderStub(SECRET, PROVIDER_ID);
const PASSWORD = 'Partner@1234';

interface Account {
  id: number;
  name: string;
  token: string;
}

describeEachDatabase(
  'cash settlements, the settlement ledger, collection, party win/loss and plus-minus',
  (ctx) => {
    let admin: Account;
    let master: Account;
    let agent: Account;
    let bettor: Account;
    let bettor2: Account;
    let cricket: { matchId: number; matchName: string };
    const { call, ok, refusal } = callsAs(ctx, () => admin.token);

    /** A user under `parent`, its first password changed, with `chips` from its parent. */
    const account = async (
      parent: Account,
      name: string,
      role: 'agent' | 'user',
      chips: number,
      figures: { partnership?: number; session_commission?: number } = {},
    ): Promise<Account> => {
      const created = await ok(
        'agentCreateUser',
        { user_name: name, password: 'First@1234', role, ...figures },
        parent.token,
      );
      const first = await ctx().login(name, 'First@1234');
      await ok(
        'changePassword',
        { master_password: 'First@1234', new_password: PASSWORD, confirm_password: PASSWORD },
        first,
      );
      if (chips > 0)
        await ok(
          'agentTransferChips',
          { user_id: created.user_id, amount: chips, direction: 'deposit', client_ref: `fund-${name}` },
          parent.token,
        );
      return { id: created.user_id, name, token: await ctx().login(name, PASSWORD) };
    };
    /** Steps a second apart, so the ledger's order is the order they were made in. */
    const later = () => ctx().advanceClock(1000);
    const today = () => istDate(ctx().now());
    const dayBefore = (days: number) => istDate(new Date(ctx().now().getTime() - days * DAY_MS));

    /** A bookmaker market on the match, backed by pbettor for 1,000 at `rate` on runner 1. */
    const bookmakerBet = async (name: string, rate: number) => {
      const market = await createMarket(ctx(), admin.token, {
        match_id: cricket.matchId,
        kind: 'BOOKMAKER',
        market_type: 'BOOKMAKER',
        name,
        runners: [{ name: 'Home' }, { name: 'Away' }],
      });
      await ok('operatorSetBookmakerRates', {
        market_id: market,
        rates: [
          { selection_id: 1, back_rate: rate, lay_rate: rate + 5 },
          { selection_id: 2, back_rate: rate, lay_rate: rate + 5 },
        ],
      });
      await ok(
        'placeMarketBet',
        { market_id: market, selection_id: 1, is_back: 1, odds: rate, stake: 1000 },
        bettor.token,
      );
      return market;
    };
    const declare = async (market: number, body: Record<string, unknown>) => {
      later();
      await ok('operatorDeclareResult', { market_id: market, ...body });
    };

    const collection = (who: Account) => ok('agentGetCollectionReport', undefined, who.token);
    const ledger = (who: Account, userId?: number) =>
      ok('agentGetSettlementLedger', userId === undefined ? {} : { user_id: userId }, who.token);
    const partyToday = (who: Account) =>
      ok('agentGetPartyWinLoss', { from_date: dayBefore(1), to_date: today() }, who.token);
    const plusMinus = (who: Account) =>
      ok('agentGetPlusMinusReport', { match_id: cricket.matchId }, who.token);
    const row = (who: Account, owed: number) => ({
      user_id: who.id,
      user_name: who.name,
      role: who === master || who === agent ? 'agent' : 'user',
      upline: false,
      owed_by_user: owed,
    });
    /** The caller's own parent in its collection report: negative, the caller owes it. */
    const uplineRow = (who: Account, owed: number) => ({
      user_id: who.id,
      user_name: who.name,
      role: who === admin ? 'root' : 'agent',
      upline: true,
      owed_by_user: owed,
    });
    /** The root's other direct account, the seed's agent1: square throughout. */
    let agent1Row: ReturnType<typeof row>;

    beforeAll(async () => {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const [root] = await ctx().db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
      admin = { id: root!.id, name: 'admin', token: await ctx().login('admin') };
      master = await account(admin, 'pmaster', 'agent', 20_000, { partnership: 90 });
      agent = await account(master, 'pagent', 'agent', 10_000, { partnership: 80 });
      bettor = await account(agent, 'pbettor', 'user', 5_000, { session_commission: 1 });
      bettor2 = await account(agent, 'pbettor2', 'user', 0);
      const [agent1] = await ctx()
        .db.select({ id: users.id })
        .from(users)
        .where(eq(users.userName, 'agent1'));
      agent1Row = { user_id: agent1!.id, user_name: 'agent1', role: 'agent', upline: false, owed_by_user: 0 };
      cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    });

    describe('a win, then its rollback', () => {
      it('splits a 1,000 win 10 / 10 / 80: each level owes the one below its part', async () => {
        const market = await bookmakerBet('BM win', 100);
        await declare(market, { winner_ids: [1] });

        // Each agent's upline owes it its part: the master owes the agent 200, the root the master 100.
        expect(await collection(agent)).toEqual({
          receive_from: [uplineRow(master, 200)],
          pay_to: [row(bettor, -1000)],
          square: [row(bettor2, 0)],
          total_receive: 200,
          total_pay: 1000,
        });
        expect(await collection(master)).toEqual({
          receive_from: [uplineRow(admin, 100)],
          pay_to: [row(agent, -200)],
          square: [],
          total_receive: 100,
          total_pay: 200,
        });
        expect(await collection(admin)).toEqual({
          receive_from: [],
          pay_to: [row(master, -100)],
          square: [agent1Row],
          total_receive: 0,
          total_pay: 100,
        });
        const party = await partyToday(master);
        expect(party.rows).toEqual([
          {
            user_id: agent.id,
            user_name: 'pagent',
            role: 'agent',
            downline_pnl: 1000,
            own_share: -100,
            upline_share: -100,
            commission: 0,
          },
        ]);
        expect(party.totals).toEqual({
          downline_pnl: 1000,
          own_share: -100,
          upline_share: -100,
          commission: 0,
        });
        expect((await plusMinus(agent)).rows).toEqual([
          {
            user_id: bettor.id,
            user_name: 'pbettor',
            role: 'user',
            match_pnl: 1000,
            session_pnl: 0,
            commission: 0,
            net: 1000,
            own_share: -800,
            upline_share: -200,
          },
        ]);
        expect((await ledger(agent)).rows).toMatchObject([
          {
            kind: 'SHARE',
            description: `Cricket / ${cricket.matchName} / BM win`,
            downline_pnl: 1000,
            amount: -200,
            balance: -200,
          },
        ]);
      });

      it('takes a rolled-back market out of every report', async () => {
        const [market] = await ctx()
          .db.select({ id: orders.marketId })
          .from(orders)
          .where(eq(orders.userId, bettor.id));
        later();
        await ok('operatorRollbackResult', { market_id: market!.id });

        for (const [who, children] of [
          [agent, [row(bettor, 0), row(bettor2, 0), uplineRow(master, 0)]],
          [master, [row(agent, 0), uplineRow(admin, 0)]],
          [admin, [agent1Row, row(master, 0)]],
        ] as const) {
          expect(await collection(who)).toEqual({
            receive_from: [],
            pay_to: [],
            square: children,
            total_receive: 0,
            total_pay: 0,
          });
          expect(await partyToday(who)).toMatchObject({
            rows: [],
            totals: { downline_pnl: 0, own_share: 0, upline_share: 0, commission: 0 },
          });
          expect((await plusMinus(who)).rows).toEqual([]);
        }
        expect(await ledger(agent)).toEqual({
          parent_id: master.id,
          parent_name: 'pmaster',
          user_id: agent.id,
          user_name: 'pagent',
          rows: [],
          owed_by_user: 0,
        });
      });
    });

    describe('a loss, and the settlement that squares it', () => {
      let lossMarket: number;

      it('splits a 1,000 loss 10 / 10 / 80: the bettor owes its agent 1,000, the agent its master 200, the master the root 100', async () => {
        lossMarket = await bookmakerBet('BM loss', 90);
        await declare(lossMarket, { winner_ids: [2] });

        expect(await collection(agent)).toEqual({
          receive_from: [row(bettor, 1000)],
          pay_to: [uplineRow(master, -200)],
          square: [row(bettor2, 0)],
          total_receive: 1000,
          total_pay: 200,
        });
        expect(await collection(master)).toMatchObject({
          receive_from: [row(agent, 200)],
          pay_to: [uplineRow(admin, -100)],
          total_receive: 200,
          total_pay: 100,
        });
        expect(await collection(admin)).toMatchObject({
          receive_from: [row(master, 100)],
          square: [agent1Row],
          total_receive: 100,
        });

        const share = (who: Account, downline_pnl: number, own_share: number, upline_share: number) => ({
          user_id: who.id,
          user_name: who.name,
          role: who === bettor ? 'user' : 'agent',
          downline_pnl,
          own_share,
          upline_share,
          commission: 0,
        });
        expect((await partyToday(agent)).rows).toEqual([share(bettor, -1000, 800, 200)]);
        expect((await partyToday(master)).rows).toEqual([share(agent, -1000, 100, 100)]);
        expect(await partyToday(admin)).toEqual({
          from_date: dayBefore(1),
          to_date: today(),
          rows: [share(master, -1000, 100, 0)],
          totals: { downline_pnl: -1000, own_share: 100, upline_share: 0, commission: 0 },
        });
        // Results are counted by the IST day they were settled on.
        expect(
          (await ok('agentGetPartyWinLoss', { from_date: dayBefore(9), to_date: dayBefore(2) }, admin.token))
            .rows,
        ).toEqual([]);

        expect(await plusMinus(master)).toEqual({
          match_id: cricket.matchId,
          match_name: cricket.matchName,
          rows: [
            {
              user_id: agent.id,
              user_name: 'pagent',
              role: 'agent',
              match_pnl: -1000,
              session_pnl: 0,
              commission: 0,
              net: -1000,
              own_share: 100,
              upline_share: 100,
            },
          ],
          totals: {
            match_pnl: -1000,
            session_pnl: 0,
            commission: 0,
            net: -1000,
            own_share: 100,
            upline_share: 100,
          },
        });

        const shareRow = {
          kind: 'SHARE',
          description: `Cricket / ${cricket.matchName} / BM loss`,
          downline_pnl: -1000,
          commission: 0,
          amount: 200,
          balance: 200,
        };
        // The master's ledger with the agent is the agent's own with its master.
        const own = await ledger(agent);
        expect(own).toMatchObject({
          parent_name: 'pmaster',
          user_name: 'pagent',
          rows: [shareRow],
          owed_by_user: 200,
        });
        expect(await ledger(master, agent.id)).toEqual(own);
        expect(await ledger(agent, bettor.id)).toMatchObject({
          rows: [{ ...shareRow, amount: 1000, balance: 1000 }],
          owed_by_user: 1000,
        });
      });

      it('records 200 received by the master from the agent once: it squares them and moves no chips', async () => {
        const chipsOf = async () =>
          (await ok('agentGetDownline', { page: 1, limit: 20 }, master.token)).rows.find(
            (r: { user_id: number }) => r.user_id === agent.id,
          ).balance;
        const chipsBefore = await chipsOf();
        later();
        const body = {
          user_id: agent.id,
          amount: 200,
          direction: 'RECEIVED',
          remark: 'cash at the office',
          client_ref: 'settle-1',
        };
        const first = await ok('agentRecordSettlement', body, master.token);
        expect(first).toMatchObject({
          user_id: agent.id,
          direction: 'RECEIVED',
          amount: 200,
          remark: 'cash at the office',
          owed_by_user: 0,
          repeated: false,
        });
        const again = await call('agentRecordSettlement', body, master.token);
        expect(again.json).toMatchObject({
          message: 'Settlement already recorded',
          data: { ...first, repeated: true },
        });
        expect(await refusal('agentRecordSettlement', { ...body, amount: 300 }, master.token)).toMatchObject({
          status: 409,
          code: 'CLIENT_REF_CONFLICT',
        });
        expect(await chipsOf()).toBe(chipsBefore);

        // Square with the agent; the master still owes the root its 100.
        expect(await collection(master)).toEqual({
          receive_from: [],
          pay_to: [uplineRow(admin, -100)],
          square: [row(agent, 0)],
          total_receive: 0,
          total_pay: 100,
        });
        expect((await ledger(agent)).rows).toMatchObject([
          { kind: 'SHARE', amount: 200, balance: 200 },
          {
            kind: 'SETTLEMENT',
            description: 'Cash received by pmaster from pagent: cash at the office',
            downline_pnl: 0,
            commission: 0,
            amount: -200,
            balance: 0,
          },
        ]);
        // A settlement between the master and the agent is nothing between the agent and its bettor.
        expect((await ledger(agent, bettor.id)).owed_by_user).toBe(1000);
      });

      it('records one settlement for 10 concurrent calls with one client_ref', async () => {
        later();
        const body = { user_id: bettor2.id, amount: 50, direction: 'PAID', client_ref: 'settle-race' };
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => ok('agentRecordSettlement', body, agent.token)),
        );
        expect(new Set(answers.map((a) => a.settlement_id)).size).toBe(1);
        expect(answers.filter((a) => !a.repeated)).toHaveLength(1);
        // Cash the agent paid its bettor is owed back to the agent.
        expect(await ledger(agent, bettor2.id)).toMatchObject({
          rows: [
            { kind: 'SETTLEMENT', description: 'Cash paid by pagent to pbettor2', amount: 50, balance: 50 },
          ],
          owed_by_user: 50,
        });
      });

      it('records settlements with direct accounts only, and answers an account outside the downline as a missing one', async () => {
        const settle = (token: string, userId: number) =>
          refusal(
            'agentRecordSettlement',
            { user_id: userId, amount: 10, direction: 'PAID', client_ref: `x-${userId}` },
            token,
          );
        expect(await settle(master.token, bettor.id)).toMatchObject({ status: 403, code: 'NOT_DIRECT_USER' });
        expect(await refusal('agentGetSettlementLedger', { user_id: bettor.id }, master.token)).toMatchObject(
          {
            status: 403,
            code: 'NOT_DIRECT_USER',
          },
        );
        const [demo1] = await ctx()
          .db.select({ id: users.id })
          .from(users)
          .where(eq(users.userName, 'demo1'));
        const missing = { status: 404, code: 'NOT_FOUND', message: 'User not found' };
        for (const id of [demo1!.id, master.id, 2_000_000_000]) {
          expect(await settle(agent.token, id)).toEqual(missing);
          expect(await refusal('agentGetSettlementLedger', { user_id: id }, agent.token)).toEqual(missing);
        }
        expect(await refusal('agentGetSettlementLedger', {}, admin.token)).toMatchObject({
          status: 400,
          code: 'VALIDATION_ERROR',
          message: expect.stringMatching(/root has no parent/),
        });
        expect(await refusal('agentGetPlusMinusReport', { match_id: 2_000_000_000 }, agent.token)).toEqual({
          status: 404,
          code: 'NOT_FOUND',
          message: 'Match not found',
        });
        // A bettor cannot run the agents' calls at all.
        expect((await refusal('agentGetCollectionReport', undefined, bettor.token)).status).toBe(403);
      });
    });

    describe('sessions, commission, a voided win and a casino bet', () => {
      it('counts a fancy loss with its commission and a void with its market, and names a casino round', async () => {
        // A 1,000 win on another bookmaker market, then the operator's void of that winning bet:
        // the levels' part of the win taken back (rows as the void writes them), so both net to nothing.
        const winMarket = await bookmakerBet('BM voided', 100);
        await declare(winMarket, { winner_ids: [1] });
        const [won] = await ctx()
          .db.select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.marketId, winMarket), eq(orders.userId, bettor.id)));
        later();
        const voidLevel = (levelUserId: number, depth: number, shareBp: number) => ({
          source: 'VOID' as const,
          sourceId: won!.id,
          version: 0,
          userId: bettor.id,
          levelUserId,
          depth,
          shareBp,
          pnlSharePaise: shareBp * 10,
          commissionSharePaise: 0,
          settledAt: ctx().now(),
        });
        await ctx()
          .db.insert(partnershipResults)
          .values([
            voidLevel(admin.id, 0, 1000),
            voidLevel(master.id, 1, 1000),
            voidLevel(agent.id, 2, 8000),
          ]);

        // Fancy: YES at 46 for 500, the total is 40: a 500 loss and 1% of 500 in commission,
        // borne 0.50 / 0.50 / 4 by the root, the master and the agent.
        const fancy = await createMarket(ctx(), admin.token, {
          match_id: cricket.matchId,
          kind: 'FANCY',
          market_type: 'FANCY',
          name: '10 Over Runs',
          fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 90 },
        });
        await ok(
          'placeFancyBet',
          { fancy_id: fancy, is_back: 1, run: 46, rate: 90, stake: 500 },
          bettor.token,
        );
        await declare(fancy, { runs: 40 });

        // Casino: pbettor stakes 100 on a round and loses it.
        later();
        const { port } = ctx().app.server.address() as AddressInfo;
        const wallet = walletClient(`http://127.0.0.1:${port}`, SECRET, PROVIDER_ID, ctx().now);
        await ok('launchNewGame', { GameCode: 'imlive1001', type: '1' }, bettor.token);
        const player = {
          token: provider.stub.launches.at(-1)!.token,
          userId: bettor.id,
          gameCode: 'imlive1001',
          roundId: '3601',
        };
        const bet = {
          betId: 'bet-1',
          option: 'playerA',
          optionName: 'Player A',
          odds: 1.98,
          stake: 100,
          gamename: 'TP T20',
        };
        const tx = `${ctx().kind}-casino-1`;
        expect(
          await wallet('debit', { ...player, transactionId: tx, amount: 100, maxPayout: 200, bet }),
        ).toMatchObject({ status: 'OK' });
        const result = {
          winner: 'Player B',
          outcome: 'lost',
          payout: 0,
          cards: ['AS', 'KH', 'AD', 'KD', 'AC', 'KC'],
        };
        expect(
          await wallet('credit', {
            ...player,
            transactionId: `${tx}-credit`,
            amount: 0,
            referenceTransactionId: tx,
            bet,
            result,
          }),
        ).toMatchObject({ status: 'OK' });

        // Plus-minus: the match's markets only (the casino bet is not on it).
        expect((await plusMinus(master)).rows).toEqual([
          {
            user_id: agent.id,
            user_name: 'pagent',
            role: 'agent',
            match_pnl: -1000,
            session_pnl: -500,
            commission: 5,
            net: -1495,
            own_share: 149.5,
            upline_share: 149.5,
          },
        ]);
        expect((await plusMinus(agent)).totals).toEqual({
          match_pnl: -1000,
          session_pnl: -500,
          commission: 5,
          net: -1495,
          own_share: 1196,
          upline_share: 299,
        });
        // Party win/loss: everything settled today, the casino bet included.
        expect((await partyToday(agent)).rows).toEqual([
          {
            user_id: bettor.id,
            user_name: 'pbettor',
            role: 'user',
            downline_pnl: -1600,
            own_share: 1276,
            upline_share: 319,
            commission: 5,
          },
        ]);

        const title = `Cricket / ${cricket.matchName}`;
        expect(await ledger(agent, bettor.id)).toMatchObject({
          rows: [
            {
              kind: 'SHARE',
              description: `${title} / BM loss`,
              downline_pnl: -1000,
              commission: 0,
              amount: 1000,
              balance: 1000,
            },
            {
              kind: 'SHARE',
              description: `${title} / BM voided`,
              downline_pnl: 1000,
              commission: 0,
              amount: -1000,
              balance: 0,
            },
            {
              kind: 'SHARE',
              description: `${title} / BM voided — bet #${won!.id} voided`,
              downline_pnl: -1000,
              commission: 0,
              amount: 1000,
              balance: 1000,
            },
            {
              kind: 'SHARE',
              description: `${title} / 10 Over Runs`,
              downline_pnl: -500,
              commission: 5,
              amount: 495,
              balance: 1495,
            },
            {
              kind: 'SHARE',
              description: 'TP T20 (imlive1001) round 3601',
              downline_pnl: -100,
              commission: 0,
              amount: 100,
              balance: 1595,
            },
          ],
          owed_by_user: 1595,
        });
        // The agent owes its master the levels' part above it: 200 - 200 cash - 200 + 200 + 99 + 20.
        expect((await collection(master)).receive_from).toEqual([row(agent, 119)]);
        expect((await ledger(agent)).owed_by_user).toBe(119);
        expect((await collection(admin)).receive_from).toEqual([row(master, 159.5)]);
        await expectInvariants(ctx().db, ctx().app.betting);
      });
    });
  },
  { casino: provider.casino },
);
