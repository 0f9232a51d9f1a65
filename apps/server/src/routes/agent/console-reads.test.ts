/**
 * The console's agent reads (ADR 36) on PGlite and PostgreSQL, over a tree of its own: dashagent
 * (under the root) with bettors dash1 and dash2 and a sub-agent dashsub with bettor dash3; agent1's
 * demo1 and demo3 take the other side of their bets. The dashboard's money, the house's P&L today
 * and this week by sport and casino, pending payments and most exposed markets; the market book
 * per runner and per run total; a downline user's P&L report. Exact rupees throughout.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPORT, type EndpointName, istDate } from '@exchange/contracts';
import { createMarket, createMatchOdds, expectInvariants, firstMatchOf } from '../../test/betting.ts';
import { useProviderStub, walletClient } from '../../test/casino-provider-stub.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { nextUtr } from '../../test/payments.ts';
import { accountTerms } from '../../db/schema/index.ts';

const SECRET = 'console-reads-secret';
const PROVIDER_ID = 'console-reads';
const provider = useProviderStub(SECRET, PROVIDER_ID);
const PASSWORD = 'Console@1234';

interface Account {
  id: number;
  token: string;
}

describeEachDatabase(
  'console reads: dashboard, market book, user P&L',
  (ctx) => {
    let admin: string;
    let agent1: string;
    let demo1: string;
    let demo3: string;
    const tree: Record<'dashagent' | 'dash1' | 'dash2' | 'dashsub' | 'dash3', Account> = {} as never;
    let cricket: number;
    let football: number;
    let wallet: ReturnType<typeof walletClient>;

    const call = async (name: EndpointName, body: unknown, token: string) => {
      const res = await ctx().call(name, body, token);
      expect(res.statusCode, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
      return res.json.data;
    };
    /** A user under `parent`, its first password changed, with `chips` from its parent. */
    const account = async (parent: string, userName: string, role: 'agent' | 'user', chips: number): Promise<Account> => {
      const created = await call('agentCreateUser', { user_name: userName, password: 'First@1234', role, online_payments: role === 'user' }, parent);
      const first = await ctx().login(userName, 'First@1234');
      await call('changePassword', { master_password: 'First@1234', new_password: PASSWORD, confirm_password: PASSWORD }, first);
      await call('agentTransferChips', { user_id: created.user_id, amount: chips, direction: 'deposit', client_ref: `fund-${userName}` }, parent);
      return { id: created.user_id, token: await ctx().login(userName, PASSWORD) };
    };
    const dashboard = (token: string) => call('agentGetDashboard', undefined, token);
    const book = async (token: string, marketId: number) => (await call('agentGetMarketBook', { market_id: marketId }, token))[0];
    const bet = (token: string, marketId: number, selectionId: number, back: boolean, odds: number, stake: number) =>
      call('placeMarketBet', { market_id: marketId, selection_id: selectionId, is_back: back ? 1 : 0, odds, stake }, token);
    const declare = (marketId: number, body: Record<string, unknown>) => call('operatorDeclareResult', { market_id: marketId, ...body }, admin);
    const today = () => istDate(ctx().now());
    const pnlOf = (pnl: { rows: { key: string; house_pnl: number }[] }) => Object.fromEntries(pnl.rows.map((r) => [r.key, r.house_pnl]));
    /** A casino session of the bettor's, its bets' debits and credits through the provider's wallet calls. */
    const launch = async (who: Account) => {
      await call('launchNewGame', { GameCode: 'imlive1001', type: '1' }, who.token);
      return { token: provider.stub.launches.at(-1)!.token, userId: who.id, gameCode: 'imlive1001' };
    };
    const bets = (id: string, amount: number) => ({ betId: `bet-${id}`, option: 'playerA', optionName: 'Player A', odds: 1.98, stake: amount, gamename: 'TP T20' });
    // One round per bet: a round settled for a player takes no more of its bets.
    const roundOf = (id: string) => String(3600 + Number(id.slice(id.lastIndexOf('c') + 1)));
    const debit = async (p: Awaited<ReturnType<typeof launch>>, id: string, amount: number) =>
      expect(await wallet('debit', { ...p, roundId: roundOf(id), transactionId: id, amount, maxPayout: amount * 2, bet: bets(id, amount) })).toMatchObject({ status: 'OK' });
    const settle = async (p: Awaited<ReturnType<typeof launch>>, id: string, debitId: string, stake: number, amount: number) => {
      const result = { winner: 'Player A', outcome: amount > 0 ? 'won' : 'lost', payout: amount, cards: ['AS', 'KH', 'AD', 'KD', 'AC', 'KC'] };
      expect(await wallet('credit', { ...p, roundId: roundOf(debitId), transactionId: id, amount, referenceTransactionId: debitId, bet: bets(debitId, stake), result })).toMatchObject({ status: 'OK' });
    };

    beforeAll(async () => {
      await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx().app.server.address() as AddressInfo;
      wallet = walletClient(`http://127.0.0.1:${port}`, SECRET, PROVIDER_ID, ctx().now);
      admin = await ctx().login('admin');
      agent1 = await ctx().login('agent1');
      demo1 = await ctx().login('demo1');
      demo3 = await ctx().login('demo3');
      tree.dashagent = await account(admin, 'dashagent', 'agent', 10_000);
      tree.dash1 = await account(tree.dashagent.token, 'dash1', 'user', 1_000);
      tree.dash2 = await account(tree.dashagent.token, 'dash2', 'user', 1_000);
      tree.dashsub = await account(tree.dashagent.token, 'dashsub', 'agent', 2_000);
      tree.dash3 = await account(tree.dashsub.token, 'dash3', 'user', 1_000);
      cricket = (await firstMatchOf(ctx().db, SPORT.CRICKET, false)).matchId;
      football = (await firstMatchOf(ctx().db, SPORT.FOOTBALL, false)).matchId;
    });

    afterEach(async () => {
      await expectInvariants(ctx().db, ctx().app.betting);
    });

    it('starts with the money moved into the tree and nothing else', async () => {
      const data = await dashboard(tree.dashagent.token);
      expect(data.own).toEqual({ balance: 6_000, exposure: 0, available: 6_000 });
      expect(data.downline).toEqual({ users: 3, agents: 1, balance: 4_000, exposure: 0, available: 4_000 });
      const monday = new Date(`${today()}T00:00:00Z`);
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      expect(data.today).toEqual({ from_date: today(), to_date: today(), rows: [{ key: 'casino', label: 'Casino', kind: 'casino', house_pnl: 0, own_pnl: 0 }], total: 0, own_total: 0 });
      expect(data.week).toMatchObject({ from_date: monday.toISOString().slice(0, 10), to_date: today(), total: 0 });
      expect(data.pending_payments).toEqual({ deposits: 0, deposit_amount: 0, withdrawals: 0, withdrawal_amount: 0 });
      expect(data.top_markets).toEqual([]);
      expect((await dashboard(tree.dashsub.token)).downline).toEqual({ users: 1, agents: 0, balance: 1_000, exposure: 0, available: 1_000 });
    });

    it("sums the house's P&L today and this week by sport (after commission, rolled-back results left out) and on the casino", async () => {
      // Cricket: dash1 backs 100 at 2.0 against demo1 and loses.
      const m1 = await createMatchOdds(ctx(), admin, cricket);
      await bet(tree.dash1.token, m1, 1, true, 2, 100);
      await bet(demo1, m1, 1, false, 2, 100);
      await declare(m1, { winner_ids: [2] });
      // Cricket: dash2 loses 100 too; the first result is rolled back and declared again (counted once).
      const m2 = await createMatchOdds(ctx(), admin, cricket);
      await bet(tree.dash2.token, m2, 1, true, 2, 100);
      await bet(demo1, m2, 1, false, 2, 100);
      await declare(m2, { winner_ids: [2] });
      await call('operatorRollbackResult', { market_id: m2 }, admin);
      await declare(m2, { winner_ids: [2] });
      // Football, 2% commission: dash3 (under dashsub) backs 100 at 2.0 against demo3 and wins 100, less 2.
      const m3 = await createMatchOdds(ctx(), admin, football, { commission_percent: 2 });
      await bet(tree.dash3.token, m3, 1, true, 2, 100);
      await bet(demo3, m3, 1, false, 2, 100);
      await declare(m3, { winner_ids: [1] });

      // Casino: dash1 loses 30; dash2 stakes 20 and gets 30 back; a rolled-back bet and an open one count nothing.
      const k = ctx().kind;
      const p1 = await launch(tree.dash1);
      await debit(p1, `${k}-c1`, 30);
      await settle(p1, `${k}-c1-credit`, `${k}-c1`, 30, 0);
      await debit(p1, `${k}-c3`, 40);
      expect(await wallet('rollback', { ...p1, roundId: roundOf(`${k}-c3`), transactionId: `${k}-c3-rb`, amount: 40, referenceTransactionId: `${k}-c3`, reason: 'void' })).toMatchObject({ status: 'OK' });
      await debit(p1, `${k}-c4`, 15);
      const p2 = await launch(tree.dash2);
      await debit(p2, `${k}-c2`, 20);
      await settle(p2, `${k}-c2-credit`, `${k}-c2`, 20, 30);

      const data = await dashboard(tree.dashagent.token);
      const expected = { [`sport:${SPORT.CRICKET}`]: 200, [`sport:${SPORT.FOOTBALL}`]: -98, casino: 20 };
      expect(pnlOf(data.today)).toEqual(expected);
      expect(data.today.total).toBe(122);
      expect(pnlOf(data.week)).toEqual(expected);
      expect(data.week.total).toBe(122);
      expect(data.today.rows.map((r: { kind: string }) => r.kind)).toEqual(['sport', 'sport', 'casino']);
      // dashagent has no partnership figure: the root holds all of these results, dashagent none.
      expect(data.today.rows.map((r: { own_pnl: number }) => r.own_pnl)).toEqual([0, 0, 0]);
      expect(data.today.own_total).toBe(0);
      // The sub-agent sees its own part only.
      expect(pnlOf((await dashboard(tree.dashsub.token)).today)).toEqual({ [`sport:${SPORT.FOOTBALL}`]: -98, casino: 0 });

      // The same figures as the bettors' own P&L reports, with the sign turned.
      let reported = 0;
      for (const who of [tree.dash1, tree.dash2, tree.dash3]) reported += (await call('getProfitLoss', { from_date: today(), to_date: today() }, who.token)).total.net;
      expect(-reported).toBe(200 - 98);
      // Tomorrow is another day, and the same week unless today is Sunday.
      ctx().advanceClock(24 * 3_600_000);
      const tomorrow = await dashboard(tree.dashagent.token);
      expect(tomorrow.today.total).toBe(0);
      expect(tomorrow.week.total).toBe(new Date(`${today()}T00:00:00Z`).getUTCDay() === 1 ? 0 : 122);
      ctx().advanceClock(-24 * 3_600_000);
    });

    it("counts the downline's pending payment requests, addressed to the caller or to an agent below it", async () => {
      for (const [agent, name] of [
        [tree.dashagent, 'Dash Agent'],
        [tree.dashsub, 'Dash Sub'],
      ] as const)
        await call('agentSetPaymentDetails', { method: 'UPI', account_name: name, upi_id: `${name.replace(' ', '').toLowerCase()}@okaxis` }, agent.token);
      const deposit = await call('paymentDeposit', { amount: 500, method: 'UPI', utr: nextUtr(), client_ref: 'dash1-dep' }, tree.dash1.token);
      await call('paymentDeposit', { amount: 300, method: 'UPI', utr: nextUtr(), client_ref: 'dash3-dep' }, tree.dash3.token);
      await call('paymentWithdraw', { amount: 200, method: 'UPI', account_name: 'Dash Two', upi_id: 'dash2@okaxis', client_ref: 'dash2-wd' }, tree.dash2.token);

      expect((await dashboard(tree.dashagent.token)).pending_payments).toEqual({ deposits: 2, deposit_amount: 800, withdrawals: 1, withdrawal_amount: 200 });
      expect((await dashboard(tree.dashsub.token)).pending_payments).toEqual({ deposits: 1, deposit_amount: 300, withdrawals: 0, withdrawal_amount: 0 });
      await call('agentDecidePaymentRequest', { request_id: deposit.request_id, approve: true }, tree.dashagent.token);
      expect((await dashboard(tree.dashagent.token)).pending_payments).toEqual({ deposits: 1, deposit_amount: 300, withdrawals: 1, withdrawal_amount: 200 });
    });

    it("sums the downline's money over every depth, as each account shows it", async () => {
      let balance = 0;
      let exposure = 0;
      for (const who of [tree.dash1, tree.dash2, tree.dashsub, tree.dash3]) {
        const b = await call('getUserBalance', undefined, who.token);
        balance += b.total_balance;
        exposure += b.liability;
      }
      const own = await call('getUserBalance', undefined, tree.dashagent.token);
      const data = await dashboard(tree.dashagent.token);
      expect(data.own).toEqual({ balance: own.total_balance, exposure: own.liability, available: own.available_balance });
      expect(data.downline).toEqual({ users: 3, agents: 1, balance, exposure, available: Math.round((balance - exposure) * 100) / 100 });
      // No bet is open yet: nothing is reserved (the open casino bet took its stake from the balance).
      expect(exposure).toBe(0);
    });

    describe('open markets', () => {
      let m4: number;
      let m5: number;
      let m6: number;
      let fancy: number;

      it('lists the most exposed open markets, largest first, with the downline users holding them', async () => {
        m4 = await createMatchOdds(ctx(), admin, cricket);
        await bet(tree.dash1.token, m4, 1, true, 2, 100);
        await bet(tree.dash3.token, m4, 1, true, 1.5, 100);
        m5 = await createMatchOdds(ctx(), admin, football);
        await bet(tree.dash2.token, m5, 2, false, 4, 100);
        const top = (await dashboard(tree.dashagent.token)).top_markets;
        expect(top.map((m: { market_id: number; exposure: number; users: number }) => [m.market_id, m.exposure, m.users])).toEqual([
          [m5, 300, 1],
          [m4, 200, 2],
        ]);
        expect(top[0]).toMatchObject({ market_name: 'Match Odds', kind: 'EXCHANGE', status: 'OPEN', sport_name: expect.any(String), match_name: expect.any(String) });
        expect(Object.keys(top[0]).sort()).toEqual(['exposure', 'kind', 'market_id', 'market_name', 'match_id', 'match_name', 'sport_name', 'status', 'users']);
        expect((await dashboard(tree.dashsub.token)).top_markets.map((m: { market_id: number; exposure: number }) => [m.market_id, m.exposure])).toEqual([[m4, 100]]);
        expect((await dashboard(tree.dashagent.token)).downline.exposure).toBe(500);
      });

      it('books each runner: minus the downline users positions, from a back and a lay matched outside the downline', async () => {
        m6 = await createMatchOdds(ctx(), admin, cricket);
        // dash1 backs Home 100 at 2.0, dash2 lays Away 100 at 3.0; demo1 takes the other side of both.
        await bet(tree.dash1.token, m6, 1, true, 2, 100);
        await bet(demo1, m6, 1, false, 2, 100);
        await bet(tree.dash2.token, m6, 2, false, 3, 100);
        await bet(demo1, m6, 2, true, 3, 100);
        const runners = (b: { runners: { selection_id: number; name: string; house_pnl: number }[] }) => b.runners.map((r) => [r.selection_id, r.name, r.house_pnl]);

        const mine = await book(tree.dashagent.token, m6);
        expect(runners(mine)).toEqual([
          [1, 'Home', -200],
          [2, 'Away', 300],
        ]);
        expect({ exposure: mine.exposure, users: mine.users, fancy: mine.fancy, market_type: mine.market_type }).toEqual({ exposure: 300, users: 2, fancy: [], market_type: 'MATCH_ODDS' });
        // The bettors' own positions, as getMatchDetail shows them, turned round.
        const positions = async (token: string) => {
          const detail = await call('getMatchDetail', { match_id: cricket }, token);
          return detail.markets.find((m: { market_id: number }) => m.market_id === m6).runners.map((r: { position: number }) => r.position);
        };
        const [p1, p2] = [await positions(tree.dash1.token), await positions(tree.dash2.token)];
        expect(mine.runners.map((r: { house_pnl: number }) => r.house_pnl)).toEqual([-(p1[0] + p2[0]), -(p1[1] + p2[1])]);

        // agent1 books demo1's side; the root everyone's, which nets to nothing; dashsub has no one here.
        const theirs = await book(agent1, m6);
        expect({ runners: runners(theirs), exposure: theirs.exposure, users: theirs.users }).toEqual({
          runners: [
            [1, 'Home', 200],
            [2, 'Away', -300],
          ],
          exposure: 200,
          users: 1,
        });
        const root = await book(admin, m6);
        expect({ pnl: root.runners.map((r: { house_pnl: number }) => r.house_pnl), exposure: root.exposure, users: root.users }).toEqual({ pnl: [0, 0], exposure: 500, users: 3 });
        const none = await book(tree.dashsub.token, m6);
        expect({ pnl: none.runners.map((r: { house_pnl: number }) => r.house_pnl), exposure: none.exposure, users: none.users }).toEqual({ pnl: [0, 0], exposure: 0, users: 0 });
      });

      it('books a fancy market by run total: the downline users fancy books summed and turned round', async () => {
        fancy = await createMarket(ctx(), admin, {
          match_id: cricket,
          kind: 'FANCY',
          market_type: 'FANCY',
          name: '10 Over Runs',
          fancy: { no_line: 49, no_rate: 100, yes_line: 50, yes_rate: 100 },
        });
        // dash1: YES 100 at 50 (wins 100 from 50 runs, else loses 100).
        await call('placeFancyBet', { fancy_id: fancy, is_back: 1, run: 50, rate: 100, stake: 100 }, tree.dash1.token);
        await call('operatorSetFancyLine', { market_id: fancy, no_line: 55, no_rate: 100, yes_line: 56, yes_rate: 100 }, admin);
        // dash3: NO 100 at 55 (wins 100 below 55 runs, else loses 100).
        await call('placeFancyBet', { fancy_id: fancy, is_back: 0, run: 55, rate: 100, stake: 100 }, tree.dash3.token);
        const mine = await book(tree.dashagent.token, fancy);
        expect({ fancy: mine.fancy, runners: mine.runners, exposure: mine.exposure, users: mine.users, kind: mine.kind }).toEqual({
          // dashagent holds no partnership (no figures of its own): its own part is nothing.
          fancy: [
            { from_runs: 0, house_pnl: 0, own_pnl: 0 },
            { from_runs: 50, house_pnl: -200, own_pnl: 0 },
            { from_runs: 55, house_pnl: 0, own_pnl: 0 },
          ],
          runners: [],
          exposure: 200,
          users: 2,
          kind: 'FANCY',
        });
        expect((await book(tree.dashsub.token, fancy)).fancy).toEqual([
          { from_runs: 0, house_pnl: -100, own_pnl: 0 },
          { from_runs: 55, house_pnl: 100, own_pnl: 0 },
        ]);
      });

      it("lists every open market the downline holds a position on, and 404 for a market that does not exist", async () => {
        const all = await call('agentGetMarketBook', {}, tree.dashagent.token);
        expect(all.map((b: { market_id: number; exposure: number }) => [b.market_id, b.exposure])).toEqual([
          [m6, 300],
          [m5, 300],
          [fancy, 200],
          [m4, 200],
        ].sort((a, b) => b[1]! - a[1]! || a[0]! - b[0]!));
        const missing = await ctx().call('agentGetMarketBook', { market_id: 99_999_999 }, tree.dashagent.token);
        expect({ status: missing.statusCode, json: missing.json }).toEqual({ status: 404, json: { status: false, message: 'Market not found', code: 'NOT_FOUND' } });
      });

      it('answers every market of a match in one call, each as its own call answers it; a market and a match together are refused', async () => {
        const byMatch = await call('agentGetMarketBook', { match_id: football }, tree.dashagent.token);
        const ids = byMatch.map((b: { market_id: number }) => b.market_id);
        expect(ids).toContain(m5);
        for (const id of ids) expect(byMatch.find((b: { market_id: number }) => b.market_id === id)).toEqual(await book(tree.dashagent.token, id));
        const cricketBooks = await call('agentGetMarketBook', { match_id: cricket }, tree.dashsub.token);
        expect(cricketBooks.find((b: { market_id: number }) => b.market_id === fancy)).toEqual(await book(tree.dashsub.token, fancy));
        expect(cricketBooks.map((b: { market_id: number }) => b.market_id)).not.toContain(m5);
        const both = await ctx().call('agentGetMarketBook', { market_id: m5, match_id: football }, tree.dashagent.token);
        expect(both.statusCode).toBe(400);
      });
    });

    describe("each level's share (ADR 48): root -> shmaster (90) -> shagent (80) -> shbettor, and shmaster's own bettor shdirect", () => {
      const shares: Record<'shmaster' | 'shagent' | 'shbettor' | 'shdirect', Account> = {} as never;
      const ownOf = (pnl: { rows: { key: string; own_pnl: number }[] }) => Object.fromEntries(pnl.rows.map((r) => [r.key, r.own_pnl]));
      const cricketKey = `sport:${SPORT.CRICKET}`;
      /** A bookmaker market on the cricket match, Home backed at 47 and Away at 60. */
      const bookmaker = async () => {
        const marketId = await createMarket(ctx(), admin, { match_id: cricket, kind: 'BOOKMAKER', market_type: 'BOOKMAKER', name: 'Bookmaker', runners: [{ name: 'Home' }, { name: 'Away' }] });
        await call(
          'operatorSetBookmakerRates',
          {
            market_id: marketId,
            rates: [
              { selection_id: 1, back_rate: 47, lay_rate: 52 },
              { selection_id: 2, back_rate: 60, lay_rate: 65 },
            ],
          },
          admin,
        );
        return marketId;
      };

      beforeAll(async () => {
        shares.shmaster = await account(admin, 'shmaster', 'agent', 20_000);
        shares.shagent = await account(shares.shmaster.token, 'shagent', 'agent', 10_000);
        shares.shbettor = await account(shares.shagent.token, 'shbettor', 'user', 5_000);
        shares.shdirect = await account(shares.shmaster.token, 'shdirect', 'user', 5_000);
        // The figures in force before any bet (after the accounts' own, written when they were
        // created): the root gives shmaster 90, shmaster gives shagent 80.
        const before = ctx().now();
        await ctx().db.insert(accountTerms).values([
          { userId: shares.shmaster.id, partnershipBp: 9_000, effectiveAt: before },
          { userId: shares.shagent.id, partnershipBp: 8_000, effectiveAt: before },
        ]);
      });

      it('counts on the dashboard each level its share of a settled loss of 1,000, less the commission it bears, by sport and casino', async () => {
        const root = await dashboard(admin);
        // shbettor backs Home for 1,000 on a bookmaker market and Away wins: it loses 1,000.
        const lost = await bookmaker();
        await bet(shares.shbettor.token, lost, 1, true, 47, 1_000);
        await declare(lost, { winner_ids: [2] });
        const own = async (token: string) => ownOf((await dashboard(token)).today);
        expect(await own(shares.shagent.token)).toEqual({ [cricketKey]: 800, casino: 0 });
        expect(await own(shares.shmaster.token)).toEqual({ [cricketKey]: 100, casino: 0 });
        expect((await dashboard(admin)).today.own_total - root.today.own_total).toBeCloseTo(100, 2);
        // The house figure stays the whole network's side, for every level.
        for (const token of [shares.shagent.token, shares.shmaster.token]) expect(pnlOf((await dashboard(token)).today)).toEqual({ [cricketKey]: 1_000, casino: 0 });

        // From now on shbettor is paid 2% match commission: another loss of 1,000 pays it 20, borne 16 / 2 / 2.
        await ctx().db.insert(accountTerms).values({ userId: shares.shbettor.id, partnershipBp: null, matchCommissionBp: 200, effectiveAt: ctx().now() });
        const again = await bookmaker();
        await bet(shares.shbettor.token, again, 1, true, 47, 1_000);
        await declare(again, { winner_ids: [2] });
        // A rolled-back result counts once, as declared again.
        await call('operatorRollbackResult', { market_id: again }, admin);
        await declare(again, { winner_ids: [2] });
        // A win of 900 taken back by a void: the levels bear their shares of the win, then get them back.
        const won = await createMarket(ctx(), admin, { match_id: cricket, kind: 'BOOKMAKER', market_type: 'BOOKMAKER', name: 'Bookmaker', runners: [{ name: 'Home' }, { name: 'Away' }] });
        await call('operatorSetBookmakerRates', { market_id: won, rates: [{ selection_id: 1, back_rate: 90, lay_rate: 95 }] }, admin);
        const winning = await bet(shares.shbettor.token, won, 1, true, 90, 1_000);
        await declare(won, { winner_ids: [1] });
        expect((await own(shares.shagent.token))[cricketKey]).toBe(800 + 784 - 720);
        await call('operatorVoidBet', { bet_id: winning.bet_id, reason: 'VPN' }, admin);
        // Casino: shbettor loses 30 on a round.
        const k = ctx().kind;
        const session = await launch(shares.shbettor);
        await debit(session, `${k}-c7`, 30);
        await settle(session, `${k}-c7-credit`, `${k}-c7`, 30, 0);

        const agent = await dashboard(shares.shagent.token);
        expect(ownOf(agent.today)).toEqual({ [cricketKey]: 1_584, casino: 24 });
        expect(agent.today.own_total).toBe(1_608);
        expect(ownOf(agent.week)).toEqual(ownOf(agent.today));
        const master = await dashboard(shares.shmaster.token);
        expect(ownOf(master.today)).toEqual({ [cricketKey]: 198, casino: 3 });
        expect(master.today.own_total).toBe(201);
        // The house's side is before the agents' commission: 2,000 lost on cricket (the void took back the win), 30 on the casino.
        expect(pnlOf(master.today)).toEqual({ [cricketKey]: 2_000, casino: 30 });
        const after = await dashboard(admin);
        expect(after.today.own_total - root.today.own_total).toBeCloseTo(201, 2);
        expect(after.today.total - root.today.total).toBeCloseTo(2_030, 2);
      });

      it("books each runner of an open market at the caller's share of each bettor's position, rounded per bettor", async () => {
        const open = await bookmaker();
        // shbettor backs Home for 1,000.05 at 47 (wins 470.02, the half paisa down); shdirect backs Away for 500 at 60.
        await bet(shares.shbettor.token, open, 1, true, 47, 1_000.05);
        await bet(shares.shdirect.token, open, 2, true, 60, 500);
        const runners = async (token: string) => (await book(token, open)).runners.map((r: { house_pnl: number; own_pnl: number }) => [r.house_pnl, r.own_pnl]);
        // shagent: 80% of shbettor's (the root's and shmaster's 10% each rounded toward zero, the odd paisa its own).
        expect(await runners(shares.shagent.token)).toEqual([
          [-470.02, -376.02],
          [1_000.05, 800.05],
        ]);
        // shmaster: 10% of shbettor's and 90% of shdirect's (Home: -47.00 + 450.00; Away: 100.00 - 270.00).
        expect(await runners(shares.shmaster.token)).toEqual([
          [29.98, 403],
          [700.05, -170],
        ]);
        // The root: 10% of each (Home: -47.00 + 50.00; Away: 100.00 - 30.00).
        expect(await runners(admin)).toEqual([
          [29.98, 3],
          [700.05, 70],
        ]);
      });

      it("books each run total of a fancy market at the caller's share of each bettor's, where the house's figure nets to nothing", async () => {
        const fancy = await createMarket(ctx(), admin, {
          match_id: cricket,
          kind: 'FANCY',
          market_type: 'FANCY',
          name: '15 Over Runs',
          fancy: { no_line: 49, no_rate: 100, yes_line: 50, yes_rate: 100 },
        });
        // shbettor: YES 100 at 50; shdirect: NO 100 at 55.
        await call('placeFancyBet', { fancy_id: fancy, is_back: 1, run: 50, rate: 100, stake: 100 }, shares.shbettor.token);
        await call('operatorSetFancyLine', { market_id: fancy, no_line: 55, no_rate: 100, yes_line: 56, yes_rate: 100 }, admin);
        await call('placeFancyBet', { fancy_id: fancy, is_back: 0, run: 55, rate: 100, stake: 100 }, shares.shdirect.token);
        expect((await book(shares.shagent.token, fancy)).fancy).toEqual([
          { from_runs: 0, house_pnl: 100, own_pnl: 80 },
          { from_runs: 50, house_pnl: -100, own_pnl: -80 },
        ]);
        expect((await book(shares.shmaster.token, fancy)).fancy).toEqual([
          { from_runs: 0, house_pnl: 0, own_pnl: -80 },
          { from_runs: 50, house_pnl: -200, own_pnl: -100 },
          { from_runs: 55, house_pnl: 0, own_pnl: 80 },
        ]);
      });
    });

    it("answers a downline user's P&L report as the user's own, and 404 outside the downline", async () => {
      const body = (who: Account) => ({ user_id: who.id, from_date: today(), to_date: today() });
      const own = await call('getProfitLoss', { from_date: today(), to_date: today() }, tree.dash1.token);
      expect(own.rows.length).toBe(1);
      expect(await call('agentGetUserProfitLoss', body(tree.dash1), tree.dashagent.token)).toEqual(own);
      expect(await call('agentGetUserProfitLoss', body(tree.dash1), admin)).toEqual(own);
      const deep = await call('getProfitLoss', { from_date: today(), to_date: today() }, tree.dash3.token);
      expect(await call('agentGetUserProfitLoss', body(tree.dash3), tree.dashagent.token)).toEqual(deep);
      expect(await call('agentGetUserProfitLoss', body(tree.dash3), tree.dashsub.token)).toEqual(deep);
      for (const [who, caller] of [
        [tree.dash1, tree.dashsub.token],
        [tree.dash1, agent1],
        [tree.dashagent, tree.dashagent.token],
      ] as const) {
        const res = await ctx().call('agentGetUserProfitLoss', body(who), caller);
        expect({ status: res.statusCode, json: res.json }).toEqual({ status: 404, json: { status: false, message: 'User not found', code: 'NOT_FOUND' } });
      }
    });
  },
  { casino: provider.casino },
);
