/**
 * The operator's console pages with a day's worth of data, quiet and while bettors bet on the same
 * machine (issue 20 item 13). Run: `npm run bench` (all benches) or `npx tsx bench/console-pages.ts`.
 *
 * Setup: the seeded product on PGlite (as `npm start` runs it; PostgreSQL with BENCH_ENGINES=postgres
 * and BENCH_DATABASE_URL or TEST_DATABASE_URL), then in SQL a day's worth of data: finished
 * matches with settled markets, their bets (settled and cancelled) and settlement results, and
 * audit rows. The server is this process's app, serving the production web build.
 *
 * Each page is timed in Chromium from the click (or the address change a click makes) to its
 * content on screen: the catalog (sports, then its matches tab), a match's markets, Results (the
 * matches, then a match's markets), the settlement preview of a market being bet on, the audit
 * log. Each page starts from a fresh load of a light page (payments), so no answer is cached.
 * With each figure: the API calls the page made meanwhile, how many, and the longest.
 *
 * Baseline in the same run: the same pages with no bets (quiet), then with the bet-path bench's
 * clients (bench/bet-path.bench.ts) placing exchange bets over HTTP without pause on markets of
 * the match the console opens (busy). Medians of ROUNDS rounds; the machine's load average is
 * printed beside them (the machine may be shared).
 */
import type {} from '../apps/server/src/types.d.ts';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed/index.ts';
import { BettingService } from '../apps/server/src/services/betting/index.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { buildProduct, repoRoot } from '../e2e/support/processes.ts';
import { bettors, CLIENT_SCRIPT, database } from './bet-path.bench.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
/** A day's worth: finished matches (3 settled markets each), bets on them, audit rows. */
const DAY_MATCHES = Number(process.env.BENCH_DAY_MATCHES ?? 2_000);
const DAY_BETS = Number(process.env.BENCH_DAY_BETS ?? 300_000);
const DAY_AUDIT_ROWS = Number(process.env.BENCH_DAY_AUDIT_ROWS ?? 100_000);
/** The markets the bettors bet on, on the match the console opens. */
const LIVE_MARKETS = 20;
const TARGET_MS = 1_000;

/** The day's data, in SQL: what a day of feed and operator leaves behind, made in seconds. */
export async function dayOfData(db: Db): Promise<void> {
  const started = performance.now();
  // Finished matches over the last two days, in the feed's id range, under the seeded series.
  await queryRows(
    db,
    sql`insert into matches (match_id, series_id, sport_id, match_name, start_time, in_play, is_active)
        select 40000000 + g, s.series_id, s.sport_id, 'Day ' || g || ' A v Day ' || g || ' B',
               now() - interval '3 hours' - (g % 2880) * interval '1 minute', false, true
        from generate_series(1, ${DAY_MATCHES}) g
        join (select series_id, sport_id, (row_number() over (order by series_id)) - 1 as k,
                     count(*) over () as n
              from series where sport_id in (1, 2, 4)) s on s.k = g % s.n`,
  );
  await queryRows(
    db,
    sql`insert into markets (match_id, kind, market_type, name, sort, status, start_time, min_stake_paise,
                             max_stake_paise, max_profit_paise, result_kind, settlement_version, settled_at, external_key)
        select m.match_id, 'EXCHANGE', 'MATCH_ODDS', 'Market ' || k, k, 'CLOSED', m.start_time, 10000,
               50000000, 100000000, 'WINNERS', 1, m.start_time + interval '3 hours', 'day:' || m.match_id || ':' || k
        from matches m, generate_series(1, 3) k where m.match_id > 40000000 and m.match_id <= 40000000 + ${DAY_MATCHES}`,
  );
  await queryRows(
    db,
    sql`insert into runners (market_id, selection_id, name, sort, status)
        select id, s, case s when 1 then 'Home' else 'Away' end, s, case s when 1 then 'WINNER' else 'LOSER' end
        from markets, generate_series(1, 2) s where external_key like 'day:%'`,
  );
  // Half settled bets, half the market maker's cancelled quotes (most of a day's orders).
  await queryRows(
    db,
    sql`with mk as (select array_agg(id) a from markets where external_key like 'day:%'),
             us as (select array_agg(id) a from users where user_name like 'bench%')
        insert into orders (user_id, market_id, selection_id, kind, side, price, size_paise, matched_paise,
                            matched_value, cancelled_paise, persistence, status, book_seq, placed_at, outcome, pnl_paise, settled_at)
        select us.a[1 + g % array_length(us.a, 1)], mk.a[1 + g % array_length(mk.a, 1)], 1, 'EXCHANGE',
               case when g % 4 < 2 then 'BACK' else 'LAY' end, 200, 10000,
               case when g % 2 = 0 then 10000 else 0 end, case when g % 2 = 0 then 2000000 else 0 end,
               case when g % 2 = 0 then 0 else 10000 end, 'LAPSE',
               case when g % 2 = 0 then 'SETTLED' else 'CANCELLED' end, g,
               now() - (g % 86400) * interval '1 second',
               case when g % 2 = 1 then null when g % 4 = 0 then 'WON' else 'LOST' end,
               case when g % 2 = 1 then null when g % 4 = 0 then 10000 else -10000 end,
               case when g % 2 = 0 then now() end
        from generate_series(1, ${DAY_BETS}) g, mk, us`,
  );
  await queryRows(
    db,
    sql`insert into settlement_results (market_id, version, user_id, net_pnl_paise, commission_paise, settled_at)
        select m.id, 1, u.id, case when u.id % 2 = 0 then 10000 else -10000 end, 0, m.settled_at
        from markets m, (select id from users where user_name like 'bench%' limit 8) u
        where m.external_key like 'day:%'`,
  );
  await queryRows(
    db,
    sql`insert into audit_log (actor_id, action, target_type, target_id, summary, before, after, ip, created_at)
        select (select id from users where user_name = 'admin'), 'market.fancy_line', 'market', (g % 5000)::text,
               'Set fancy line ' || (g % 90) || '/' || (g % 90 + 1) || ' — Cricket / Day ' || (g % 2000) || ' / 6 over runs',
               jsonb_build_object('no_line', g % 90, 'yes_line', g % 90 + 1),
               jsonb_build_object('no_line', g % 90 + 1, 'yes_line', g % 90 + 2), '127.0.0.1',
               now() - (${DAY_AUDIT_ROWS} - g) * interval '1 second' * (86400.0 / ${DAY_AUDIT_ROWS})
        from generate_series(1, ${DAY_AUDIT_ROWS}) g`,
  );
  await queryRows(db, sql`analyze`);
  console.log(
    `a day's data: ${DAY_MATCHES} finished matches, ${DAY_MATCHES * 3} settled markets, ${DAY_BETS} bets, ${DAY_AUDIT_ROWS} audit rows (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

interface Call {
  path: string;
  started: number;
  ms?: number;
}

interface Sample {
  ms: number;
  calls: number;
  /** The longest API call of the page, from its request to its last byte. */
  longestCallMs: number;
}

/** What the operator does: clicks the element of this test id, or follows a link to this address. */
type Act = { click: string } | { hash: string };

interface Step {
  name: string;
  /** A fresh load of the page the step starts from, ready when the network is quiet. */
  from: string;
  act: Act;
  /** The page's content: this element on screen and no spinner left. */
  content: string;
  after?(page: Page): Promise<void>;
}

/**
 * Records the requests a page makes: path, when it left (this process's clock), and from the
 * browser's own timing how long until its last byte. Only the API calls count as calls; the rest
 * (chunks of the build) show in BENCH_DEBUG's trace.
 */
function watchCalls(page: Page): Call[] {
  const calls: Call[] = [];
  const open = new Map<object, Call>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol !== 'http:') return;
    const call = { path: url.pathname.replace(/^.*\/api\//, 'api/'), started: performance.now() };
    calls.push(call);
    open.set(r, call);
  });
  page.on('requestfinished', (r) => {
    const call = open.get(r);
    const end = r.timing().responseEnd;
    if (call && end >= 0) call.ms = end;
  });
  return calls;
}

/**
 * Timed in the page, from the click to the first frame showing the content, so no round trip of
 * the driver is in the figure. Content means every part of the page answered: its element and no
 * spinner left (e.g. a card's house position). A string: the bundler's helpers are not in the page.
 */
const TIME_IN_PAGE = `async ({ act, content }) => {
  const started = performance.now();
  if (act.click) document.querySelector('[data-testid="' + act.click + '"]').click();
  else location.hash = act.hash;
  await new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('no ' + content + ' within 30 s')), 30000);
    const check = () => {
      if (document.querySelector(content) && !document.querySelector('.spinner')) {
        clearTimeout(give);
        resolve();
      } else requestAnimationFrame(check);
    };
    check();
  });
  return performance.now() - started;
}`;

async function timeStep(page: Page, base: string, calls: Call[], step: Step): Promise<Sample> {
  // A fresh document each time (a goto that changes only the hash keeps the page and its cache).
  await page.goto('about:blank');
  await page.goto(`${base}/console/#/${step.from}`);
  await page.waitForLoadState('networkidle');
  const mark = calls.length;
  const t0 = performance.now();
  const ms = (await page.evaluate(`(${TIME_IN_PAGE})(${JSON.stringify({ act: step.act, content: step.content })})`)) as number;
  const made = calls.length;
  await page.waitForTimeout(300); // the last answers' timings
  const mine = calls.slice(mark, made);
  if (process.env.BENCH_DEBUG)
    console.log(`${step.name}: ${ms.toFixed(0)} ms;`, mine.map((c) => `${c.path} at ${(c.started - t0).toFixed(0)} for ${c.ms?.toFixed(0)}`).join(', '));
  const api = mine.filter((c) => c.path.startsWith('api/'));
  await step.after?.(page);
  return {
    ms,
    calls: api.length,
    longestCallMs: Math.max(0, ...api.map((c) => c.ms ?? performance.now() - c.started)),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function measure(page: Page, base: string, calls: Call[], steps: Step[]): Promise<Map<string, Sample[]>> {
  const out = new Map<string, Sample[]>(steps.map((s) => [s.name, []]));
  // Rounds outer, pages inner: a page's samples spread over the run, not bunched in one moment of it.
  for (let round = 0; round < ROUNDS; round++)
    for (const step of steps) out.get(step.name)!.push(await timeStep(page, base, calls, step));
  return out;
}

async function main(): Promise<void> {
  buildProduct();
  const kind = process.env.BENCH_ENGINES === 'postgres' ? 'postgres' : 'pglite';
  const { handle, drop } = await database(kind);
  const browser = await launchChromium();
  let worker: Worker | undefined;
  try {
    await migrateDatabase(handle);
    const now = new Date();
    await seed(handle.db, now);
    const { tokens } = await bettors(handle.db, now);
    await dayOfData(handle.db);
    const betting = new BettingService(handle.db, () => new Date());
    const app = buildApp({ db: handle.db, betting, webDist: join(repoRoot, 'apps/web/dist') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The match the console opens: the first seeded cricket match; the bettors bet on its markets.
    const [match] = await queryRows<{ id: number }>(
      handle.db,
      sql`select match_id as id from matches where sport_id = 4 and match_id < 40000000 order by match_id limit 1`,
    );
    const matchId = match!.id;
    const live = await betting.createMarkets(
      Array.from({ length: LIVE_MARKETS }, (_, i) => ({
        matchId,
        kind: 'EXCHANGE' as const,
        marketType: 'MATCH_ODDS' as const,
        name: `Bench ${i}`,
        runners: [{ name: 'A' }, { name: 'B' }],
        inPlay: false,
      })),
    );
    const previewed = live[0]!;

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(30_000);
    const calls = watchCalls(page);
    await page.goto(`${base}/console/`);
    await page.getByTestId('console-user-name').fill('admin');
    await page.getByTestId('console-password').fill('Demo@1234');
    await page.getByTestId('console-login-submit').click();
    await page.getByTestId('console-who').waitFor();

    const steps: Step[] = [
      { name: 'Catalog (sports)', from: 'payments', act: { click: 'console-nav-catalog' }, content: '[data-testid^="sport-row-"]' },
      { name: 'Catalog: matches tab', from: 'catalog', act: { click: 'catalog-tab-matches' }, content: '[data-testid^="match-row-"]' },
      { name: "A match's markets", from: 'catalog?tab=matches', act: { hash: `#/catalog/match/${matchId}` }, content: `[data-testid^="house-book-${previewed}"]` },
      { name: 'Results (matches)', from: 'payments', act: { click: 'console-nav-results' }, content: '[data-testid^="results-match-"]' },
      { name: "Results: a match's markets", from: 'results', act: { hash: `#/results?match=${matchId}` }, content: `[data-testid="result-row-${previewed}"]` },
      {
        name: 'Settlement preview (void)',
        from: `results?match=${matchId}`,
        act: { click: `void-${previewed}` },
        content: '[data-testid="preview-figures"]',
        after: (p) => p.keyboard.press('Escape'),
      },
      { name: 'Audit log', from: 'payments', act: { click: 'console-nav-audit' }, content: '[data-testid^="audit-summary-"]' },
    ];
    // A first pass, not measured: the browser's cache of the build, the server's JIT and statements.
    for (const step of steps) await timeStep(page, base, calls, step);

    const load = () => loadavg()[0]!.toFixed(2);
    const quietLoad = load();
    const quiet = await measure(page, base, calls, steps);
    const quietLoadAfter = load();

    const betsBefore = await orderCount(handle.db);
    worker = new Worker(CLIENT_SCRIPT, {
      eval: true,
      workerData: { port: Number(new URL(base).port), tokens, markets: live, bets: Number.MAX_SAFE_INTEGER, clients: CLIENTS },
    });
    await new Promise((r) => setTimeout(r, 5_000)); // the bettors under way
    const busyStarted = performance.now();
    const betsAtStart = await orderCount(handle.db);
    const busy = await measure(page, base, calls, steps);
    const betRate = ((await orderCount(handle.db)) - betsAtStart) / ((performance.now() - busyStarted) / 1000);
    const busyLoad = load();
    await worker.terminate();
    worker = undefined;

    console.log(
      `\n${kind}; ${ROUNDS} rounds; medians; quiet: load average ${quietLoad}-${quietLoadAfter}; busy: ${CLIENTS} bet-path clients, ${betRate.toFixed(0)} bets/s during the pages (${(await orderCount(handle.db)) - betsBefore} in all), load average ${busyLoad}`,
    );
    console.log(
      ['page'.padEnd(30), 'quiet ms'.padStart(9), 'busy ms'.padStart(9), 'busy/quiet'.padStart(11), 'calls'.padStart(6), 'longest call busy ms'.padStart(21), `< ${TARGET_MS} ms`.padStart(9)].join(' '),
    );
    for (const step of steps) {
      const q = quiet.get(step.name)!;
      const b = busy.get(step.name)!;
      const qm = median(q.map((s) => s.ms));
      const bm = median(b.map((s) => s.ms));
      console.log(
        [
          step.name.padEnd(30),
          qm.toFixed(0).padStart(9),
          bm.toFixed(0).padStart(9),
          (bm / qm).toFixed(2).padStart(11),
          String(median(b.map((s) => s.calls))).padStart(6),
          median(b.map((s) => s.longestCallMs)).toFixed(0).padStart(21),
          (bm < TARGET_MS ? 'PASS' : 'MISS').padStart(9),
        ].join(' '),
      );
    }
    await app.close();
  } finally {
    await worker?.terminate();
    await browser.close();
    await handle.close();
    await drop();
  }
}

async function orderCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select max(id) as n from orders`);
  return Number(row!.n);
}

export default main;

if (import.meta.url === `file://${process.argv[1]}`) await main();
