/**
 * The betting API as callers see it, on PGlite and PostgreSQL: refusals, partial matching
 * between two real users, cancel, idempotent repeats, in-play delay and lapses, settlement of
 * every market kind with the statement rows and balances it produces, rollback and
 * re-declaration, current bets, "My Market" and the match page's book and positions.
 */
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPORT, istDate } from '@exchange/contracts';
import { ledgerTransfers, orders } from '../../db/schema/index.ts';
import { balanceOf, createMarket, createMatchOdds, expectInvariants, firstMatchOf, statementRows } from '../../test/betting.ts';
import { describeEachDatabase, type TestContext } from '../../test/databases.ts';
import type { BetPathMode } from '../../services/betting/index.ts';
import { watchedBetDelay } from '../../test/bet-delay.ts';

function suite(betPath: BetPathMode) {
  const betDelay = watchedBetDelay();
  describeEachDatabase(
    `betting (${betPath} bet path)`,
    (ctx) => {
      let admin: string;
      let demo1: string;
      let demo3: string;
      let cricket: { matchId: number; matchName: string };
      const invariants = () => expectInvariants(ctx().db, ctx().app.betting);
      const call = (...args: Parameters<TestContext['call']>) => ctx().call(...args);
      const bet = (token: string, body: Record<string, unknown>) => call('placeMarketBet', body, token);
      const matchOdds = (extra?: Parameters<typeof createMatchOdds>[3]) =>
        createMatchOdds(ctx(), admin, cricket.matchId, extra);
      const statement = (token: string) => statementRows(ctx(), token);
      /**
       * The newest statement rows are the settlement's, as expected (amounts and remarks), and
       * their running balance goes from the balance before it, row by row, to the user's balance now.
       */
      const expectStatementRows = async (
        token: string,
        balanceBefore: number,
        expected: { credit?: number; debit?: number; remark: string }[],
      ) => {
        const rows = (await statement(token)).slice(0, expected.length).reverse();
        expect(rows).toMatchObject(
          [...expected]
            .reverse()
            .map((e) => ({ credit: e.credit ?? 0, debit: e.debit ?? 0, remark: e.remark })),
        );
        let running = balanceBefore;
        for (const row of rows) {
          running += row.credit - row.debit;
          expect(row.balance).toBeCloseTo(running, 2);
        }
        expect((await balanceOf(ctx(), token)).total_balance).toBeCloseTo(running, 2);
      };
      const expectBalance = async (token: string, expected: { total_balance: number; liability: number }) => {
        const now = await balanceOf(ctx(), token);
        expect(now.total_balance).toBeCloseTo(expected.total_balance, 2);
        expect(now.liability).toBeCloseTo(expected.liability, 2);
      };
      /** Today's first horse racing meeting and its races. */
      const raceMeeting = async (): Promise<{
        match_id: number;
        match_name: string;
        races: { race_id: number; name: string }[];
      }> =>
        (await call('getMatchVenueListByCountryCodeSportId', { sport_id: SPORT.HORSE_RACING }, demo1)).json
          .data.venues[0];
      /** An exchange WIN or PLACE market on race `index` of today's first meeting, runners 1..n. */
      const raceMarket = async (index: number, type: 'WIN' | 'PLACE', names: string[], places?: number) => {
        const meeting = await raceMeeting();
        const race = meeting.races[index]!;
        const m = await createMarket(ctx(), admin, {
          match_id: meeting.match_id,
          race_id: race.race_id,
          kind: 'EXCHANGE',
          market_type: type,
          name: type === 'WIN' ? 'Win' : 'Place',
          ...(places === undefined ? {} : { places }),
          runners: names.map((name) => ({ name })),
        });
        return { meeting, race, m };
      };
      const marketView = async (matchId: number, marketId: number, token = demo1) =>
        (await call('getMatchDetail', { match_id: matchId }, token)).json.data.markets.find(
          (x: { market_id: number }) => x.market_id === marketId,
        );

      beforeAll(async () => {
        admin = await ctx().login('admin');
        demo1 = await ctx().login('demo1');
        demo3 = await ctx().login('demo3');
        cricket = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
      });

      describe('refusals', () => {
        it('answers every refusal with its code and a readable message, and moves nothing', async () => {
          const market = await matchOdds({ max_stake: 1000, max_profit: 5000 });
          const before = await balanceOf(ctx(), demo1);
          const refused = async (
            body: Record<string, unknown>,
            code: string,
            message?: RegExp,
            token = demo1,
            name: 'placeMarketBet' | 'placeFancyBet' | 'cancelBet' = 'placeMarketBet',
          ) => {
            const res = await call(name, body, token);
            expect(res.json, JSON.stringify(body)).toMatchObject({ status: false, code });
            if (message) expect(res.json.message).toMatch(message);
            return res;
          };
          const base = { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 200 };
          await refused({ ...base, odds: 2.03 }, 'INVALID_ODDS', /valid exchange price/);
          await refused({ ...base, odds: 1000.5 }, 'INVALID_ODDS');
          await refused({ ...base, stake: -5 }, 'INVALID_STAKE', /positive amount/);
          await refused({ ...base, stake: 150.123 }, 'INVALID_STAKE');
          await refused({ ...base, stake: 50 }, 'BELOW_MIN_STAKE', /Minimum stake is ₹100/);
          await refused({ ...base, stake: 1500 }, 'ABOVE_MAX_STAKE', /Maximum stake is ₹1,000/);
          await refused({ ...base, odds: 10, stake: 1000 }, 'MAX_PROFIT_EXCEEDED', /Maximum profit/);
          await refused({ ...base, market_id: 99_999_999 }, 'MARKET_NOT_FOUND', /Market not found/);
          expect((await bet(demo1, { ...base, market_id: 99_999_999 })).statusCode).toBe(404);
          // Laying at 1000 risks 999 x the stake.
          const poor = await matchOdds({ max_profit: 100_000 });
          await refused(
            { market_id: poor, selection_id: 1, is_back: 0, odds: 1000, stake: 1000 },
            'INSUFFICIENT_FUNDS',
            /Insufficient balance/,
          );

          await call('operatorSetMarketStatus', { market_id: market, status: 'SUSPENDED' }, admin);
          await refused(base, 'MARKET_SUSPENDED', /Market suspended/);
          await call('operatorSetMarketStatus', { market_id: market, status: 'BALL_RUNNING' }, admin);
          await refused(base, 'MARKET_SUSPENDED');
          await call('operatorSetMarketStatus', { market_id: market, status: 'CLOSED' }, admin);
          await refused(base, 'MARKET_CLOSED', /Market closed/);
          await call('operatorSetMarketStatus', { market_id: market, status: 'OPEN' }, admin);

          await call(
            'operatorRemoveRunner',
            { market_id: market, selection_id: 2, reduction_factor: 0 },
            admin,
          );
          await refused({ ...base, selection_id: 2 }, 'RUNNER_REMOVED', /removed/);

          const bookmaker = await createMarket(ctx(), admin, {
            match_id: cricket.matchId,
            kind: 'BOOKMAKER',
            market_type: 'BOOKMAKER',
            name: 'Bookmaker',
            runners: [{ name: 'Home' }, { name: 'Away' }],
          });
          await call(
            'operatorSetBookmakerRates',
            { market_id: bookmaker, rates: [{ selection_id: 1, back_rate: 80, lay_rate: 85 }] },
            admin,
          );
          await refused(
            { market_id: bookmaker, selection_id: 1, is_back: 1, odds: 81, stake: 200 },
            'ODDS_CHANGED',
            /Odds have changed/,
          );
          await refused(
            { market_id: bookmaker, selection_id: 1, is_back: 0, odds: 84, stake: 200 },
            'ODDS_CHANGED',
          );
          await refused(
            { market_id: bookmaker, selection_id: 2, is_back: 1, odds: 50, stake: 200 },
            'ODDS_CHANGED',
          ); // no rate offered
          await refused(
            { market_id: bookmaker, selection_id: 1, is_back: 1, odds: 80.5, stake: 200 },
            'INVALID_ODDS',
          );
          const fancy = await createMarket(ctx(), admin, {
            match_id: cricket.matchId,
            kind: 'FANCY',
            market_type: 'FANCY',
            name: '6 Over Runs',
            fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 },
          });
          await refused(
            { fancy_id: fancy, is_back: 1, run: 45, rate: 100, stake: 200 },
            'ODDS_CHANGED',
            undefined,
            demo1,
            'placeFancyBet',
          );
          await refused(
            { fancy_id: fancy, is_back: 0, run: 45, rate: 90, stake: 200 },
            'ODDS_CHANGED',
            undefined,
            demo1,
            'placeFancyBet',
          );
          await refused(
            { fancy_id: fancy, is_back: 0, run: 45.5, rate: 100, stake: 200 },
            'INVALID_ODDS',
            undefined,
            demo1,
            'placeFancyBet',
          );
          await refused(
            { fancy_id: market, is_back: 0, run: 45, rate: 100, stake: 200 },
            'VALIDATION_ERROR',
            /not a fancy market/,
            demo1,
            'placeFancyBet',
          );
          await refused(
            { market_id: fancy, selection_id: 1, is_back: 1, odds: 2, stake: 200 },
            'VALIDATION_ERROR',
            /placeFancyBet/,
          );

          await refused({ bet_id: 99_999_999 }, 'BET_NOT_FOUND', /Bet not found/, demo1, 'cancelBet');
          const open = await matchOdds();
          const placed = await bet(demo3, {
            market_id: open,
            selection_id: 1,
            is_back: 1,
            odds: 3,
            stake: 200,
          });
          expect(placed.json.data.status).toBe('UNMATCHED');
          await refused({ bet_id: placed.json.data.bet_id }, 'BET_NOT_FOUND', undefined, demo1, 'cancelBet'); // someone else's bet

          await bet(demo1, { ...base, market_id: open, client_ref: 'refusal-dup' });
          await refused(
            { ...base, market_id: open, stake: 300, client_ref: 'refusal-dup' },
            'DUPLICATE_BET',
            /client_ref/,
          );
          expect(
            (await bet(demo1, { ...base, market_id: open, stake: 300, client_ref: 'refusal-dup' }))
              .statusCode,
          ).toBe(409);

          const forbidden = await call(
            'operatorCreateMarket',
            {
              match_id: cricket.matchId,
              kind: 'EXCHANGE',
              market_type: 'MATCH_ODDS',
              name: 'x',
              runners: [{ name: 'a' }],
            },
            demo1,
          );
          expect(forbidden.statusCode).toBe(403);
          expect(forbidden.json).toMatchObject({ status: false, code: 'FORBIDDEN' });
          for (const name of [
            'operatorSetMarketStatus',
            'operatorDeclareResult',
            'operatorVoidMarket',
            'operatorRollbackResult',
          ] as const) {
            expect((await call(name, { market_id: open, status: 'OPEN' }, demo3)).statusCode).toBe(403);
          }
          // Nothing moved but the two small bets' reservations.
          expect((await balanceOf(ctx(), demo1)).total_balance).toBe(before.total_balance);
          await invariants();
        });

        it('refuses rates, fancy lines and non-runners to a bettor and to an agent with 403, and changes nothing', async () => {
          const agent1 = await ctx().login('agent1');
          const bookmaker = await createMarket(ctx(), admin, {
            match_id: cricket.matchId,
            kind: 'BOOKMAKER',
            market_type: 'BOOKMAKER',
            name: 'Bookmaker',
            runners: [{ name: 'Home' }, { name: 'Away' }],
          });
          const rates = await call(
            'operatorSetBookmakerRates',
            { market_id: bookmaker, rates: [{ selection_id: 1, back_rate: 80, lay_rate: 85 }] },
            admin,
          );
          expect(rates.statusCode).toBe(200);
          const fancy = await createMarket(ctx(), admin, {
            match_id: cricket.matchId,
            kind: 'FANCY',
            market_type: 'FANCY',
            name: '15 Over Runs',
            fancy: { no_line: 120, no_rate: 100, yes_line: 121, yes_rate: 100 },
          });
          const exchange = await matchOdds();
          const lay = await bet(demo3, {
            market_id: exchange,
            selection_id: 2,
            is_back: 0,
            odds: 3,
            stake: 200,
          });
          expect(lay.json.data.status).toBe('UNMATCHED');
          const seen = async () => ({
            bookmaker: await marketView(cricket.matchId, bookmaker),
            fancy: await marketView(cricket.matchId, fancy),
            exchange: await marketView(cricket.matchId, exchange),
          });
          const before = await seen();
          expect(
            before.bookmaker.runners.map((r: { back_rate: number; lay_rate: number }) => [
              r.back_rate,
              r.lay_rate,
            ]),
          ).toEqual([
            [80, 85],
            [null, null],
          ]);
          expect(before.fancy.fancy).toEqual({ no_line: 120, no_rate: 100, yes_line: 121, yes_rate: 100 });
          expect(before.exchange.runners.map((r: { status: string }) => r.status)).toEqual([
            'ACTIVE',
            'ACTIVE',
          ]);
          expect(before.exchange.runners[1].back).toEqual([{ price: 3, size: 200 }]);

          const calls = [
            [
              'operatorSetBookmakerRates',
              {
                market_id: bookmaker,
                rates: [
                  { selection_id: 1, back_rate: 20, lay_rate: 25 },
                  { selection_id: 2, back_rate: 400, lay_rate: 410 },
                ],
              },
            ],
            [
              'operatorSetFancyLine',
              {
                market_id: fancy,
                no_line: 90,
                no_rate: 100,
                yes_line: 91,
                yes_rate: 100,
                status: 'SUSPENDED',
              },
            ],
            ['operatorRemoveRunner', { market_id: exchange, selection_id: 2, reduction_factor: 30 }],
          ] as const;
          for (const [who, token] of [
            ['demo3', demo3],
            ['agent1', agent1],
          ] as const) {
            for (const [name, body] of calls) {
              const res = await call(name, body, token);
              expect({ who, name, status: res.statusCode, json: res.json }).toMatchObject({
                who,
                name,
                status: 403,
                json: { status: false, code: 'FORBIDDEN' },
              });
            }
          }
          // Rates, line and runners as the admin left them; demo3's lay still rests on the runner.
          expect(await seen()).toEqual(before);
          const open = (
            await call('getCurrentBets', { bet_type: 'unmatched', match_id: cricket.matchId }, demo3)
          ).json.data.filter((b: { market_id: number }) => b.market_id === exchange);
          expect(open.map((b: { bet_id: number }) => b.bet_id)).toEqual([lay.json.data.bet_id]);
          await invariants();

          // The same bodies are valid: from the admin they take effect.
          for (const [name, body] of calls) expect((await call(name, body, admin)).statusCode).toBe(200);
          const after = await seen();
          expect(
            after.bookmaker.runners.map((r: { back_rate: number; lay_rate: number }) => [
              r.back_rate,
              r.lay_rate,
            ]),
          ).toEqual([
            [20, 25],
            [400, 410],
          ]);
          expect(after.fancy).toMatchObject({
            status: 'SUSPENDED',
            fancy: { no_line: 90, no_rate: 100, yes_line: 91, yes_rate: 100 },
          });
          expect(after.exchange.runners[1]).toMatchObject({
            status: 'REMOVED',
            reduction_factor: 30,
            back: [],
          });
          await invariants();
        });
      });

      describe('exchange', () => {
        let market: number;
        let partialId: number;

        it('matches a back against two resting lays, best price first, and rests the rest', async () => {
          market = await matchOdds();
          const start3 = await balanceOf(ctx(), demo3);
          const lay21 = await bet(demo3, {
            market_id: market,
            selection_id: 1,
            is_back: 0,
            odds: 2.1,
            stake: 200,
          });
          expect(lay21.json.data).toMatchObject({
            status: 'UNMATCHED',
            matched_stake: 0,
            unmatched_stake: 200,
            balance: { liability: start3.liability + 220 },
          });
          const lay20 = await bet(demo3, {
            market_id: market,
            selection_id: 1,
            is_back: 0,
            odds: 2,
            stake: 200,
          });
          expect(lay20.json.data.balance.liability).toBe(start3.liability + 420);

          const back = await bet(demo1, {
            market_id: market,
            selection_id: 1,
            is_back: 1,
            odds: 2,
            stake: 500,
          });
          expect(back.statusCode).toBe(200);
          expect(back.json.data).toMatchObject({
            side: 'BACK',
            status: 'PARTIAL',
            stake: 500,
            matched_stake: 400,
            unmatched_stake: 100,
            avg_odds: 2.05,
            repeated: false,
          });
          partialId = back.json.data.bet_id;
          // demo1: +200x1.1 + 200x1 = 420 if Home wins, -400 if Away wins, and the unmatched 100 can lose too.
          const detail1 = (await call('getMatchDetail', { match_id: cricket.matchId }, demo1)).json.data;
          const view1 = detail1.markets.find((m: { market_id: number }) => m.market_id === market);
          expect(view1.runners[0]).toMatchObject({
            name: 'Home',
            back: [],
            lay: [{ price: 2, size: 100 }],
            position: 420,
          });
          expect(view1.runners[1]).toMatchObject({ name: 'Away', back: [], lay: [], position: -400 });
          expect(view1.exposure).toBe(500);
          const view3 = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo3)
          ).json.data.markets.find((m: { market_id: number }) => m.market_id === market);
          expect(view3.runners.map((r: { position: number }) => r.position)).toEqual([-420, 400]);
          expect(view3.exposure).toBe(420);
          await invariants();
        });

        it('takes a burst of bets on one market in arrival order, refusing only what cannot be afforded', async () => {
          const m = await matchOdds();
          const before = { ...ctx().app.betting.stats };
          const b1 = await balanceOf(ctx(), demo1);
          // 20 lays then 20 backs at 2.0, all sent at once; then a lay nobody can afford.
          const sends = [
            ...Array.from({ length: 20 }, () =>
              bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 2, stake: 100 }),
            ),
            ...Array.from({ length: 20 }, () =>
              bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 2, stake: 100 }),
            ),
            bet(demo1, { market_id: m, selection_id: 2, is_back: 0, odds: 1000, stake: 500 }),
          ];
          const answers = await Promise.all(sends);
          expect(answers.slice(0, 20).every((a) => a.json.data?.status === 'UNMATCHED')).toBe(true);
          expect(answers.slice(20, 40).every((a) => a.json.data?.status === 'MATCHED')).toBe(true);
          expect(answers[40]!.json.code).toBe('INSUFFICIENT_FUNDS');
          expect((await balanceOf(ctx(), demo1)).liability).toBeCloseTo(b1.liability + 2000, 2);
          const view = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo1)
          ).json.data.markets.find((x: { market_id: number }) => x.market_id === m);
          expect(view.runners.map((r: { position: number }) => r.position)).toEqual([2000, -2000]);
          // On PostgreSQL the bets that queue while a write is in flight go out as one commit.
          if (betPath === 'statement' && ctx().kind === 'postgres')
            expect(ctx().app.betting.stats.batchedBets).toBeGreaterThan(before.batchedBets);
          await invariants();
        });

        it('refuses a bet it cannot afford in the middle of a burst and places every bet after it once', async () => {
          const m = await matchOdds();
          const before = { ...ctx().app.betting.stats };
          const b3 = await balanceOf(ctx(), demo3);
          // Sent at once: on PostgreSQL the bets behind the first go out together as one batch;
          // the lay in their middle is refused and must not take the bets after it along.
          const sends = [
            ...Array.from({ length: 10 }, () =>
              bet(demo3, { market_id: m, selection_id: 1, is_back: 1, odds: 3, stake: 100 }),
            ),
            bet(demo3, { market_id: m, selection_id: 2, is_back: 0, odds: 1000, stake: 500 }),
            ...Array.from({ length: 10 }, () =>
              bet(demo3, { market_id: m, selection_id: 1, is_back: 1, odds: 3, stake: 100 }),
            ),
          ];
          const answers = await Promise.all(sends);
          expect(answers[10]!.json.code).toBe('INSUFFICIENT_FUNDS');
          const placed = answers.filter((_, i) => i !== 10);
          expect(placed.every((a) => a.json.data?.status === 'UNMATCHED')).toBe(true);
          // Twenty backs of 100 reserved once each: none written twice, none lost.
          expect((await balanceOf(ctx(), demo3)).liability).toBeCloseTo(b3.liability + 2000, 2);
          if (betPath === 'statement' && ctx().kind === 'postgres')
            expect(ctx().app.betting.stats.batches).toBeGreaterThan(before.batches);
          await invariants();
        });

        it('writes bets on several markets that arrive together in one commit, each checked as if alone', async () => {
          const ms = await Promise.all(Array.from({ length: 6 }, () => matchOdds()));
          const before = { ...ctx().app.betting.stats };
          const b3 = await balanceOf(ctx(), demo3);
          // Sent at once over six markets: backs of 100 at 3.0, and in their middle a lay that
          // demo3 cannot afford whatever else is written (999 x 500), which must not stop the others.
          const sends = [
            ...ms.flatMap((m) =>
              Array.from({ length: 4 }, () => bet(demo3, { market_id: m, selection_id: 1, is_back: 1, odds: 3, stake: 100 })),
            ),
            bet(demo3, { market_id: ms[2]!, selection_id: 2, is_back: 0, odds: 1000, stake: 500 }),
            ...ms.map((m) => bet(demo3, { market_id: m, selection_id: 1, is_back: 1, odds: 3, stake: 100 })),
          ];
          const answers = await Promise.all(sends);
          expect(answers[24]!.json.code).toBe('INSUFFICIENT_FUNDS');
          const placed = answers.filter((_, i) => i !== 24);
          expect(placed.every((a) => a.json.data?.status === 'UNMATCHED')).toBe(true);
          // 30 backs of 100 reserved once each: none written twice, none lost.
          expect((await balanceOf(ctx(), demo3)).liability).toBeCloseTo(b3.liability + 3000, 2);
          for (const m of ms) {
            const view = await marketView(cricket.matchId, m, demo3);
            expect(view.exposure).toBe(500);
          }
          // On PostgreSQL the bets that queue while a write is in flight go out together: fewer
          // commits than markets written.
          if (betPath === 'statement' && ctx().kind === 'postgres') {
            const stats = ctx().app.betting.stats;
            expect(stats.batchedBets - before.batchedBets).toBeGreaterThan(stats.commits - before.commits);
            expect(stats.batches - before.batches).toBeGreaterThan(stats.commits - before.commits);
          }
          await invariants();
        });

        it('writes a burst over several markets as one statement with the result of bet by bet: rests, fills in the same commit, exposures', async () => {
          const ms = await Promise.all(Array.from({ length: 4 }, () => matchOdds()));
          const before = { ...ctx().app.betting.stats };
          const b1 = await balanceOf(ctx(), demo1);
          const b3 = await balanceOf(ctx(), demo3);
          // On each market, all sent at once: demo3 lays 100 at 2.0 three times, then demo1 backs
          // 100 at 2.0 three times, each filling a lay that may rest in the same commit.
          const sends = ms.flatMap((m) => [
            ...Array.from({ length: 3 }, () => bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 2, stake: 100 })),
            ...Array.from({ length: 3 }, () => bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 2, stake: 100 })),
          ]);
          const answers = await Promise.all(sends);
          // Sent together, the two bettors' bets may reach a market in any order (each request
          // authenticates on its own): whichever side comes first rests, the other's bet fills
          // it whole. So on each market three answers rest and three fill, whatever the order.
          ms.forEach((_, k) => {
            const statuses = answers.slice(k * 6, k * 6 + 6).map((a) => a.json.data?.status as string);
            expect(statuses.filter((st) => st === 'UNMATCHED')).toHaveLength(3);
            expect(statuses.filter((st) => st === 'MATCHED')).toHaveLength(3);
          });
          expect((await balanceOf(ctx(), demo1)).liability).toBeCloseTo(b1.liability + 1200, 2);
          expect((await balanceOf(ctx(), demo3)).liability).toBeCloseTo(b3.liability + 1200, 2);
          for (const m of ms) {
            const view1 = await marketView(cricket.matchId, m, demo1);
            expect(view1.runners.map((r: { position: number }) => r.position)).toEqual([300, -300]);
            expect(view1.runners[0].back).toEqual([]);
            expect(view1.runners[0].lay).toEqual([]);
            const view3 = await marketView(cricket.matchId, m, demo3);
            expect(view3.runners.map((r: { position: number }) => r.position)).toEqual([-300, 300]);
          }
          // Nothing of demo3's lays is left unmatched: each was filled, within its commit or after.
          const unmatched = (await call('getCurrentBets', { bet_type: 'unmatched' }, demo3)).json.data as { market_id: number }[];
          expect(unmatched.filter((b) => ms.includes(b.market_id))).toEqual([]);
          if (betPath === 'statement' && ctx().kind === 'postgres')
            expect(ctx().app.betting.stats.setwiseCommits).toBeGreaterThan(before.setwiseCommits);
          await invariants();
        });

        it('shows 3 best levels per side with their sizes', async () => {
          const m = await matchOdds();
          for (const [odds, stake] of [
            [1.9, 100],
            [1.8, 200],
            [1.7, 300],
            [1.6, 400],
          ] as const) {
            await bet(demo3, { market_id: m, selection_id: 2, is_back: 0, odds, stake });
          }
          for (const [odds, stake] of [
            [2.2, 150],
            [2.2, 150],
            [2.4, 100],
            [2.6, 100],
            [2.8, 100],
          ] as const) {
            await bet(demo3, { market_id: m, selection_id: 2, is_back: 1, odds, stake });
          }
          const view = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo1)
          ).json.data.markets.find((x: { market_id: number }) => x.market_id === m);
          expect(view.runners[1].back).toEqual([
            { price: 1.9, size: 100 },
            { price: 1.8, size: 200 },
            { price: 1.7, size: 300 },
          ]);
          expect(view.runners[1].lay).toEqual([
            { price: 2.2, size: 300 },
            { price: 2.4, size: 100 },
            { price: 2.6, size: 100 },
          ]);
          expect(view.exposure).toBe(0);
          await invariants();
        });

        it('cancels the unmatched rest and releases its liability', async () => {
          const before = await balanceOf(ctx(), demo1);
          const res = await call('cancelBet', { bet_id: partialId }, demo1);
          expect(res.json.data).toMatchObject({
            bet_id: partialId,
            cancelled_stake: 100,
            matched_stake: 400,
          });
          expect(res.json.data.balance.liability).toBeCloseTo(before.liability - 100, 2);
          expect((await call('cancelBet', { bet_id: partialId }, demo1)).json.code).toBe('BET_NOT_FOUND');
          const view = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo1)
          ).json.data.markets.find((m: { market_id: number }) => m.market_id === market);
          expect(view.runners[0].lay).toEqual([]);
          expect(view.exposure).toBe(400);
          await invariants();
        });

        it('answers a repeated client_ref with the first answer and moves nothing', async () => {
          const body = {
            market_id: market,
            selection_id: 2,
            is_back: 1,
            odds: 5,
            stake: 100,
            client_ref: 'slip-42',
            persistence: 'PERSIST',
          };
          const first = await bet(demo1, body);
          expect(first.json.data).toMatchObject({
            status: 'UNMATCHED',
            repeated: false,
            client_ref: 'slip-42',
          });
          const again = await bet(demo1, body);
          expect(again.json.data).toMatchObject({
            bet_id: first.json.data.bet_id,
            status: 'UNMATCHED',
            repeated: true,
            balance: first.json.data.balance,
          });
          // Even after the market has moved on, a repeat gets its first answer.
          await call('operatorSetMarketStatus', { market_id: market, status: 'SUSPENDED' }, admin);
          const later = await bet(demo1, body);
          expect(later.json.data).toMatchObject({ bet_id: first.json.data.bet_id, repeated: true });
          await call('operatorSetMarketStatus', { market_id: market, status: 'OPEN' }, admin);
          const rows = await ctx().db.select().from(orders).where(eq(orders.clientRef, 'slip-42'));
          expect(rows).toHaveLength(1);
          expect((await bet(demo1, { ...body, odds: 5.5 })).json.code).toBe('DUPLICATE_BET');
          await invariants();
        });

        it('lists current bets by matched, unmatched, sport and match, and the My Market rows', async () => {
          const all = (await call('getCurrentBets', { bet_type: 'all' }, demo1)).json.data as {
            bet_id: number;
            market_id: number;
            status: string;
          }[];
          const inMarket = all.filter((b) => b.market_id === market);
          expect(inMarket.map((b) => b.status).sort()).toEqual(['MATCHED', 'UNMATCHED']);
          const matched = (
            await call('getCurrentBets', { bet_type: 'matched', match_id: cricket.matchId }, demo1)
          ).json.data as {
            bet_id: number;
            selection_name: string;
            matched_stake: number;
            unmatched_stake: number;
          }[];
          expect(matched.find((b) => b.bet_id === partialId)).toMatchObject({
            selection_name: 'Home',
            stake: 500,
            matched_stake: 400,
            unmatched_stake: 0,
            status: 'MATCHED',
          });
          const unmatched = (await call('getCurrentBets', { bet_type: 'unmatched' }, demo1)).json.data as {
            bet_id: number;
          }[];
          expect(unmatched.some((b) => b.bet_id === partialId)).toBe(false);
          expect(unmatched.length).toBeGreaterThan(0);
          expect(
            (await call('getCurrentBets', { bet_type: 'all', sport_id: SPORT.FOOTBALL }, demo1)).json.data,
          ).toEqual([]);
          expect(
            (await call('getCurrentBets', { bet_type: 'all', sport_id: SPORT.CRICKET }, demo1)).json.data
              .length,
          ).toBe(all.length);

          const exposure = (await call('getExposureDetail', undefined, demo1)).json.data.data;
          const row = exposure.find((r: { match_id: number }) => r.match_id === cricket.matchId);
          expect(row).toMatchObject({ sport_name: 'Cricket', match_name: cricket.matchName });
          // The market's exposure is what its view (and the ledger) reserves for the caller's bets.
          const view = (await call('getMatchDetail', { match_id: cricket.matchId }, demo1)).json.data.markets.find(
            (m: { market_id: number }) => m.market_id === market,
          );
          expect(view.exposure).toBeGreaterThan(0);
          expect(row.market_details.find((d: { market_id: number }) => d.market_id === market)).toEqual({
            market_id: market,
            market_name: 'Match Odds',
            sub_type: 'MATCH_ODDS',
            bet_count: 2,
            exposure: view.exposure,
          });
        });

        it('settles the winner: losers pay winners through clearing, commission to the house, statement rows', async () => {
          const b1 = await balanceOf(ctx(), demo1);
          const b3 = await balanceOf(ctx(), demo3);
          const res = await call('operatorDeclareResult', { market_id: market, winner_ids: [1] }, admin);
          expect(res.json.data).toMatchObject({
            market_id: market,
            settlement_version: 1,
            result: 'WINNERS',
            users: 2,
            users_net: 0,
            commission: 8.4,
          });
          const a1 = await balanceOf(ctx(), demo1);
          const a3 = await balanceOf(ctx(), demo3);
          expect(a1.total_balance).toBeCloseTo(b1.total_balance + 420 - 8.4, 2);
          expect(a3.total_balance).toBeCloseTo(b3.total_balance - 420, 2);
          expect(a1.liability).toBeCloseTo(b1.liability - 400, 2); // Away winning cost 400 (the unmatched back on Away only loses if Home wins)
          const rows = await statement(demo1);
          expect(rows.slice(0, 2)).toMatchObject([
            { debit: 8.4, credit: 0, remark: `Cricket / ${cricket.matchName} / Match Odds — commission` },
            { credit: 420, debit: 0, remark: `Cricket / ${cricket.matchName} / Match Odds — won` },
          ]);
          expect((await statement(demo3))[0]).toMatchObject({
            debit: 420,
            remark: `Cricket / ${cricket.matchName} / Match Odds — lost`,
            balance: a3.total_balance,
          });
          const view = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo1)
          ).json.data.markets.find((m: { market_id: number }) => m.market_id === market);
          expect(view).toMatchObject({
            status: 'CLOSED',
            result: { kind: 'WINNERS', winner_ids: [1], runs: null },
          });
          expect(
            (await bet(demo1, { market_id: market, selection_id: 1, is_back: 1, odds: 2, stake: 100 })).json
              .code,
          ).toBe('MARKET_CLOSED');
          const pl = (
            await call(
              'getProfitLoss',
              { from_date: istDate(ctx().now()), to_date: istDate(ctx().now()) },
              demo1,
            )
          ).json.data;
          expect(pl.rows.find((r: { market_id: number }) => r.market_id === market)).toMatchObject({
            sport_name: 'Cricket',
            market_name: 'Match Odds',
            pnl: 420,
            commission: 8.4,
            net: 411.6,
          });
          await invariants();
        });

        it('rolls a result back with reversing postings, then settles the new result as version 2', async () => {
          const m = await matchOdds();
          await bet(demo3, { market_id: m, selection_id: 2, is_back: 1, odds: 3, stake: 1000 });
          await bet(demo1, { market_id: m, selection_id: 2, is_back: 0, odds: 3, stake: 1000 });
          const start1 = await balanceOf(ctx(), demo1);
          const start3 = await balanceOf(ctx(), demo3);
          expect(start1.liability).toBeGreaterThanOrEqual(2000);
          await call('operatorDeclareResult', { market_id: m, winner_ids: [2] }, admin);
          const won3 = await balanceOf(ctx(), demo3);
          expect(won3.total_balance).toBeCloseTo(start3.total_balance + 2000 - 40, 2);

          const rb = await call('operatorRollbackResult', { market_id: m }, admin);
          expect(rb.json.data).toMatchObject({
            market_id: m,
            settlement_version: 1,
            result: 'ROLLED_BACK',
            users: 2,
            // Both bettors' results, the house's commission and the root's and agent1's shares
            // of the bettors' net (the house's commission; agent1 keeps 80%, ADR 48).
            transfers: 5,
          });
          expect(await balanceOf(ctx(), demo1)).toEqual(start1);
          expect(await balanceOf(ctx(), demo3)).toEqual(start3);
          expect((await statement(demo3)).slice(0, 2)).toMatchObject([
            { credit: 40, remark: `Cricket / ${cricket.matchName} / Match Odds — result rolled back` },
            { debit: 2000, remark: `Cricket / ${cricket.matchName} / Match Odds — result rolled back` },
          ]);
          const reopened = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo1)
          ).json.data.markets.find((x: { market_id: number }) => x.market_id === m);
          expect(reopened).toMatchObject({ status: 'SUSPENDED', result: null });
          expect(
            (
              await call('getCurrentBets', { bet_type: 'matched', match_id: cricket.matchId }, demo1)
            ).json.data.some((b: { market_id: number }) => b.market_id === m),
          ).toBe(true);
          await invariants();

          const again = await call('operatorDeclareResult', { market_id: m, winner_ids: [1] }, admin);
          expect(again.json.data).toMatchObject({ settlement_version: 2, users: 2 });
          expect((await balanceOf(ctx(), demo1)).total_balance).toBeCloseTo(
            start1.total_balance + 1000 - 20,
            2,
          );
          expect((await balanceOf(ctx(), demo3)).total_balance).toBeCloseTo(start3.total_balance - 1000, 2);
          const keys = (
            await ctx()
              .db.select({ key: ledgerTransfers.idempotencyKey })
              .from(ledgerTransfers)
              .where(like(ledgerTransfers.idempotencyKey, `%:${m}:%`))
          )
            .map((r) => r.key)
            .sort();
          expect(keys.filter((k) => k.startsWith(`settle:${m}:2:`))).toHaveLength(2);
          expect(keys.filter((k) => k.startsWith(`rollback:settle:${m}:1:`))).toHaveLength(2);
          // The P&L report keeps only the result that stands.
          const pl = (
            await call(
              'getProfitLoss',
              { from_date: istDate(ctx().now()), to_date: istDate(ctx().now()) },
              demo1,
            )
          ).json.data;
          expect(pl.rows.filter((r: { market_id: number }) => r.market_id === m)).toMatchObject([
            { pnl: 1000, commission: 20, net: 980 },
          ]);
          await invariants();
        });

        it('voids a market: every bet void, liability released, no money moves', async () => {
          const m = await matchOdds();
          await bet(demo3, { market_id: m, selection_id: 1, is_back: 1, odds: 4, stake: 500 });
          await bet(demo1, { market_id: m, selection_id: 1, is_back: 0, odds: 4, stake: 500 });
          const b1 = await balanceOf(ctx(), demo1);
          const res = await call('operatorVoidMarket', { market_id: m }, admin);
          expect(res.json.data).toMatchObject({ result: 'VOID', transfers: 0, users_net: 0 });
          const a1 = await balanceOf(ctx(), demo1);
          expect(a1.total_balance).toBe(b1.total_balance);
          expect(a1.liability).toBeCloseTo(b1.liability - 1500, 2);
          const voided = await ctx().db.select().from(orders).where(eq(orders.marketId, m));
          expect(voided.map((o) => [o.status, o.outcome, o.pnlPaise])).toEqual([
            ['VOID', 'VOID', 0],
            ['VOID', 'VOID', 0],
          ]);
          await invariants();
        });

        it('settles a dead heat: the stake splits into places / tied at full odds and the rest lost', async () => {
          const politics = await firstMatchOf(ctx().db, SPORT.POLITICS);
          const m = await createMarket(ctx(), admin, {
            match_id: politics.matchId,
            kind: 'EXCHANGE',
            market_type: 'WINNER',
            name: 'Winner',
            runners: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
          });
          await bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 3, stake: 200 });
          await bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 3, stake: 200 });
          const b1 = await balanceOf(ctx(), demo1);
          const b3 = await balanceOf(ctx(), demo3);
          // A and B tie for the one place: the back pays 200 x 1/2 at 3.0 (+200) and loses the other 100.
          const res = await call('operatorDeclareResult', { market_id: m, winner_ids: [1, 2] }, admin);
          expect(res.json.data).toMatchObject({ result: 'WINNERS', commission: 2 });
          expect((await balanceOf(ctx(), demo1)).total_balance).toBeCloseTo(b1.total_balance + 100 - 2, 2);
          expect((await balanceOf(ctx(), demo3)).total_balance).toBeCloseTo(b3.total_balance - 100, 2);
          const title = `Politics / ${politics.matchName} / Winner`;
          await expectStatementRows(demo1, b1.total_balance, [
            { debit: 2, remark: `${title} — commission` },
            { credit: 100, remark: `${title} — won` },
          ]);
          await expectStatementRows(demo3, b3.total_balance, [{ debit: 100, remark: `${title} — lost` }]);
          const settled = await ctx()
            .db.select()
            .from(orders)
            .where(eq(orders.marketId, m))
            .orderBy(orders.id);
          expect(settled.map((o) => [o.side, o.status, o.outcome, o.pnlPaise])).toEqual([
            ['LAY', 'SETTLED', 'LOST', -10_000],
            ['BACK', 'SETTLED', 'WON', 10_000],
          ]);
          await invariants();
        });
      });

      describe('bookmaker and fancy', () => {
        it('takes bookmaker bets at the house rate (or better) and settles them against the house', async () => {
          const m = await createMarket(ctx(), admin, {
            match_id: cricket.matchId,
            kind: 'BOOKMAKER',
            market_type: 'BOOKMAKER',
            name: 'Bookmaker',
            runners: [{ name: 'Home' }, { name: 'Away' }],
          });
          await call(
            'operatorSetBookmakerRates',
            {
              market_id: m,
              rates: [
                { selection_id: 1, back_rate: 90, lay_rate: 95 },
                { selection_id: 2, back_rate: 105, lay_rate: 110 },
              ],
            },
            admin,
          );
          const view = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo1)
          ).json.data.markets.find((x: { market_id: number }) => x.market_id === m);
          expect(
            view.runners.map((r: { back_rate: number; lay_rate: number }) => [r.back_rate, r.lay_rate]),
          ).toEqual([
            [90, 95],
            [105, 110],
          ]);
          const b1 = await balanceOf(ctx(), demo1);
          const b3 = await balanceOf(ctx(), demo3);
          // Asking 85 when 90 is offered: taken at 90.
          const back = await bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 85, stake: 1000 });
          expect(back.json.data).toMatchObject({
            kind: 'BOOKMAKER',
            status: 'MATCHED',
            matched_stake: 1000,
            rate: 90,
            odds: 1.9,
            avg_odds: 1.9,
            balance: { liability: b1.liability + 1000 },
          });
          const lay = await bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 95, stake: 1000 });
          expect(lay.json.data).toMatchObject({
            status: 'MATCHED',
            rate: 95,
            balance: { liability: b3.liability + 950 },
          });
          await invariants();
          await call('operatorDeclareResult', { market_id: m, winner_ids: [2] }, admin);
          expect(await balanceOf(ctx(), demo1)).toMatchObject({
            total_balance: b1.total_balance - 1000,
            liability: b1.liability,
          });
          expect(await balanceOf(ctx(), demo3)).toMatchObject({
            total_balance: b3.total_balance + 1000,
            liability: b3.liability,
          });
          expect((await statement(demo1))[0]).toMatchObject({
            debit: 1000,
            remark: `Cricket / ${cricket.matchName} / Bookmaker — lost`,
          });
          expect((await statement(demo3))[0]).toMatchObject({
            credit: 1000,
            remark: `Cricket / ${cricket.matchName} / Bookmaker — won`,
          });
          await invariants();
        });

        it('takes fancy YES and NO at the line shown and settles on the run total', async () => {
          const m = await createMarket(ctx(), admin, {
            match_id: cricket.matchId,
            kind: 'FANCY',
            market_type: 'FANCY',
            name: '10 Over Runs',
            fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 90 },
          });
          const b1 = await balanceOf(ctx(), demo1);
          const b3 = await balanceOf(ctx(), demo3);
          const yes = await call(
            'placeFancyBet',
            { fancy_id: m, is_back: 1, run: 46, rate: 90, stake: 500 },
            demo1,
          );
          expect(yes.json.data).toMatchObject({
            kind: 'FANCY',
            side: 'YES',
            run: 46,
            rate: 90,
            status: 'MATCHED',
            balance: { liability: b1.liability + 500 },
          });
          const no = await call(
            'placeFancyBet',
            { fancy_id: m, is_back: 0, run: 45, rate: 100, stake: 500 },
            demo3,
          );
          expect(no.json.data).toMatchObject({
            side: 'NO',
            run: 45,
            balance: { liability: b3.liability + 500 },
          });
          const view = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo1)
          ).json.data.markets.find((x: { market_id: number }) => x.market_id === m);
          expect(view).toMatchObject({
            kind: 'FANCY',
            fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 90 },
            exposure: 500,
          });
          expect(view.fancy_positions).toEqual([
            { from_runs: 0, pnl: -500 },
            { from_runs: 46, pnl: 450 },
          ]);
          const current = (
            await call('getCurrentBets', { bet_type: 'matched', match_id: cricket.matchId }, demo1)
          ).json.data.find((b: { market_id: number }) => b.market_id === m);
          expect(current).toMatchObject({
            selection_name: '10 Over Runs',
            side: 'YES',
            run: 46,
            rate: 90,
            status: 'MATCHED',
          });
          // Moving the line refuses the old one.
          await call(
            'operatorSetFancyLine',
            { market_id: m, no_line: 47, no_rate: 100, yes_line: 48, yes_rate: 100 },
            admin,
          );
          expect(
            (await call('placeFancyBet', { fancy_id: m, is_back: 1, run: 46, rate: 90, stake: 500 }, demo1))
              .json.code,
          ).toBe('ODDS_CHANGED');
          await call('operatorSetMarketStatus', { market_id: m, status: 'BALL_RUNNING' }, admin);
          expect(
            (await call('placeFancyBet', { fancy_id: m, is_back: 1, run: 48, rate: 100, stake: 500 }, demo1))
              .json.code,
          ).toBe('MARKET_SUSPENDED');
          await invariants();
          const res = await call('operatorDeclareResult', { market_id: m, runs: 50 }, admin);
          expect(res.json.data).toMatchObject({ result: 'RUNS', users: 2, users_net: -50 });
          expect(await balanceOf(ctx(), demo1)).toMatchObject({
            total_balance: b1.total_balance + 450,
            liability: b1.liability,
          });
          expect(await balanceOf(ctx(), demo3)).toMatchObject({
            total_balance: b3.total_balance - 500,
            liability: b3.liability,
          });
          expect((await statement(demo1))[0]).toMatchObject({
            credit: 450,
            remark: `Cricket / ${cricket.matchName} / 10 Over Runs — won`,
          });
          const view2 = (
            await call('getMatchDetail', { match_id: cricket.matchId }, demo1)
          ).json.data.markets.find((x: { market_id: number }) => x.market_id === m);
          expect(view2.result).toMatchObject({ kind: 'RUNS', runs: 50 });
          await invariants();
        });

        it('settles NO winning below the line', async () => {
          const m = await createMarket(ctx(), admin, {
            match_id: cricket.matchId,
            kind: 'FANCY',
            market_type: 'FANCY',
            name: 'Fall of 1st Wkt',
            fancy: { no_line: 30, no_rate: 100, yes_line: 30, yes_rate: 100 },
          });
          const b1 = await balanceOf(ctx(), demo1);
          await call('placeFancyBet', { fancy_id: m, is_back: 0, run: 30, rate: 100, stake: 300 }, demo1);
          await call('operatorDeclareResult', { market_id: m, runs: 12 }, admin);
          expect(await balanceOf(ctx(), demo1)).toMatchObject({
            total_balance: b1.total_balance + 300,
            liability: b1.liability,
          });
          await invariants();
        });
      });

      describe('racing', () => {
        it('voids a non-runner, reduces the prices matched before it and cancels unmatched lays (WIN, 20%)', async () => {
          const [race] = (
            await call('getMatchVenueListByCountryCodeSportId', { sport_id: SPORT.HORSE_RACING }, demo1)
          ).json.data.venues[0].races;
          const { match_id: meeting, match_name: meetingName } = (
            await call('getMatchVenueListByCountryCodeSportId', { sport_id: SPORT.HORSE_RACING }, demo1)
          ).json.data.venues[0];
          const m = await createMarket(ctx(), admin, {
            match_id: meeting,
            race_id: race.race_id,
            kind: 'EXCHANGE',
            market_type: 'WIN',
            name: 'Win',
            runners: [{ name: 'One' }, { name: 'Two' }, { name: 'Three' }, { name: 'Four' }],
          });
          await bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 5, stake: 1000 });
          await bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 5, stake: 1000 });
          await bet(demo3, { market_id: m, selection_id: 2, is_back: 0, odds: 3, stake: 500 }); // unmatched lay
          expect((await balanceOf(ctx(), demo3)).liability).toBeGreaterThan(0);
          const before3 = (await call('getMatchDetail', { match_id: meeting }, demo3)).json.data.markets.find(
            (x: { market_id: number }) => x.market_id === m,
          );
          expect(before3.exposure).toBe(4000); // One winning costs 4000; Two winning: +1000 matched, -1000 for the unmatched lay

          const removed = await call(
            'operatorRemoveRunner',
            { market_id: m, selection_id: 3, reduction_factor: 20 },
            admin,
          );
          expect(removed.json.data).toMatchObject({ cancelled_bets: 1, reduction_factor: 20 });
          const after3 = (await call('getMatchDetail', { match_id: meeting }, demo3)).json.data.markets.find(
            (x: { market_id: number }) => x.market_id === m,
          );
          expect(after3.runners[2]).toMatchObject({ status: 'REMOVED', reduction_factor: 20 });
          // 5.0 less 20% = 4.0: One winning now costs 3000.
          expect(after3.runners[0].position).toBe(-3000);
          expect(after3.exposure).toBe(3000);
          expect(
            (await bet(demo1, { market_id: m, selection_id: 3, is_back: 1, odds: 5, stake: 100 })).json.code,
          ).toBe('RUNNER_REMOVED');
          await invariants();

          const b1 = await balanceOf(ctx(), demo1);
          const b3 = await balanceOf(ctx(), demo3);
          await call('operatorDeclareResult', { market_id: m, winner_ids: [1] }, admin);
          expect((await balanceOf(ctx(), demo1)).total_balance).toBeCloseTo(b1.total_balance + 3000 - 60, 2);
          await expectBalance(demo3, {
            total_balance: b3.total_balance - 3000,
            liability: b3.liability - 3000,
          });
          // Settled at the reduced 4.0: 3000, not 4000.
          const title = `Horse Racing / ${meetingName} / ${race.name} / Win`;
          await expectStatementRows(demo1, b1.total_balance, [
            { debit: 60, remark: `${title} — commission` },
            { credit: 3000, remark: `${title} — won` },
          ]);
          await expectStatementRows(demo3, b3.total_balance, [{ debit: 3000, remark: `${title} — lost` }]);
          const settled = await ctx()
            .db.select()
            .from(orders)
            .where(eq(orders.marketId, m))
            .orderBy(orders.id);
          expect(settled.map((o) => [o.side, o.status, o.pnlPaise])).toEqual([
            ['LAY', 'SETTLED', -300_000],
            ['BACK', 'SETTLED', 300_000],
            ['LAY', 'CANCELLED', null],
          ]);
          await invariants();
        });

        it('reserves the worst case over every set of placed runners on a PLACE market and pays every placed runner', async () => {
          const { meeting, race, m } = await raceMarket(1, 'PLACE', ['One', 'Two', 'Three', 'Four'], 2);
          await bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 2, stake: 300 });
          await bet(demo3, { market_id: m, selection_id: 2, is_back: 0, odds: 2, stake: 300 });
          // Both laid runners can place: 300 + 300.
          expect(await marketView(meeting.match_id, m, demo3)).toMatchObject({
            market_type: 'PLACE',
            places: 2,
            exposure: 600,
          });
          await bet(demo3, { market_id: m, selection_id: 3, is_back: 0, odds: 4, stake: 100 });
          for (const [selection_id, odds, stake] of [
            [1, 2, 300],
            [2, 2, 300],
            [3, 4, 100],
          ] as const) {
            const back = await bet(demo1, { market_id: m, selection_id, is_back: 1, odds, stake });
            expect(back.json.data).toMatchObject({ status: 'MATCHED', matched_stake: stake, avg_odds: odds });
          }
          // demo3 loses most if One and Two place (-300 -300 +100); demo1 if Three and Four do (-300 -300 +300).
          expect((await marketView(meeting.match_id, m, demo3)).exposure).toBe(500);
          expect((await marketView(meeting.match_id, m, demo1)).exposure).toBe(300);
          const matchedIn = async (token: string) =>
            (
              await call('getCurrentBets', { bet_type: 'matched', match_id: meeting.match_id }, token)
            ).json.data
              .filter((b: { market_id: number }) => b.market_id === m)
              .map((b: { selection_name: string; side: string; avg_odds: number; matched_stake: number }) => [
                b.selection_name,
                b.side,
                b.avg_odds,
                b.matched_stake,
              ])
              .sort();
          expect(await matchedIn(demo1)).toEqual([
            ['One', 'BACK', 2, 300],
            ['Three', 'BACK', 4, 100],
            ['Two', 'BACK', 2, 300],
          ]);
          expect(await matchedIn(demo3)).toEqual([
            ['One', 'LAY', 2, 300],
            ['Three', 'LAY', 4, 100],
            ['Two', 'LAY', 2, 300],
          ]);
          const b1 = await balanceOf(ctx(), demo1);
          const b3 = await balanceOf(ctx(), demo3);
          const res = await call('operatorDeclareResult', { market_id: m, winner_ids: [1, 3] }, admin);
          expect(res.json.data).toMatchObject({ result: 'WINNERS', users: 2, users_net: 0, commission: 6 });
          // One placed (+300), Two did not (-300), Three placed at 4.0 (+300).
          await expectBalance(demo1, {
            total_balance: b1.total_balance + 300 - 6,
            liability: b1.liability - 300,
          });
          await expectBalance(demo3, {
            total_balance: b3.total_balance - 300,
            liability: b3.liability - 500,
          });
          const title = `Horse Racing / ${meeting.match_name} / ${race.name} / Place`;
          await expectStatementRows(demo1, b1.total_balance, [
            { debit: 6, remark: `${title} — commission` },
            { credit: 300, remark: `${title} — won` },
          ]);
          await expectStatementRows(demo3, b3.total_balance, [{ debit: 300, remark: `${title} — lost` }]);
          const today = { from_date: istDate(ctx().now()), to_date: istDate(ctx().now()) };
          const plRow = async (token: string) =>
            (await call('getProfitLoss', today, token)).json.data.rows.find(
              (r: { market_id: number }) => r.market_id === m,
            );
          expect(await plRow(demo1)).toMatchObject({ pnl: 300, commission: 6, net: 294 });
          expect(await plRow(demo3)).toMatchObject({ pnl: -300, commission: 0, net: -300 });
          expect(await matchedIn(demo1)).toEqual([]);
          expect(
            (await marketView(meeting.match_id, m)).runners.map((r: { status: string }) => r.status),
          ).toEqual(['PLACED', 'LOSER', 'PLACED', 'LOSER']);
          // Each bet on its own: a back wins on a placed runner, a lay on one that did not place.
          const settled = await ctx()
            .db.select()
            .from(orders)
            .where(eq(orders.marketId, m))
            .orderBy(orders.id);
          expect(
            settled.map((o) => [
              o.userId === settled[0]!.userId ? 'demo3' : 'demo1',
              o.selectionId,
              o.side,
              o.outcome,
              o.pnlPaise,
            ]),
          ).toEqual([
            ['demo3', 1, 'LAY', 'LOST', -30_000],
            ['demo3', 2, 'LAY', 'WON', 30_000],
            ['demo3', 3, 'LAY', 'LOST', -30_000],
            ['demo1', 1, 'BACK', 'WON', 30_000],
            ['demo1', 2, 'BACK', 'LOST', -30_000],
            ['demo1', 3, 'BACK', 'WON', 30_000],
          ]);
          await invariants();
        });

        it('settles a dead heat for first on a WIN market: each tied winner pays half the stake at full odds', async () => {
          const { meeting, race, m } = await raceMarket(2, 'WIN', ['One', 'Two', 'Three', 'Four']);
          // demo1 backs One at 4.0, lays Two at 3.0 and backs Three at 6.0; demo3 takes the other sides.
          await bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 4, stake: 200 });
          await bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 4, stake: 200 });
          await bet(demo1, { market_id: m, selection_id: 2, is_back: 0, odds: 3, stake: 300 });
          await bet(demo3, { market_id: m, selection_id: 2, is_back: 1, odds: 3, stake: 300 });
          await bet(demo3, { market_id: m, selection_id: 3, is_back: 0, odds: 6, stake: 100 });
          await bet(demo1, { market_id: m, selection_id: 3, is_back: 1, odds: 6, stake: 100 });
          const positions = async (token: string) =>
            (await marketView(meeting.match_id, m, token)).runners.map(
              (r: { position: number }) => r.position,
            );
          expect(await positions(demo1)).toEqual([
            600 + 300 - 100,
            -200 - 600 - 100,
            -200 + 300 + 500,
            -200 + 300 - 100,
          ]);
          expect(await positions(demo3)).toEqual([-800, 900, -600, 0]);
          const b1 = await balanceOf(ctx(), demo1);
          const b3 = await balanceOf(ctx(), demo3);
          // One and Two dead-heat for the one place: each back is paid on half its stake at full odds.
          const res = await call('operatorDeclareResult', { market_id: m, winner_ids: [1, 2] }, admin);
          // demo1's back on One: 100 at 4.0 wins 300, the other 100 is lost: +200. demo3's back on
          // Two: 150 at 3.0 wins 300, 150 lost: +150, demo1's lay -150. Three lost: demo1 -100.
          expect(res.json.data).toMatchObject({ result: 'WINNERS', users: 2, users_net: 0, commission: 1 });
          await expectBalance(demo1, { total_balance: b1.total_balance - 50, liability: b1.liability - 900 });
          await expectBalance(demo3, {
            total_balance: b3.total_balance + 50 - 1,
            liability: b3.liability - 800,
          });
          const title = `Horse Racing / ${meeting.match_name} / ${race.name} / Win`;
          await expectStatementRows(demo1, b1.total_balance, [{ debit: 50, remark: `${title} — lost` }]);
          await expectStatementRows(demo3, b3.total_balance, [
            { debit: 1, remark: `${title} — commission` },
            { credit: 50, remark: `${title} — won` },
          ]);
          const view = await marketView(meeting.match_id, m);
          expect(view.result).toMatchObject({ kind: 'WINNERS', winner_ids: [1, 2] });
          expect(view.runners.map((r: { status: string }) => r.status)).toEqual([
            'WINNER',
            'WINNER',
            'LOSER',
            'LOSER',
          ]);
          const settled = await ctx()
            .db.select()
            .from(orders)
            .where(eq(orders.marketId, m))
            .orderBy(orders.id);
          expect(settled.map((o) => [o.selectionId, o.side, o.outcome, o.pnlPaise])).toEqual([
            [1, 'LAY', 'LOST', -20_000],
            [1, 'BACK', 'WON', 20_000],
            [2, 'LAY', 'LOST', -15_000],
            [2, 'BACK', 'WON', 15_000],
            [3, 'LAY', 'WON', 10_000],
            [3, 'BACK', 'LOST', -10_000],
          ]);
          await invariants();
        });

        it('reduces a PLACE market by a non-runner: 3% reprices without cancelling lays, 5% cancels them, 1.01 is the floor', async () => {
          const { meeting, race, m } = await raceMarket(3, 'PLACE', ['One', 'Two', 'Three', 'Four', 'Five', 'Six'], 2);
          // Matched before the removals: One at 5.0, Two at 1.01, Five at 10 (it will not run).
          for (const [selection_id, odds, stake] of [
            [1, 5, 1000],
            [2, 1.01, 1000],
            [5, 10, 100],
          ] as const) {
            await bet(demo3, { market_id: m, selection_id, is_back: 0, odds, stake });
            await bet(demo1, { market_id: m, selection_id, is_back: 1, odds, stake });
          }
          // And an unmatched lay on Three.
          const restingLay = await bet(demo3, {
            market_id: m,
            selection_id: 3,
            is_back: 0,
            odds: 3,
            stake: 500,
          });
          expect(restingLay.json.data.status).toBe('UNMATCHED');
          const onOne = async () => (await marketView(meeting.match_id, m)).runners[0].position;
          // demo1 if One won: +4000 on One, the backs on Two and Five lost.
          expect(await onOne()).toBe(4000 - 1000 - 100);
          const unmatched3 = async () =>
            (
              await call('getCurrentBets', { bet_type: 'unmatched', match_id: meeting.match_id }, demo3)
            ).json.data
              .filter((b: { market_id: number }) => b.market_id === m)
              .map((b: { bet_id: number }) => b.bet_id);

          // Six out at 3%: on a PLACE market any factor reprices, but under 4% the lays stay.
          const six = await call(
            'operatorRemoveRunner',
            { market_id: m, selection_id: 6, reduction_factor: 3 },
            admin,
          );
          expect(six.json.data).toMatchObject({ selection_id: 6, reduction_factor: 3, cancelled_bets: 0 });
          expect(await unmatched3()).toEqual([restingLay.json.data.bet_id]);
          // 5.0 less 3% = 4.85.
          expect(await onOne()).toBe(3850 - 1000 - 100);

          // demo3's worst case, One and Two placing: -3850 - 10 + 100 (Five unplaced).
          expect((await marketView(meeting.match_id, m, demo3)).exposure).toBe(3760);
          const b3 = await balanceOf(ctx(), demo3);
          // Five out at 5%: Five's bets void, the lay on Three cancelled, One's 4.85 less 5% (0.24) = 4.61.
          const five = await call(
            'operatorRemoveRunner',
            { market_id: m, selection_id: 5, reduction_factor: 5 },
            admin,
          );
          expect(five.json.data).toMatchObject({ selection_id: 5, reduction_factor: 5, cancelled_bets: 1 });
          expect(await unmatched3()).toEqual([]);
          expect(await onOne()).toBe(3610 - 1000);
          const view = await marketView(meeting.match_id, m);
          expect(
            view.runners.map((r: { status: string; reduction_factor: number }) => [
              r.status,
              r.reduction_factor,
            ]),
          ).toEqual([
            ['ACTIVE', 0],
            ['ACTIVE', 0],
            ['ACTIVE', 0],
            ['ACTIVE', 0],
            ['REMOVED', 5],
            ['REMOVED', 3],
          ]);
          // Now -3610 - 10: Two at 1.01 less 5% stays at the 1.01 floor.
          expect((await marketView(meeting.match_id, m, demo3)).exposure).toBe(3620);
          expect((await balanceOf(ctx(), demo3)).liability).toBeCloseTo(b3.liability - 140, 2);

          // Matched after the removals: settles at its own price.
          await bet(demo3, { market_id: m, selection_id: 3, is_back: 0, odds: 2, stake: 400 });
          await bet(demo1, { market_id: m, selection_id: 3, is_back: 1, odds: 2, stake: 400 });

          const b1 = await balanceOf(ctx(), demo1);
          const before3 = await balanceOf(ctx(), demo3);
          const res = await call('operatorDeclareResult', { market_id: m, winner_ids: [1, 2] }, admin);
          // One at 4.61: +3610; Two at 1.01 (floored, not 0.96): +10; Three at 2.0 unplaced: -400; Five void.
          expect(res.json.data).toMatchObject({
            result: 'WINNERS',
            users: 2,
            users_net: 0,
            commission: 64.4,
          });
          // demo1's worst case had been Three and Four placing: -1000 - 1000 + 400.
          await expectBalance(demo1, {
            total_balance: b1.total_balance + 3220 - 64.4,
            liability: b1.liability - 1600,
          });
          await expectBalance(demo3, {
            total_balance: before3.total_balance - 3220,
            liability: before3.liability - 3220,
          });
          const title = `Horse Racing / ${meeting.match_name} / ${race.name} / Place`;
          await expectStatementRows(demo1, b1.total_balance, [
            { debit: 64.4, remark: `${title} — commission` },
            { credit: 3220, remark: `${title} — won` },
          ]);
          await expectStatementRows(demo3, before3.total_balance, [
            { debit: 3220, remark: `${title} — lost` },
          ]);
          const settled = await ctx()
            .db.select()
            .from(orders)
            .where(eq(orders.marketId, m))
            .orderBy(orders.id);
          expect(settled.map((o) => [o.selectionId, o.side, o.status, o.outcome, o.pnlPaise])).toEqual([
            [1, 'LAY', 'SETTLED', 'LOST', -361_000],
            [1, 'BACK', 'SETTLED', 'WON', 361_000],
            [2, 'LAY', 'SETTLED', 'LOST', -1_000],
            [2, 'BACK', 'SETTLED', 'WON', 1_000],
            [5, 'LAY', 'VOID', 'VOID', 0],
            [5, 'BACK', 'VOID', 'VOID', 0],
            [3, 'LAY', 'CANCELLED', null, null],
            [3, 'LAY', 'SETTLED', 'WON', 40_000],
            [3, 'BACK', 'SETTLED', 'LOST', -40_000],
          ]);
          await invariants();
        });
      });

      describe('in play', () => {
        it('waits the bet delay, then checks again: a suspension during the delay refuses the bet', async () => {
          const m = await matchOdds({ in_play: true, bet_delay_ms: 300 });
          await bet(demo3, {
            market_id: m,
            selection_id: 1,
            is_back: 0,
            odds: 2,
            stake: 500,
            persistence: 'PERSIST',
          });
          const started = Date.now();
          const placed = await bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 2, stake: 200 });
          expect(Date.now() - started).toBeGreaterThanOrEqual(290);
          expect(placed.json.data).toMatchObject({ status: 'MATCHED', matched_stake: 200 });

          const inDelay = betDelay.nextBetInDelay();
          const pending = bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 2, stake: 200 });
          await inDelay;
          await call('operatorSetMarketStatus', { market_id: m, status: 'SUSPENDED' }, admin);
          expect((await pending).json.code).toBe('MARKET_SUSPENDED');
          await invariants();
        });

        it('lapses LAPSE orders at suspension and at the in-play turn, keeps PERSIST ones, reopens', async () => {
          const m = await matchOdds();
          const lapse = await bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 3, stake: 300 });
          const persist = await bet(demo1, {
            market_id: m,
            selection_id: 2,
            is_back: 1,
            odds: 3,
            stake: 200,
            persistence: 'PERSIST',
          });
          const b1 = await balanceOf(ctx(), demo1);
          const suspended = await call(
            'operatorSetMarketStatus',
            { market_id: m, status: 'SUSPENDED' },
            admin,
          );
          expect(suspended.json.data).toMatchObject({ status: 'SUSPENDED', lapsed_bets: 1 });
          expect((await call('cancelBet', { bet_id: lapse.json.data.bet_id }, demo1)).json.code).toBe(
            'BET_NOT_FOUND',
          );
          // Both backs unmatched: 300 lost if Away wins, 200 if Home wins; after the lapse only the 200.
          expect((await balanceOf(ctx(), demo1)).liability).toBeCloseTo(b1.liability - 100, 2);
          const reopened = await call('operatorSetMarketStatus', { market_id: m, status: 'OPEN' }, admin);
          expect(reopened.json.data).toMatchObject({ status: 'OPEN', in_play: false, lapsed_bets: 0 });
          await bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 3, stake: 300 });
          const inPlay = await call(
            'operatorSetMarketStatus',
            { market_id: m, status: 'OPEN', in_play: true },
            admin,
          );
          expect(inPlay.json.data).toMatchObject({ in_play: true, lapsed_bets: 1 });
          const open = (
            await call('getCurrentBets', { bet_type: 'unmatched', match_id: cricket.matchId }, demo1)
          ).json.data.filter((b: { market_id: number }) => b.market_id === m);
          expect(open.map((b: { bet_id: number }) => b.bet_id)).toEqual([persist.json.data.bet_id]);
          const closed = await call('operatorSetMarketStatus', { market_id: m, status: 'CLOSED' }, admin);
          expect(closed.json.data.lapsed_bets).toBe(1);
          await invariants();
        });
      });

      it('keeps working after a restart: books, orders and positions are rebuilt from the database', async () => {
        const m = await matchOdds();
        await bet(demo3, { market_id: m, selection_id: 1, is_back: 0, odds: 2.5, stake: 400 });
        const view = async () =>
          (await call('getMatchDetail', { match_id: cricket.matchId }, demo3)).json.data.markets.find(
            (x: { market_id: number }) => x.market_id === m,
          );
        const before = await view();
        ctx().app.betting.forgetAll();
        expect(await view()).toEqual(before);
        const taken = await bet(demo1, { market_id: m, selection_id: 1, is_back: 1, odds: 2.5, stake: 400 });
        expect(taken.json.data).toMatchObject({ status: 'MATCHED', avg_odds: 2.5 });
        await invariants();
      });
    },
    { bettingOptions: { betPath, sleep: betDelay.sleep } },
  );
}

suite('statement');
suite('transaction');
