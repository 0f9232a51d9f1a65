/**
 * Cash out (issue 23, ADR 49): what a quote costs and what a cash out costs.
 *
 * 1. CPU per `bet/getCashOut` quote on a 4-runner market, p50 / p99: the service's quote on the
 *    market in memory (quoteOnState: the position, the book's levels without the caller's own
 *    bets, the engine's exact hedge), each call timed alone; single-threaded and CPU-bound, so
 *    its time is its CPU. Baselines in the same run: the same quote on a 2-runner market, and the
 *    bet path's pre-trade checks of one bet on the 4-runner market (risk.ts), what every bet pays.
 * 2. A cash out against placing its legs one by one: bettors with a position on three of four
 *    runners cash out over HTTP (`bet/cashOut`: one transaction, all legs fill-or-kill), or place
 *    the very legs of their quote as `placeMarketBet` fill-or-kill bets one after another; wall
 *    time per cash out, p50 / p99, on PGlite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL)
 *    PostgreSQL. Run: `npm run bench` (all benches) or `npx tsx bench/cash-out.bench.ts`.
 */
import type {} from '../apps/server/src/types.d.ts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints, type EndpointName } from '@exchange/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { quoteOnState } from '../apps/server/src/services/betting/cash-out-quote.ts';
import { marketBetRequest } from '../apps/server/src/services/betting/bet-request.ts';
import { checkBet } from '../apps/server/src/services/betting/risk.ts';
import { BettingService } from '../apps/server/src/services/betting/index.ts';
import { bettors, database } from './bet-path.bench.ts';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 20_000);
const CASH_OUTS = Number(process.env.BENCH_CASH_OUTS ?? 150);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/** Times `fn` `n` times, each call alone (ms). */
function timeEach(n: number, fn: () => unknown): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function engineRun(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const { handle, drop } = await database(kind);
  const lines: string[] = [];
  let app: FastifyInstance | undefined;
  try {
    await migrateDatabase(handle);
    const now = new Date();
    await seed(handle.db, now);
    const { ids, tokens } = await bettors(handle.db, now);
    const betting = new BettingService(handle.db, () => new Date());
    app = buildApp({ db: handle.db, betting });
    await app.ready();
    const call = async (name: EndpointName, body: unknown, token: string) => {
      const e = endpoints[name];
      const res = await app!.inject({ method: e.method, url: `/api/${e.path}`, payload: body as object, headers: { authorization: `Bearer ${token}` } });
      const json = res.json();
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.body}`);
      return json.data;
    };
    const [match] = await queryRows<{ id: number }>(handle.db, sql`select match_id as id from matches where sport_id = 4 order by match_id limit 1`);
    const market = async (runners: number) =>
      (
        await betting.createMarkets([
          {
            matchId: match!.id,
            kind: 'EXCHANGE',
            marketType: 'MATCH_ODDS',
            name: `Cash out ${runners}`,
            runners: Array.from({ length: runners }, (_, i) => ({ name: `R${i + 1}` })),
            inPlay: false,
          },
        ])
      )[0]!;
    const maker = tokens[0]!;
    /** The maker's ladder: 5 levels a side on every runner, deep enough for every cash out below. */
    const ladder = async (marketId: number, runners: number) => {
      for (let r = 1; r <= runners; r++) {
        const fair = 1 + runners * 0.9 + r * 0.1;
        for (let level = 0; level < 5; level++) {
          const lay = Math.round((fair - 0.1 * (level + 1)) * 100) / 100;
          const back = Math.round((fair + 0.1 * (level + 1)) * 100) / 100;
          await call('placeMarketBet', { market_id: marketId, selection_id: r, is_back: 0, odds: lay, stake: 500_000, persistence: 'PERSIST' }, maker);
          await call('placeMarketBet', { market_id: marketId, selection_id: r, is_back: 1, odds: back, stake: 500_000, persistence: 'PERSIST' }, maker);
        }
      }
    };
    /** A position on three runners (back R1, back R2, lay R3), matched against the maker. */
    const position = async (marketId: number, token: string) => {
      const view = (await betting.committedState(marketId)).book!;
      const best = (r: number, side: 'BACK' | 'LAY') => view.runner(r).bestLevels(side, 1)[0]!.price / 100;
      await call('placeMarketBet', { market_id: marketId, selection_id: 1, is_back: 1, odds: best(1, 'BACK'), stake: 1_000 }, token);
      await call('placeMarketBet', { market_id: marketId, selection_id: 2, is_back: 1, odds: best(2, 'BACK'), stake: 700 }, token);
      await call('placeMarketBet', { market_id: marketId, selection_id: 3, is_back: 0, odds: best(3, 'LAY'), stake: 500 }, token);
    };

    // 1. The quote's CPU, on the market in memory.
    const four = await market(4);
    const two = await market(2);
    await ladder(four, 4);
    await ladder(two, 2);
    const quoter = ids[1]!;
    await position(four, tokens[1]!);
    await call('placeMarketBet', { market_id: two, selection_id: 1, is_back: 1, odds: (await betting.committedState(two)).book!.runner(1).bestLevels('BACK', 1)[0]!.price / 100, stake: 1_000 }, tokens[1]!);
    const state4 = await betting.committedState(four);
    const state2 = await betting.committedState(two);
    const legs4 = quoteOnState(state4, quoter, 1).answer.legs.length;
    const req = marketBetRequest(quoter, { market_id: four, selection_id: 4, is_back: 1, odds: 1.5, stake: 100 }, state4);
    timeEach(2_000, () => quoteOnState(state4, quoter, 1)); // warm-up
    const q4 = summary(timeEach(QUOTES, () => quoteOnState(state4, quoter, 1)));
    const q4half = summary(timeEach(QUOTES, () => quoteOnState(state4, quoter, 0.5)));
    const q2 = summary(timeEach(QUOTES, () => quoteOnState(state2, quoter, 1)));
    const check = summary(timeEach(QUOTES, () => checkBet(state4, req, () => new Date())));
    const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
    lines.push(
      `${kind}: getCashOut quote CPU, 4 runners x 5 levels a side, ${legs4} legs: p50 ${us(q4.p50)}, p99 ${us(q4.p99)} (${QUOTES} quotes)`,
      `${kind}:   the same at 50%: p50 ${us(q4half.p50)}, p99 ${us(q4half.p99)}; on 2 runners: p50 ${us(q2.p50)}, p99 ${us(q2.p99)} (4 runners / 2: ${(q4.p99 / q2.p99).toFixed(1)}x at p99)`,
      `${kind}:   baseline, one bet's pre-trade checks on the same market: p50 ${us(check.p50)}, p99 ${us(check.p99)} (a quote costs ${(q4.p99 / check.p99).toFixed(0)}x them at p99)`,
    );

    // 2. A cash out against its legs placed one by one, bettors taking turns.
    const atOnce: number[] = [];
    const oneByOne: number[] = [];
    let legsPlaced = 0;
    for (let i = 0; i < CASH_OUTS * 2; i++) {
      const token = tokens[2 + (i % (tokens.length - 2))]!;
      await position(four, token);
      const quote = await call('getCashOut', { market_id: four }, token);
      if (!quote.available) throw new Error(`no cash out: ${quote.reason}`);
      const t = performance.now();
      if (i % 2 === 0) {
        await call('cashOut', { market_id: four, min_value: quote.value, client_ref: `bench-co-${i}` }, token);
        atOnce.push(performance.now() - t);
      } else {
        for (const leg of quote.legs as { selection_id: number; side: 'BACK' | 'LAY'; odds: number; stake: number }[]) {
          await call('placeMarketBet', { market_id: four, selection_id: leg.selection_id, is_back: leg.side === 'BACK' ? 1 : 0, odds: leg.odds, stake: leg.stake, fill_or_kill: true }, token);
          legsPlaced++;
        }
        oneByOne.push(performance.now() - t);
      }
    }
    const a = summary(atOnce);
    const b = summary(oneByOne);
    lines.push(
      `${kind}: bet/cashOut (one transaction, all legs): p50 ${a.p50.toFixed(1)} ms, p99 ${a.p99.toFixed(1)} ms (${atOnce.length} cash outs)`,
      `${kind}:   its legs placed one by one (${(legsPlaced / oneByOne.length).toFixed(1)} bets each): p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms; cash out / one by one: ${(a.p50 / b.p50).toFixed(2)} at p50, ${(a.p99 / b.p99).toFixed(2)} at p99`,
    );
  } finally {
    await app?.close();
    await handle.close();
    await drop();
  }
  return lines;
}

export default async function main(): Promise<void> {
  let kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) kinds.push('postgres');
  else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  if (process.env.BENCH_ENGINES) kinds = kinds.filter((k) => process.env.BENCH_ENGINES!.split(',').includes(k));
  for (const kind of kinds) for (const line of await engineRun(kind)) console.log(line);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
