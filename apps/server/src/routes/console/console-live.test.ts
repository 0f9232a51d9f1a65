/**
 * The console's live nudges over /ws (ADR 36) on PGlite and PostgreSQL: every agent and root
 * above a user hears `console` / `payment_requests` when the user asks for a deposit or it is
 * decided, and `console` / `downline` when its balance or exposure moves (a bet, chips) or its
 * locks change; an agent with
 * another downline hears neither, and a bettor's socket never gets one.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { createMatchOdds, firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { LiveTestClient, type Received } from '../../test/live-client.ts';
import { nextUtr } from '../../test/payments.ts';

const WINDOW_MS = 50;
const nudge = (topic: string) => (m: Received) => m.type === 'console' && m.topic === topic;

describeEachDatabase(
  'console live nudges',
  (ctx) => {
    let origin: string;
    const sockets: LiveTestClient[] = [];
    const tokens: Record<string, string> = {};
    const connect = async (name: string) => {
      const client = await LiveTestClient.connect(origin, tokens[name]!);
      sockets.push(client);
      return client;
    };
    const ok = async (...args: Parameters<ReturnType<typeof ctx>['call']>) => {
      const res = await ctx().call(...args);
      expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
      return res.json.data;
    };
    /**
     * Lets six windows pass, so anything coalesced has been sent: the nudges a test expects are
     * awaited as they come; this wait only proves that the ones it does not expect never come.
     */
    const settle = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS * 6));
    let marketId: number;

    beforeAll(async () => {
      origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      for (const name of ['admin', 'agent1', 'demo1', 'demo3']) tokens[name] = await ctx().login(name);
      const created = await ok('agentCreateUser', { user_name: 'liveagent', password: 'First@1234', role: 'agent' }, tokens.admin);
      await ok('changePassword', { master_password: 'First@1234', new_password: 'Live@1234', confirm_password: 'Live@1234' }, await ctx().login('liveagent', 'First@1234'));
      tokens.liveagent = await ctx().login('liveagent', 'Live@1234');
      await ok('agentTransferChips', { user_id: created.user_id, amount: 1_000, direction: 'deposit', client_ref: 'live-fund' }, tokens.admin);
      const user = await ok('agentCreateUser', { user_name: 'liveuser', password: 'First@1234', role: 'user' }, tokens.liveagent);
      await ok('changePassword', { master_password: 'First@1234', new_password: 'Live@1234', confirm_password: 'Live@1234' }, await ctx().login('liveuser', 'First@1234'));
      tokens.liveuser = await ctx().login('liveuser', 'Live@1234');
      await ok('agentTransferChips', { user_id: user.user_id, amount: 500, direction: 'deposit', client_ref: 'live-user-fund' }, tokens.liveagent);
      marketId = await createMatchOdds(ctx(), tokens.admin!, (await firstMatchOf(ctx().db, SPORT.CRICKET, false)).matchId);
    });

    afterAll(async () => {
      await Promise.all(sockets.map((s) => s.close()));
    });

    it("tells agent1 and the root of demo3's deposit request and of its decision, and nobody else", async () => {
      const [agent1, admin, other, bettor] = [await connect('agent1'), await connect('admin'), await connect('liveagent'), await connect('demo3')];
      const request = await ok('paymentDeposit', { amount: 500, method: 'UPI', utr: nextUtr(), client_ref: 'live-dep' }, tokens.demo3);
      await agent1.next(nudge('payment_requests'));
      await admin.next(nudge('payment_requests'));
      // The request's commit also refreshes the bettor's own balance (the payment events feed the user channel).
      await bettor.next((m) => m.type === 'balance');
      const from = agent1.mark();
      await ok('agentDecidePaymentRequest', { request_id: request.request_id, approve: false, remark: 'No payment seen' }, tokens.agent1);
      await agent1.next(nudge('payment_requests'), { from });
      await settle();
      expect(other.all('console')).toEqual([]);
      expect(bettor.all('console')).toEqual([]);
    });

    it("tells agent1 and the root when demo1 bets, and liveagent when its own user bets, each only of its own", async () => {
      const [agent1, admin, other, bettor] = [await connect('agent1'), await connect('admin'), await connect('liveagent'), await connect('demo1')];
      await ok('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: 2, stake: 100 }, tokens.demo1);
      await agent1.next(nudge('downline'));
      await admin.next(nudge('downline'));
      await settle();
      expect(other.all('console')).toEqual([]);
      expect(bettor.all('console')).toEqual([]);
      // One bet, one nudge.
      expect(agent1.all('console').filter((m) => m.topic === 'downline')).toHaveLength(1);

      const [from, adminFrom] = [agent1.mark(), admin.mark()];
      await ok('placeMarketBet', { market_id: marketId, selection_id: 2, is_back: 1, odds: 2, stake: 100 }, tokens.liveuser);
      await other.next(nudge('downline'));
      await admin.next(nudge('downline'), { from: adminFrom });
      await settle();
      expect(agent1.all('console', from)).toEqual([]);
    });

    it('tells liveagent and the root when liveagent moves chips to its user or locks it, and pushes the user its new balance', async () => {
      const [agent, admin, agent1, bettor] = [await connect('liveagent'), await connect('admin'), await connect('agent1'), await connect('liveuser')];
      const user = (await ok('agentGetDownline', { page: 1, limit: 10 }, tokens.liveagent)).rows.find((r: { user_name: string }) => r.user_name === 'liveuser');
      const moved = await ok('agentTransferChips', { user_id: user.user_id, amount: 25, direction: 'deposit', client_ref: 'live-chips' }, tokens.liveagent);
      await admin.next(nudge('downline'));
      const balance = await bettor.next((m) => m.type === 'balance' && m.total_balance === moved.user_balance);
      expect(balance).toMatchObject({ total_balance: moved.user_balance });
      const from = agent.mark();
      await ok('agentSetUserStatus', { user_id: user.user_id, bet_locked: true }, tokens.liveagent);
      await agent.next(nudge('downline'), { from });
      await ok('agentSetUserStatus', { user_id: user.user_id, bet_locked: false }, tokens.liveagent);
      await settle();
      expect(agent1.all('console')).toEqual([]);
    });
  },
  { live: { consoleConflateMs: WINDOW_MS } },
);
