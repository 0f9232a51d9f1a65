/**
 * Concurrency on PostgreSQL (PGlite has one connection, so it is skipped there; CI sets
 * TEST_DATABASE_URL and runs it): 50 clients place bets at once through two server "processes"
 * (two apps, each with its own in-memory books and a pool of 10 connections, on one database),
 * on one hot market and then over many markets, as users whose balance covers only some of their
 * bets. Afterwards no available balance is negative, postings sum to zero, every balance equals
 * its postings, and every stored exposure equals what the engine computes from the stored bets.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { SPORT, endpoints, type EndpointName } from '@exchange/contracts';
import { LADDER } from '@exchange/engine';
import { buildApp } from '../../app.ts';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.ts';
import { accountOfUser, transfer } from '../../services/money/index.ts';
import { hashPassword } from '../../services/passwords.ts';
import { createUser, findUserByName } from '../../services/users.ts';
import { createMarket, expectInvariants, firstMatchOf } from '../../test/betting.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { seededRandom } from '@exchange/engine';

const CLIENTS = 50;
const USERS = 20;
const BETS_PER_CLIENT = 10;

describeEachDatabase('concurrent bets', (ctx) => {
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const h of handles) await h.close();
  });

  const onPostgres = () => ctx().kind === 'postgres';

  async function processes(): Promise<FastifyInstance[]> {
    if (apps.length > 0) return apps;
    const [row] = await queryRows<{ db: string }>(ctx().db, sql`select current_database() as db`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${row!.db}`;
    for (let i = 0; i < 2; i++) {
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
      handles.push(handle);
      const app = buildApp({
        db: handle.db,
        clock: ctx().now,
        checkResponses: true,
        logger: { level: 'error' },
      });
      await app.ready();
      apps.push(app);
    }
    return apps;
  }

  async function call(app: FastifyInstance, name: EndpointName, body: unknown, token?: string) {
    const e = endpoints[name];
    const res = await app.inject({
      method: e.method,
      url: `/api/${e.path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(e.method === 'POST' ? { payload: body as object } : {}),
    });
    return { statusCode: res.statusCode, json: res.json() };
  }

  /** Users c01..c20 with ₹2,000 each: enough for a few of their bets only. */
  async function bettors(app: FastifyInstance): Promise<string[]> {
    const { db } = ctx();
    const agent = (await findUserByName(db, 'agent1'))!;
    const hash = await hashPassword('Conc@1234');
    const tokens: string[] = [];
    for (let i = 1; i <= USERS; i++) {
      const name = `c${String(i).padStart(2, '0')}`;
      const user =
        (await findUserByName(db, name)) ??
        (await createUser(
          db,
          { userName: name, passwordHash: hash, role: 'user', parentId: agent.id },
          ctx().now(),
        ));
      await transfer(
        db,
        {
          idempotencyKey: `conc:${name}`,
          debitAccountId: (await accountOfUser(db, agent.id)).id,
          creditAccountId: (await accountOfUser(db, user.id)).id,
          amountPaise: 200_000,
          reason: 'CHIPS_IN',
          remark: 'test chips',
        },
        ctx().now(),
      );
      const login = await call(app, 'login', { user_name: name, password: 'Conc@1234' });
      tokens.push(login.json.data.usertoken);
    }
    return tokens;
  }

  async function storm(marketIds: number[], tokens: string[], seed: number) {
    const rand = seededRandom(seed);
    const near = LADDER.filter((p) => p >= 150 && p <= 300);
    const outcomes = new Map<string, number>();
    const placed: { token: string; betId: number }[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const token = tokens[client % tokens.length]!;
        for (let i = 0; i < BETS_PER_CLIENT; i++) {
          const app = apps[(client + i) % apps.length]!;
          if (placed.length > 0 && rand() < 0.1) {
            const victim = placed[Math.floor(rand() * placed.length)]!;
            const res = await call(app, 'cancelBet', { bet_id: victim.betId }, victim.token); // maybe placed through the other process
            outcomes.set(res.json.code ?? 'CANCELLED', (outcomes.get(res.json.code ?? 'CANCELLED') ?? 0) + 1);
            continue;
          }
          const body = {
            market_id: marketIds[Math.floor(rand() * marketIds.length)]!,
            selection_id: 1 + Math.floor(rand() * 2),
            is_back: rand() < 0.5 ? 1 : 0,
            odds: near[Math.floor(rand() * near.length)]! / 100,
            stake: 100 + Math.floor(rand() * 12) * 50,
            persistence: 'PERSIST',
          };
          const res = await call(app, 'placeMarketBet', body, token);
          const key = res.statusCode === 200 ? res.json.data.status : res.json.code;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
          if (res.statusCode === 200) placed.push({ token, betId: res.json.data.bet_id });
          // Refused only when the balance cannot carry it, or when it would match the client's own
          // unmatched bet (no bettor matches himself, ADR 50).
          else expect(['INSUFFICIENT_FUNDS', 'INVALID_BACK_LAY_COMBINATION'], JSON.stringify(res.json)).toContain(res.json.code);
        }
      }),
    );
    return outcomes;
  }

  async function checkAll(marketIds: number[], token: string) {
    await expectInvariants(ctx().db, ctx().app.betting);
    // Both processes show the same books (each catches up with the database's version).
    const match = (await firstMatchOf(ctx().db, SPORT.CRICKET, false)).matchId;
    const [a, b] = await Promise.all(
      apps.map((app) => call(app, 'getMatchDetail', { match_id: match }, token)),
    );
    const pick = (json: { data: { markets: { market_id: number }[] } }) =>
      json.data.markets.filter((m) => marketIds.includes(m.market_id));
    expect(pick(a!.json)).toEqual(pick(b!.json));
  }

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    '50 clients on one hot market, through two processes: nothing overdraws',
    async () => {
      if (!onPostgres()) return;
      const [app] = await processes();
      const tokens = await bettors(app!);
      const admin = await ctx().login('admin');
      const match = (await firstMatchOf(ctx().db, SPORT.CRICKET, false)).matchId;
      const hot = await createMarket(ctx(), admin, {
        match_id: match,
        kind: 'EXCHANGE',
        market_type: 'MATCH_ODDS',
        name: 'Hot',
        runners: [{ name: 'A' }, { name: 'B' }],
        in_play: false,
      });
      const outcomes = await storm([hot], tokens, 1);
      expect(outcomes.get('INSUFFICIENT_FUNDS') ?? 0).toBeGreaterThan(0);
      expect((outcomes.get('MATCHED') ?? 0) + (outcomes.get('PARTIAL') ?? 0)).toBeGreaterThan(0);
      await checkAll([hot], tokens[0]!);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a process sees another's suspension, reopening and new rates",
    async () => {
      if (!onPostgres()) return;
      const [a, b] = await processes();
      const admin = (await call(a!, 'login', { user_name: 'admin', password: 'Demo@1234' })).json.data
        .usertoken;
      const demo1 = (await call(b!, 'login', { user_name: 'demo1', password: 'Demo@1234' })).json.data
        .usertoken;
      const match = (await firstMatchOf(ctx().db, SPORT.CRICKET, false)).matchId;
      const create = async (body: object) =>
        (
          await call(
            a!,
            'operatorCreateMarket',
            { match_id: match, runners: [{ name: 'A' }, { name: 'B' }], ...body },
            admin,
          )
        ).json.data.market_id;
      const odds = await create({ kind: 'EXCHANGE', market_type: 'MATCH_ODDS', name: 'Two', in_play: false });
      const bm = await create({ kind: 'BOOKMAKER', market_type: 'BOOKMAKER', name: 'BM' });
      const rates = (back: number) =>
        call(
          a!,
          'operatorSetBookmakerRates',
          { market_id: bm, rates: [{ selection_id: 1, back_rate: back, lay_rate: back + 5 }] },
          admin,
        );
      await rates(50);
      const bet = (body: object) => call(b!, 'placeMarketBet', body, demo1);
      const onOdds = { market_id: odds, selection_id: 1, is_back: 1, odds: 3, stake: 100 };
      const onBm = { market_id: bm, selection_id: 1, is_back: 1, odds: 50, stake: 100 };
      expect((await bet(onOdds)).json.data.status).toBe('UNMATCHED');
      expect((await bet(onBm)).json.data.status).toBe('MATCHED');

      await call(a!, 'operatorSetMarketStatus', { market_id: odds, status: 'SUSPENDED' }, admin);
      expect((await bet(onOdds)).json.code).toBe('MARKET_SUSPENDED');
      await call(a!, 'operatorSetMarketStatus', { market_id: odds, status: 'OPEN' }, admin);
      expect((await bet(onOdds)).json.data.status).toBe('UNMATCHED');

      await rates(40);
      expect((await bet(onBm)).json.code).toBe('ODDS_CHANGED');
      await rates(60);
      expect((await bet(onBm)).json.data).toMatchObject({ status: 'MATCHED', rate: 60 });
      await expectInvariants(ctx().db, ctx().app.betting);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    '50 clients over 10 markets at once: nothing overdraws',
    async () => {
      if (!onPostgres()) return;
      const [app] = await processes();
      const tokens = await bettors(app!);
      const admin = await ctx().login('admin');
      const match = (await firstMatchOf(ctx().db, SPORT.CRICKET, false)).matchId;
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) {
        ids.push(
          await createMarket(ctx(), admin, {
            match_id: match,
            kind: 'EXCHANGE',
            market_type: 'MATCH_ODDS',
            name: `Many ${i}`,
            runners: [{ name: 'A' }, { name: 'B' }],
            in_play: false,
          }),
        );
      }
      const outcomes = await storm(ids, tokens, 2);
      expect(outcomes.get('INSUFFICIENT_FUNDS') ?? 0).toBeGreaterThan(0);
      await checkAll(ids, tokens[0]!);
      // And they settle, every one in its own transaction, with the books still balanced.
      await Promise.all(
        ids.map((id, i) => ctx().app.betting.declareResult(id, { winnerIds: [1 + (i % 2)] })),
      );
      await expectInvariants(ctx().db, ctx().app.betting);
      const [clearing] = await queryRows<{ balance: string }>(
        ctx().db,
        sql`select balance_paise as balance from ledger_accounts where kind = 'clearing'`,
      );
      expect(Number(clearing?.balance ?? 0)).toBe(0);
    },
  );
});
