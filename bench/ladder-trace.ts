/**
 * The trading ladder under a busy book (issue 24): demo1 has a runner's ladder open in Chromium
 * (1280 px) while another bettor changes that runner's book BENCH_LADDER_RATE times a second (20: each
 * change a back resting on one of the three best lay-side prices, a commit that the push announces).
 * A Chromium performance trace of the page is recorded for BENCH_LADDER_SECONDS; printed: the
 * renderer main thread's longest task, how many tasks took over 50 ms (the target: none), the
 * ladder's refreshes (market/getLadder answers) and the changes made.
 *
 * Baseline in the same run: the same page for the same time with the book still. The product is
 * the production build as `npm start` runs it (feed off: only this bench moves the book).
 * Run: `npx tsx bench/ladder-trace.ts`.
 */
import type { Page } from 'playwright-core';
import { callApi } from '../e2e/support/api.ts';
import { launchChromium, newPage, signIn, VIEWPORTS } from '../e2e/support/browser.ts';
import { startProduct } from '../e2e/support/product.ts';

const RATE = Number(process.env.BENCH_LADDER_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_LADDER_SECONDS ?? 10);
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** The renderer main thread's tasks (ms), from a Chromium trace. */
function mainThreadTasks(trace: Buffer): number[] {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return traceEvents
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.dur ?? 0) / 1000);
}

interface Phase {
  tasks: number[];
  refreshes: number;
  changes: number;
}

async function tracePhase(page: Page, seconds: number, move: (() => Promise<void>) | null): Promise<Phase> {
  let refreshes = 0;
  const counted = (r: { url(): string }) => {
    if (r.url().includes('market/getLadder')) refreshes++;
  };
  page.on('requestfinished', counted);
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  let changes = 0;
  const until = Date.now() + seconds * 1000;
  if (move) {
    // Paced: one change every 1000 / RATE ms, whatever each one took.
    for (let next = Date.now(); next < until; next += 1000 / RATE) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await move();
      changes++;
    }
  } else await new Promise((r) => setTimeout(r, seconds * 1000));
  const trace = await browser.stopTracing();
  page.off('requestfinished', counted);
  return { tasks: mainThreadTasks(trace), refreshes, changes };
}

const describe = (label: string, p: Phase) => {
  const longest = Math.max(0, ...p.tasks);
  const over = p.tasks.filter((t) => t > LONG_TASK_MS).length;
  console.log(
    `${label.padEnd(18)} longest task ${longest.toFixed(1).padStart(6)} ms, over ${LONG_TASK_MS} ms: ${over}, tasks ${p.tasks.length}, ladder refreshes ${p.refreshes}, book changes ${p.changes} (${(p.changes / SECONDS).toFixed(1)}/s)`,
  );
  return { longest, over };
};

export default async function ladderTrace(): Promise<void> {
  const product = await startProduct({ FEED_SIMULATOR: '0' });
  const browser = await launchChromium();
  try {
    const api = <T>(path: string, body: unknown, token?: string) =>
      callApi<T>(product.baseUrl, path, body, token);
    const login = async (user: string) =>
      (await api<{ usertoken: string }>('user/login', { user_name: user, password: 'Demo@1234' })).usertoken;
    const mover = await login('mm1');
    const { context, page } = await newPage(
      browser,
      product.baseUrl,
      VIEWPORTS.find((v) => v.width === 1280)!,
    );
    const token = await signIn(page);
    const cricket = await api<
      { match_id: number; in_play: boolean; match_odds: { market_id: number } | null }[]
    >('match/getMatches', { sport_id: 4 }, token);
    const match = cricket.find((m) => !m.in_play && m.match_odds)!;
    const marketId = match.match_odds!.market_id;
    const selectionId = 1;
    const ladder = await api<{ levels: { price: number; back: number; lay: number }[] }>(
      'market/getLadder',
      { market_id: marketId, selection_id: selectionId },
      token,
    );
    // The three best prices of the lay side (above the best back money), where a back rests
    // unmatched and shows in the pushed book (its best three levels each way).
    const bestBack = Math.max(...ladder.levels.filter((l) => l.back > 0).map((l) => l.price));
    const restAt = ladder.levels
      .filter((l) => l.price > bestBack && l.lay > 0)
      .map((l) => l.price)
      .slice(0, 3);
    if (restAt.length === 0) throw new Error('no lay side to rest backs on');

    await page.goto(`/#/ladder/${match.match_id}/${marketId}/${selectionId}`);
    await page.getByTestId('trading-ladder').waitFor();
    await page.waitForTimeout(1_000);

    const still = await tracePhase(page, SECONDS, null);
    // Each change adds a back of ₹100 at the next of those prices: the book differs after every
    // one (a bet placed then cancelled within the push's conflation window would show nothing).
    let n = 0;
    const busy = await tracePhase(page, SECONDS, async () => {
      const odds = restAt[n++ % restAt.length]!;
      await api(
        'bet/placeMarketBet',
        { market_id: marketId, selection_id: selectionId, is_back: 1, odds, stake: 100 },
        mover,
      );
    });
    await context.close();

    console.log(`Trading ladder in Chromium at 1280 px, ${SECONDS} s each, book changes at ${RATE}/s:`);
    const base = describe('still book', still);
    const load = describe(`${RATE} changes/s`, busy);
    console.log(
      `longest task, busy / still: ${(load.longest / Math.max(base.longest, 0.1)).toFixed(2)}x; target no task over ${LONG_TASK_MS} ms: ${load.over === 0 ? 'PASS' : 'MISS'}`,
    );
  } finally {
    await browser.close();
    await product.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await ladderTrace();
