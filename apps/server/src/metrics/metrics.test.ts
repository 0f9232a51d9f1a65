/**
 * GET /metrics (ADR 61) on PGlite and PostgreSQL: closed to anyone without METRICS_TOKEN, absent
 * without one; a bet placed, matched or refused moves its counters and the commit's histograms;
 * the HTTP histogram names the route's pattern; two apps in one process count apart.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@exchange/contracts';
import { buildApp } from '../app.ts';
import { FIGURES_TTL_MS } from './business-figures.ts';
import { bettingCast, createMatchOdds, newBettor } from '../test/betting.ts';
import { LiveTestClient } from '../test/live-client.ts';
import { onlineBettor } from '../test/payments.ts';
import { describeEachDatabase, testContextOf, type TestContext } from '../test/databases.ts';

const TOKEN = 'metrics-test-token';

/** The value of one sample of a scrape (0 when the series is not there yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name} `) && !line.startsWith(`${name}{`)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (wanted.every((w) => labelText.split(',').includes(w)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

const scrape = async (app: FastifyInstance, token: string | null = TOKEN) =>
  app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });

const text = async (app: FastifyInstance) => {
  const res = await scrape(app);
  expect(res.statusCode).toBe(200);
  return res.body;
};

describeEachDatabase(
  'metrics',
  (ctx) => {
    const cast = bettingCast(ctx);
    let n = 0;
    const bettor = () => newBettor(ctx(), cast.agent1, `metrics${++n}`, 1_000);
    const bet = (c: TestContext, token: string, market: number, is_back: 0 | 1, stake: number) =>
      c.call(
        'placeMarketBet',
        { market_id: market, selection_id: 1, is_back, odds: 2, stake, persistence: 'PERSIST' },
        token,
      );

    it('answers only the bearer of METRICS_TOKEN: 401 without it or with another', async () => {
      for (const token of [null, 'wrong-token', `${TOKEN}x`, '']) {
        const res = await scrape(ctx().app, token);
        expect(res.statusCode, String(token)).toBe(401);
        expect(res.body).not.toContain('exchange_');
      }
      const res = await scrape(ctx().app);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      // prom-client's process metrics, on the app's own registry.
      expect(res.body).toContain('process_cpu_user_seconds_total');
      expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    });

    it('counts a bet placed by its market kind, its write in the commit histograms, its fill, and the route by its pattern', async () => {
      const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      const [backer, layer] = [await bettor(), await bettor()];
      const before = await text(ctx().app);

      expect((await bet(ctx(), backer.token, market, 1, 100)).statusCode).toBe(200);
      expect((await bet(ctx(), layer.token, market, 0, 100)).statusCode).toBe(200);

      const after = await text(ctx().app);
      const moved = (name: string, labels?: Record<string, string>) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(moved('exchange_bets_placed_total', { kind: 'EXCHANGE' })).toBe(2);
      expect(moved('exchange_commit_duration_seconds_count')).toBe(2);
      expect(moved('exchange_commit_batch_size_count')).toBe(2);
      expect(moved('exchange_commit_batch_size_sum')).toBe(2);
      // The lay matched the resting back: one fill.
      expect(moved('exchange_bets_matched_total')).toBe(1);
      expect(moved('exchange_commits_failed_total')).toBe(0);
      const route = `/api/${endpoints.placeMarketBet.path}`;
      expect(
        moved('exchange_http_request_duration_seconds_count', { route, method: 'POST', status: '200' }),
      ).toBe(2);
      // The pattern, never the raw URL: an unknown path is "unmatched".
      await ctx().app.inject({ method: 'GET', url: '/no/such/page?x=1' });
      const later = await text(ctx().app);
      expect(later).not.toContain('/no/such/page');
      expect(
        sample(later, 'exchange_http_request_duration_seconds_count', {
          route: 'unmatched',
          method: 'GET',
          status: '404',
        }),
      ).toBeGreaterThan(0);
    });

    it('counts a refused bet by its refusal code', async () => {
      const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      const { token } = await bettor();
      const before = await text(ctx().app);
      // A back of 5,000 with 1,000 to bet.
      const refused = await bet(ctx(), token, market, 1, 5_000);
      expect(refused.statusCode).toBe(400);
      const code = refused.json.code as string;
      const after = await text(ctx().app);
      expect(
        sample(after, 'exchange_bets_refused_total', { code }) -
          sample(before, 'exchange_bets_refused_total', { code }),
      ).toBe(1);
      expect(sample(after, 'exchange_bets_placed_total', { kind: 'EXCHANGE' })).toBe(
        sample(before, 'exchange_bets_placed_total', { kind: 'EXCHANGE' }),
      );
    });

    it('measures the push lag of a market delta and counts the sockets and the markets they watch', async () => {
      const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
      const { token } = await bettor();
      const origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
      const client = await LiveTestClient.connect(origin, token);
      try {
        let from = client.mark();
        client.send({ op: 'subscribe', market_ids: [market] });
        await client.next((m) => m.type === 'market_image' && m.market_id === market, { from });
        const before = await text(ctx().app);
        expect(sample(before, 'exchange_live_sockets')).toBe(1);
        expect(sample(before, 'exchange_live_subscriptions')).toBe(1);

        from = client.mark();
        expect((await bet(ctx(), token, market, 1, 100)).statusCode).toBe(200);
        await client.next((m) => m.type === 'market_delta' && m.market_id === market, { from });
        const after = await text(ctx().app);
        expect(
          sample(after, 'exchange_push_lag_seconds_count') -
            sample(before, 'exchange_push_lag_seconds_count'),
        ).toBe(1);
        // Within the conflation window and a little: nothing here waits longer.
        expect(
          sample(after, 'exchange_push_lag_seconds_sum') - sample(before, 'exchange_push_lag_seconds_sum'),
        ).toBeLessThan(1);
      } finally {
        await client.close();
      }
    });

    it("counts the casino wallet's refusals by status", async () => {
      const refused = () =>
        text(ctx().app).then((body) =>
          sample(body, 'exchange_casino_wallet_refused_total', { code: 'INVALID_SIGNATURE' }),
        );
      const before = await refused();
      // Unsigned: refused before it is read.
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/wallet/balance',
        payload: { token: 'x' },
      });
      expect(res.json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
      expect((await refused()) - before).toBe(1);
    });

    it("reports the business's figures, the live gauges and, on PostgreSQL, the pools", async () => {
      // The figures are read at most every 5 s (of the app's clock).
      ctx().advanceClock(FIGURES_TTL_MS);
      const body = await text(ctx().app);
      // The bets above hold exposure.
      expect(sample(body, 'exchange_money_at_risk_rupees')).toBeGreaterThan(0);
      for (const name of [
        'exchange_markets_in_play',
        'exchange_markets_awaiting_settlement',
        'exchange_live_sockets',
        'exchange_live_subscriptions',
      ])
        expect(body).toContain(`\n${name} `);
      expect(body).toContain('exchange_payment_requests_pending{kind="WITHDRAW"}');
      // One process alone: no broker to report.
      expect(body).not.toContain('exchange_broker_connected');
      if (ctx().kind === 'postgres')
        expect(body).toContain('exchange_db_pool_connections{pool="main",state="total"}');
      else expect(body).not.toContain('exchange_db_pool_connections');
    });

    it('reports the age of the oldest payment request waiting for its agent, and 0 once it is decided', async () => {
      const decide = async (requestId: number) => {
        const decided = await ctx().call(
          'agentDecidePaymentRequest',
          { request_id: requestId, approve: false, remark: 'metrics test' },
          cast.agent1,
        );
        expect(decided.statusCode, JSON.stringify(decided.json)).toBe(200);
      };
      // The seed leaves a withdrawal waiting (demo3's, agent1's to decide): decided first, so the
      // one asked here is the oldest and the only one.
      const inbox = await ctx().call('agentGetPaymentRequests', { status: 'PENDING' }, cast.agent1);
      for (const row of inbox.json.data.rows as { request_id: number }[]) await decide(row.request_id);
      const payer = await onlineBettor(ctx(), cast.agent1, 'metricspayer', 1_000);
      const asked = await ctx().call(
        'paymentWithdraw',
        { method: 'UPI', account_name: 'Pay Er', upi_id: 'payer@okicici', amount: 250, client_ref: 'm-wd-1' },
        payer.token,
      );
      expect(asked.statusCode, JSON.stringify(asked.json)).toBe(200);
      const oldest = async () => {
        // Past the figures' cache, so the scrape reads the request's state now.
        ctx().advanceClock(FIGURES_TTL_MS);
        const body = await text(ctx().app);
        return {
          withdraw: sample(body, 'exchange_payment_request_oldest_pending_seconds', { kind: 'WITHDRAW' }),
          deposit: sample(body, 'exchange_payment_request_oldest_pending_seconds', { kind: 'DEPOSIT' }),
          waiting: sample(body, 'exchange_payment_requests_pending', { kind: 'WITHDRAW' }),
        };
      };
      // The age follows the app's clock: what the test moved it, and the moments the calls took.
      const first = await oldest();
      expect(first).toMatchObject({ deposit: 0, waiting: 1 });
      expect(first.withdraw).toBeGreaterThanOrEqual(FIGURES_TTL_MS / 1000);
      expect(first.withdraw).toBeLessThan(FIGURES_TTL_MS / 1000 + 60);
      ctx().advanceClock(3_600_000);
      const hourLater = (await oldest()).withdraw - first.withdraw;
      expect(hourLater).toBeGreaterThanOrEqual(3_600 + FIGURES_TTL_MS / 1000);
      expect(hourLater).toBeLessThan(3_600 + FIGURES_TTL_MS / 1000 + 60);

      await decide(asked.json.data.request_id);
      expect(await oldest()).toEqual({ withdraw: 0, deposit: 0, waiting: 0 });
    });

    describe('a second app in the same process', () => {
      let second: FastifyInstance;
      beforeAll(async () => {
        second = buildApp({
          db: ctx().db,
          clock: ctx().now,
          metricsToken: 'second-token',
          receiptsDir: ctx().receiptsDir,
        });
        await second.ready();
      });
      afterAll(async () => {
        await second.close();
      });

      it('keeps its own counts, under its own token', async () => {
        const market = await createMatchOdds(ctx(), cast.admin, cast.matchId);
        const { token } = await bettor();
        const firstBefore = sample(await text(ctx().app), 'exchange_bets_placed_total', { kind: 'EXCHANGE' });
        const other = testContextOf(
          second,
          { db: ctx().db, kind: ctx().kind, close: async () => {} },
          ctx(),
          ctx().receiptsDir,
        );
        const placed = await bet(other, token, market, 1, 100);
        expect(placed.statusCode, JSON.stringify(placed.json)).toBe(200);

        expect((await scrape(second)).statusCode).toBe(401);
        const secondText = (await scrape(second, 'second-token')).body;
        expect(sample(secondText, 'exchange_bets_placed_total', { kind: 'EXCHANGE' })).toBe(1);
        expect(sample(await text(ctx().app), 'exchange_bets_placed_total', { kind: 'EXCHANGE' })).toBe(
          firstBefore,
        );
      });
    });
  },
  { metricsToken: TOKEN },
);

describeEachDatabase('metrics without METRICS_TOKEN', (ctx) => {
  it('has no /metrics route: 404, whatever the token', async () => {
    for (const token of [null, TOKEN, '']) {
      const res = await scrape(ctx().app, token);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('exchange_');
    }
    expect(ctx().app.metrics).toBeNull();
  });
});
