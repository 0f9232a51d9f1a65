/**
 * Live push over a real WebSocket against the app listening on a loopback port, on PGlite and
 * PostgreSQL: authentication, the image on subscribe, deltas after other users' bets,
 * conflation, per-user positions, the user channel (balance and bet changes), settlement, a
 * fresh image after reconnecting, the subscription bound and dead sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, SPORT, type MarketView } from '@exchange/contracts';
import { balanceOf, createMatchOdds, firstMatchOf } from '../test/betting.ts';
import { useProviderStub, walletClient } from '../test/casino-provider-stub.ts';
import { describeEachDatabase, type TestContext } from '../test/databases.ts';
import { LiveTestClient, type Received } from '../test/live-client.ts';

const HEARTBEAT_MS = 300;
const MAX_MARKETS = 3;
const SECRET = 'live-test-secret';
const PROVIDER_ID = 'live-test';
const provider = useProviderStub(SECRET, PROVIDER_ID);

type Image = Extract<Received, { type: 'market_image' }>;
type Delta = Extract<Received, { type: 'market_delta' }>;
const isImage =
  (id: number) =>
  (m: Received): m is Image =>
    m.type === 'market_image' && m.market_id === id;
const isDelta =
  (id: number) =>
  (m: Received): m is Delta =>
    m.type === 'market_delta' && m.market_id === id;
const deltaWhere =
  (id: number, when: (d: Delta) => boolean) =>
  (m: Received): m is Delta =>
    isDelta(id)(m) && when(m);
/** A bets message (several changes may be coalesced into one) holding this change. */
const betsWith = (change: string, betId?: number | null) => (m: Received) =>
  m.type === 'bets' &&
  m.changes.some((c) => c.change === change && (betId === undefined || c.bet_id === betId));
const withoutPositions = (market: MarketView) => ({
  ...market,
  exposure: 0,
  fancy_positions: [],
  runners: market.runners.map((r) => ({ ...r, position: 0 })),
});

// Each suite twice: the sockets in this process, and in the socket host process (ADR 62) as
// server.ts runs them.
for (const socketHost of [false, true])
  describeEachDatabase(
    socketHost ? 'live push over /ws, sockets in the socket host process' : 'live push over /ws',
    (ctx) => {
      let origin: string;
      let admin: string;
      let demo1: string;
      let demo3: string;
      let cricket: { matchId: number };
      const open: LiveTestClient[] = [];
      const connect = async (token: string) => {
        const client = await LiveTestClient.connect(origin, token);
        open.push(client);
        return client;
      };
      const call = (...args: Parameters<TestContext['call']>) => ctx().call(...args);
      const bet = async (token: string, body: Record<string, unknown>) => {
        const res = await call('placeMarketBet', body, token);
        if (res.statusCode !== 200) throw new Error(`bet refused: ${JSON.stringify(res.json)}`);
        return res.json.data as { bet_id: number; balance: { total_balance: number; liability: number } };
      };
      const newMarket = () => createMatchOdds(ctx(), admin, cricket.matchId);
      /** The market as match/getMatchDetail shows it to `token`. */
      const detailOf = async (marketId: number, token: string): Promise<MarketView> => {
        const res = await call('getMatchDetail', { match_id: cricket.matchId }, token);
        return (res.json.data.markets as MarketView[]).find((m) => m.market_id === marketId)!;
      };
      const subscribe = async (client: LiveTestClient, marketId: number) => {
        const from = client.mark();
        client.send({ op: 'subscribe', market_ids: [marketId] });
        return client.next(isImage(marketId), { from });
      };

      beforeAll(async () => {
        const address = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
        origin = address;
        admin = await ctx().login('admin');
        demo1 = await ctx().login('demo1');
        demo3 = await ctx().login('demo3');
        cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
      });

      afterAll(async () => {
        await Promise.all(open.map((c) => c.close()));
      });

      describe('authentication', () => {
        it('closes a socket that subscribes before authenticating', async () => {
          const client = await LiveTestClient.open(origin);
          client.send({ op: 'subscribe', market_ids: [1] });
          const error = await client.next((m) => m.type === 'error');
          expect(error).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
          expect((await client.closed).code).toBe(LIVE_CLOSE.UNAUTHORIZED);
          expect(client.all('market_image')).toEqual([]);
        });

        it('refuses a wrong token, in the query or in the auth message, and a logged-out one', async () => {
          const byQuery = await LiveTestClient.open(origin, { token: 'not-a-token' });
          expect((await byQuery.closed).code).toBe(LIVE_CLOSE.UNAUTHORIZED);

          const byMessage = await LiveTestClient.open(origin);
          byMessage.send({ op: 'auth', token: 'not-a-token' });
          expect((await byMessage.closed).code).toBe(LIVE_CLOSE.UNAUTHORIZED);

          const token = await ctx().login('demo1');
          await call('logout', {}, token);
          const loggedOut = await LiveTestClient.open(origin);
          loggedOut.send({ op: 'auth', token });
          expect((await loggedOut.closed).code).toBe(LIVE_CLOSE.UNAUTHORIZED);
          expect(loggedOut.all('ready')).toEqual([]);
        });

        it('accepts the API token in the query and says ready for that user', async () => {
          const client = await LiveTestClient.open(origin, { token: demo1 });
          open.push(client);
          const ready = await client.next((m) => m.type === 'ready');
          const me = await ctx().call('getUserBalance', undefined, demo1);
          expect(me.statusCode).toBe(200);
          expect(ready).toMatchObject({
            type: 'ready',
            heartbeat_ms: HEARTBEAT_MS,
            max_markets: MAX_MARKETS,
          });
        });
      });

      describe('markets', () => {
        it('sends an image on subscribe: the market as getMatchDetail shows it to the subscriber', async () => {
          const market = await newMarket();
          await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 3, stake: 250 });
          await bet(demo1, { market_id: market, selection_id: 1, is_back: 1, odds: 3, stake: 100 });
          const client = await connect(demo1);
          const image = await subscribe(client, market);
          expect(image.seq).toBe(0);
          expect(image.market).toEqual(await detailOf(market, demo1));
          // demo3's resting lay (250 - 100 matched) is on offer to back at 3; demo1's own position shows.
          expect(image.market.runners[0]!.back).toEqual([{ price: 3, size: 150 }]);
          expect(image.market.runners[0]!.position).toBe(200);
          expect(image.market.exposure).toBe(100);
        });

        it("shows another user's bet as a delta with the new size, and no position of theirs", async () => {
          const market = await newMarket();
          const client = await connect(demo1);
          const image = await subscribe(client, market);
          expect(image.market.runners[1]!.back).toEqual([]);
          const from = client.mark();
          await bet(demo3, { market_id: market, selection_id: 2, is_back: 0, odds: 2.5, stake: 400 });
          const delta = await client.next(isDelta(market), { from, timeoutMs: 1_000 });
          expect(delta.seq).toBe(image.seq + 1);
          expect(delta.changes.runners).toEqual([
            expect.objectContaining({ selection_id: 2, back: [{ price: 2.5, size: 400 }], lay: [] }),
          ]);
          expect(delta.at).toBeLessThanOrEqual(delta.receivedAt);
          const { position: _position, ...runner } = (await detailOf(market, demo1)).runners[1]!;
          expect(delta.changes.runners![0]).toEqual(runner);
          // An absence, so a wait: a position of demo1's would go out in the delta's own flush, right
          // behind it on the socket; 250 ms is that and two more conflation windows (100 ms) besides.
          await new Promise((r) => setTimeout(r, 250));
          expect(client.all('position', from)).toEqual([]);
        });

        it("pushes a trade as the runner's last traded price and total matched, and the market's total only when it moves", async () => {
          const market = await newMarket();
          await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 2.5, stake: 400 });
          const client = await connect(demo1);
          const image = await subscribe(client, market);
          expect(image.market.total_matched).toBe(0);
          expect(image.market.runners[0]).toMatchObject({ last_traded_price: null, total_matched: 0 });
          let from = client.mark();
          await bet(demo1, { market_id: market, selection_id: 1, is_back: 1, odds: 2.5, stake: 150 });
          const traded = await client.next(isDelta(market), { from, timeoutMs: 1_000 });
          expect(traded.changes.total_matched).toBe(150);
          expect(traded.changes.runners).toEqual([
            expect.objectContaining({
              selection_id: 1,
              back: [{ price: 2.5, size: 250 }],
              last_traded_price: 2.5,
              total_matched: 150,
            }),
          ]);
          // A bet that only rests trades nothing: the market's total stays out of its delta.
          from = client.mark();
          await bet(demo3, { market_id: market, selection_id: 2, is_back: 0, odds: 3, stake: 100 });
          const rested = await client.next(isDelta(market), { from, timeoutMs: 1_000 });
          expect(rested.changes).not.toHaveProperty('total_matched');
          expect(rested.changes.runners).toEqual([
            expect.objectContaining({ selection_id: 2, last_traded_price: null, total_matched: 0 }),
          ]);
          expect((await detailOf(market, demo1)).total_matched).toBe(150);
        });

        it('conflates a burst of bets: at most ~10 deltas a second, ending on the final book', async () => {
          const market = await newMarket();
          const client = await connect(demo1);
          await subscribe(client, market);
          const from = client.mark();
          const started = Date.now();
          const prices = [1.5, 1.6, 1.7, 1.8, 1.9, 2, 2.2, 2.4, 2.6, 2.8];
          await Promise.all(
            Array.from({ length: 60 }, (_, i) =>
              bet(demo3, {
                market_id: market,
                selection_id: 1 + (i % 2),
                is_back: 0,
                odds: prices[i % prices.length],
                stake: 100 + i,
              }),
            ),
          );
          const span = Date.now() - started;
          const expected = withoutPositions(await detailOf(market, demo1));
          // Wait for the delta that carries the last book, then check the stream as a whole.
          const deadline = Date.now() + 2_000;
          let view = withoutPositions((await client.next(isImage(market))).market);
          let last = 0;
          for (;;) {
            const deltas = client.all('market_delta', from).filter((d) => d.market_id === market);
            view = deltas
              .slice(last)
              .reduce(
                (v, d) => ({
                  ...v,
                  ...d.changes,
                  runners: v.runners.map((r) => ({
                    ...r,
                    ...d.changes.runners?.find((c) => c.selection_id === r.selection_id),
                  })),
                }),
                view,
              );
            last = deltas.length;
            if (JSON.stringify(view) === JSON.stringify(expected) || Date.now() > deadline) break;
            await new Promise((r) => setTimeout(r, 50));
          }
          expect(view).toEqual(expected);
          const deltas = client.all('market_delta', from).filter((d) => d.market_id === market);
          deltas.forEach((d, i) => expect(d.seq).toBe(deltas[0]!.seq + i));
          const window = deltas.at(-1)!.receivedAt - deltas[0]!.receivedAt;
          expect(deltas.length).toBeLessThan(60);
          expect(deltas.length).toBeLessThanOrEqual(Math.floor(window / 100) + 2);
          expect(deltas.length).toBeLessThanOrEqual(Math.ceil((span + 200) / 100) + 1);
          // Coalescing: each delta may carry several commits.
          for (const d of deltas) expect(d.since).toBeLessThanOrEqual(d.at);
        });

        it('a subscriber that reconnects gets a fresh image with the changes it missed', async () => {
          const market = await newMarket();
          const first = await connect(demo1);
          const before = await subscribe(first, market);
          await first.close();
          await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 4, stake: 300 });
          const again = await connect(demo1);
          const image = await subscribe(again, market);
          expect(image.market.runners[0]!.back).toEqual([{ price: 4, size: 300 }]);
          expect(before.market.runners[0]!.back).toEqual([]);
          expect(image.market).toEqual(await detailOf(market, demo1));
          // Subscribing again on the same socket asks for a new image too (what a client does on a gap).
          const repeat = await subscribe(again, market);
          expect(repeat.market).toEqual(image.market);
        });

        it('bounds subscriptions per socket and refuses unknown markets', async () => {
          const client = await connect(demo1);
          const ids = [await newMarket(), await newMarket(), await newMarket(), await newMarket()];
          const from = client.mark();
          client.send({ op: 'subscribe', market_ids: ids });
          const refused = await client.next((m) => m.type === 'error', { from });
          expect(refused).toMatchObject({ code: 'TOO_MANY_MARKETS', market_ids: [ids[3]] });
          for (const id of ids.slice(0, 3)) await client.next(isImage(id), { from });
          client.send({ op: 'unsubscribe', market_ids: [ids[0]!] });
          const mark = client.mark();
          client.send({ op: 'subscribe', market_ids: [99_999_999] });
          expect(await client.next((m) => m.type === 'error', { from: mark })).toMatchObject({
            code: 'MARKET_NOT_FOUND',
            market_ids: [99_999_999],
          });
          client.send({ op: 'subscribe', market_ids: 'all' });
          expect(
            await client.next((m) => m.type === 'error' && m.code === 'BAD_MESSAGE', { from: mark }),
          ).toBeTruthy();
        });
      });

      describe('user channel', () => {
        it('pushes balance, exposure, positions and bet changes to their owner only', async () => {
          const market = await newMarket();
          const maker = await connect(demo3);
          const taker = await connect(demo1);
          await subscribe(maker, market);
          let from = maker.mark();
          const takerFrom = taker.mark();
          const placed = await bet(demo3, {
            market_id: market,
            selection_id: 1,
            is_back: 0,
            odds: 2,
            stake: 500,
          });
          const bets = await maker.next(betsWith('placed'), { from });
          expect(bets).toMatchObject({
            changes: [{ market_id: market, bet_id: placed.bet_id, change: 'placed' }],
          });
          const balance = await maker.next((m) => m.type === 'balance', { from });
          expect(balance).toMatchObject(await balanceOf(ctx(), demo3));
          expect(balance).toMatchObject(placed.balance);
          const position = await maker.next((m) => m.type === 'position' && m.market_id === market, { from });
          expect(position).toMatchObject({
            exposure: 500,
            runners: [
              { selection_id: 1, position: 0 },
              { selection_id: 2, position: 0 },
            ],
          });

          // demo1 takes part of it: demo3's resting bet is matched; demo1 sees its own bet, not demo3's.
          from = maker.mark();
          const taken = await bet(demo1, {
            market_id: market,
            selection_id: 1,
            is_back: 1,
            odds: 2,
            stake: 200,
          });
          expect(await maker.next(betsWith('matched'), { from })).toMatchObject({
            changes: [{ market_id: market, bet_id: placed.bet_id, change: 'matched' }],
          });
          const makerPosition = await maker.next((m) => m.type === 'position' && m.market_id === market, {
            from,
          });
          expect(makerPosition).toMatchObject({
            runners: [
              { selection_id: 1, position: -200 },
              { selection_id: 2, position: 200 },
            ],
          });
          expect(await taker.next(betsWith('placed'), { from: takerFrom })).toMatchObject({
            changes: [{ market_id: market, bet_id: taken.bet_id, change: 'placed' }],
          });
          expect(
            taker
              .all('bets', takerFrom)
              .flatMap((b) => b.changes)
              .map((c) => c.bet_id),
          ).not.toContain(placed.bet_id);

          // Cancelling the rest.
          from = maker.mark();
          const cancel = await call('cancelBet', { bet_id: placed.bet_id }, demo3);
          expect(cancel.statusCode).toBe(200);
          expect(await maker.next(betsWith('cancelled'), { from })).toMatchObject({
            changes: [{ market_id: market, bet_id: placed.bet_id, change: 'cancelled' }],
          });
          await maker.next(
            (m) => m.type === 'balance' && m.liability === (cancel.json.data.balance.liability as number),
            { from },
          );
        });

        it('pushes a suspension with its lapsed bets, then the settlement with the result', async () => {
          const market = await newMarket();
          const client = await connect(demo3);
          await subscribe(client, market);
          let from = client.mark();
          const resting = await bet(demo3, {
            market_id: market,
            selection_id: 2,
            is_back: 0,
            odds: 5,
            stake: 100,
          });
          await client.next(
            deltaWhere(market, (d) => d.changes.runners?.[0]?.back.length === 1),
            { from },
          );
          from = client.mark();
          expect(
            (await call('operatorSetMarketStatus', { market_id: market, status: 'SUSPENDED' }, admin))
              .statusCode,
          ).toBe(200);
          const suspended = await client.next(
            deltaWhere(market, (d) => d.changes.status === 'SUSPENDED'),
            { from },
          );
          expect(suspended.changes.runners).toEqual([expect.objectContaining({ selection_id: 2, back: [] })]);
          const lapsed = await client.next(betsWith('lapsed'), { from });
          expect(lapsed).toMatchObject({
            changes: expect.arrayContaining([
              { market_id: market, bet_id: resting.bet_id, change: 'lapsed' },
            ]),
          });

          expect(
            (await call('operatorSetMarketStatus', { market_id: market, status: 'OPEN' }, admin)).statusCode,
          ).toBe(200);
          await bet(demo3, { market_id: market, selection_id: 1, is_back: 0, odds: 2, stake: 100 });
          await bet(demo1, { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 100 });
          from = client.mark();
          const declared = await call('operatorDeclareResult', { market_id: market, winner_ids: [2] }, admin);
          expect(declared.statusCode, JSON.stringify(declared.json)).toBe(200);
          const closed = await client.next(
            deltaWhere(market, (d) => d.changes.status === 'CLOSED'),
            { from },
          );
          expect(closed.changes.result).toMatchObject({ kind: 'WINNERS', winner_ids: [2] });
          expect(await client.next(betsWith('settled'), { from })).toMatchObject({
            changes: expect.arrayContaining([{ market_id: market, bet_id: null, change: 'settled' }]),
          });
          await client.next((m) => m.type === 'balance', { from });
          const last = client.all('balance', from).at(-1)!;
          expect(last).toMatchObject(await balanceOf(ctx(), demo3));
        });
      });

      describe('casino wallet', () => {
        it('pushes the balance after a casino debit and credit, outside betting', async () => {
          const client = await connect(demo1);
          const res = await call('launchNewGame', { GameCode: 'imlive1001', type: '1' }, demo1);
          expect(res.statusCode).toBe(200);
          const launched = provider.stub.launches.at(-1)!;
          const wallet = walletClient(origin, SECRET, PROVIDER_ID, ctx().now);
          const bet = {
            betId: `live-${ctx().kind}`,
            option: 'playerA',
            optionName: 'Player A',
            odds: 1.98,
            stake: 300,
            gamename: 'TP T20',
          };
          const base = {
            token: launched.token,
            userId: launched.userId,
            gameCode: 'imlive1001',
            roundId: '7001',
            bet,
          };
          let from = client.mark();
          const debit = await wallet('debit', {
            ...base,
            transactionId: `live-debit-${ctx().kind}`,
            amount: 300,
            maxPayout: 594,
          });
          expect(debit.status).toBe('OK');
          const afterDebit = await balanceOf(ctx(), demo1);
          expect(await client.next((m) => m.type === 'balance', { from })).toMatchObject(afterDebit);

          from = client.mark();
          const credit = await wallet('credit', {
            ...base,
            transactionId: `live-credit-${ctx().kind}`,
            referenceTransactionId: `live-debit-${ctx().kind}`,
            amount: 594,
            result: {
              winner: 'Player A',
              outcome: 'won',
              payout: 594,
              cards: ['AS', 'KH', 'AD', 'KD', 'AC', 'KC'],
            },
          });
          expect(credit.status).toBe('OK');
          const pushed = await client.next((m) => m.type === 'balance', { from });
          expect(pushed).toMatchObject(await balanceOf(ctx(), demo1));
          expect(pushed).toMatchObject({ total_balance: afterDebit.total_balance + 594 });
        });
      });

      describe('heartbeats', () => {
        it('pings, sends heartbeats, and closes a socket that stops answering pings', async () => {
          const healthy = await connect(demo1);
          const from = healthy.mark();
          await healthy.next((m) => m.type === 'heartbeat', { from, timeoutMs: HEARTBEAT_MS * 3 });

          const dead = await LiveTestClient.open(origin, { token: demo1, autoPong: false });
          await dead.next((m) => m.type === 'ready');
          const count = ctx().app.live.socketCount;
          const closed = await Promise.race([
            dead.closed,
            new Promise((r) => setTimeout(() => r(null), HEARTBEAT_MS * 5)),
          ]);
          expect(closed).not.toBeNull();
          expect(ctx().app.live.socketCount).toBeLessThan(count);
          expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
        });
      });
    },
    {
      live: { heartbeatMs: HEARTBEAT_MS, maxMarketsPerSocket: MAX_MARKETS, socketHost },
      casino: provider.casino,
    },
  );
