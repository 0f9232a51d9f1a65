import { istDate } from '@exchange/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite, upcomingCricket } from './support/suite.ts';

/**
 * Issue 20 items 6 and 7, in real Chromium at 1280 px and 390 px: every report table of the
 * bettor app (current bets, account statement, profit & loss, casino results, live casino bets,
 * payment statement, the activity log) shows each of its columns inside the screen, with no
 * sideways scroll, and every header has a name; the money tables' totals rows are the sums of
 * the rows they show, summed here from the cells. The statement's chart legend shows a day
 * without hovering, and its x axis labels the day of the only bar.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' }, { casino: true });
const api = suite.api;
const TP_T20 = 'imlive1001';

/** Today in IST as yyyy-MM-dd (the report calls' day format). */
const istToday = () => istDate(Date.now());
const eventually = <T>(fn: () => Promise<T> | T, timeout = 30_000) =>
  expect.poll(fn, { timeout, interval: 250 });
/** Rupees as shown ('1140.00', '-102.00') to paise, so sums compare exactly. */
const paise = (text: string | null) => Math.round(Number(text ?? '') * 100);

/** Waits in the set-up (no expect.poll outside a test) until `ready` holds. */
const until = (ready: () => Promise<boolean>, timeout: number) =>
  vi.waitFor(
    async () => {
      if (!(await ready())) throw new Error('not yet');
    },
    { timeout, interval: 250 },
  );

/** A bet on TP T20 through the provider's own page calls, while its round takes bets. */
async function casinoBet(token: string, stake: number): Promise<void> {
  const { GameUrl } = await api<{ GameUrl: string }>(
    'mac88/launchNewGame',
    { GameCode: TP_T20, type: 1 },
    token,
  );
  const game = new URL(GameUrl);
  const post = async <T>(path: string, body: unknown) =>
    (await (
      await fetch(`${game.origin}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as T;
  const { session } = await post<{ session: string }>('/api/session', {
    lt: game.searchParams.get('lt'),
    gameCode: TP_T20,
  });
  // A round that takes bets for a few seconds more: the bet is not refused as late.
  let roundId = '';
  await until(async () => {
    const state = (await (
      await fetch(`${game.origin}/api/table/${TP_T20}/state`, { headers: { 'x-session': session } })
    ).json()) as { serverNow: number; round: { roundId: string; phase: string; closesAt: number } };
    roundId = state.round.roundId;
    return state.round.phase === 'betting' && state.round.closesAt - state.serverNow > 4000;
  }, 120_000);
  const bet = await post<{ status: string; message?: string }>('/api/bet', {
    session,
    roundId,
    option: 'playerA',
    stake,
  });
  if (bet.status !== 'OK') throw new Error(`casino bet refused: ${bet.message}`);
}

beforeAll(async () => {
  const admin = await suite.tokenOf('admin');
  const token = await suite.tokenOf('demo1');
  // Current bets: a matched back and a resting lay (it can be cancelled) on one match...
  const open = await upcomingCricket(suite, token, 0);
  const [home, away] = open.markets.find((m) => m.market_type === 'MATCH_ODDS')!.runners;
  const openMo = open.markets.find((m) => m.market_type === 'MATCH_ODDS')!.market_id;
  await api(
    'bet/placeMarketBet',
    {
      market_id: openMo,
      selection_id: home!.selection_id,
      is_back: 1,
      odds: home!.back[0]!.price,
      stake: 100,
    },
    token,
  );
  await api(
    'bet/placeMarketBet',
    { market_id: openMo, selection_id: away!.selection_id, is_back: 0, odds: 1.01, stake: 230.5 },
    token,
  );
  // ...profit & loss and statement rows: a back on another match, settled as won.
  const settled = await upcomingCricket(suite, token, 1);
  const mo = settled.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
  const winner = mo.runners[0]!;
  await api(
    'bet/placeMarketBet',
    {
      market_id: mo.market_id,
      selection_id: winner.selection_id,
      is_back: 1,
      odds: winner.back[0]!.price,
      stake: 150,
    },
    token,
  );
  await api('operator/declareResult', { market_id: mo.market_id, winner_ids: [winner.selection_id] }, admin);
  // Live casino bets and casino results: a TP T20 round played to its end (its winner and cards
  // in the row), so today has a finished round too.
  await casinoBet(token, 100);
  await until(async () => {
    const rounds = await api<{ rows: { status: string }[] }>(
      'casino/getLiveCasinoBets',
      { from_date: istToday(), to_date: istToday(), page: 1 },
      token,
    );
    return rounds.rows.length > 0 && rounds.rows.every((r) => r.status === 'settled');
  }, 150_000);
}, 300_000);

/**
 * The table's cells shown outside the screen or cut by the table's sideways scroll box (a
 * phone's cards: none), the page's sideways scroll, and its headers without a name. A visually
 * hidden header row (a phone's cards label every cell) is not on screen, so it is not measured.
 */
async function layoutOf(table: Locator) {
  return table.evaluate((el) => {
    const width = document.documentElement.clientWidth;
    const wrap = el.closest('.table-wrap')?.getBoundingClientRect();
    const [left, right] = [Math.max(0, wrap?.left ?? 0), Math.min(width, wrap?.right ?? width)];
    const outside: string[] = [];
    for (const cell of Array.from(el.querySelectorAll<HTMLElement>('th, td'))) {
      const head = cell.closest('thead');
      if (head && head.getBoundingClientRect().width <= 1) continue;
      const box = cell.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < left - 0.5 || box.right > right + 0.5)
        outside.push(
          `${cell.dataset.label ?? cell.textContent}: ${Math.round(box.left)}-${Math.round(box.right)}`,
        );
    }
    return {
      outside,
      sideways: document.scrollingElement!.scrollWidth - width,
      unnamedHeaders: Array.from(el.querySelectorAll('thead th')).filter((th) => !th.textContent?.trim())
        .length,
    };
  });
}

async function expectOnScreen(table: Locator) {
  expect(await layoutOf(table)).toEqual({ outside: [], sideways: 0, unnamedHeaders: 0 });
}

/** The sum in paise of a column's cells over the table's rows (sums rows have no td). */
async function columnSum(table: Locator, column: string, rows = 'tbody tr') {
  const texts = await table.locator(`${rows} td[data-label="${column}"]`).allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  return texts.reduce((sum, t) => sum + paise(t || '0'), 0);
}

async function open(page: Page, route: string, table: Locator) {
  await page.goto(`/#/report/${route}`);
  await table.locator('tbody tr').first().waitFor();
}

describe.each(VIEWPORTS)('report tables at $width px', (vp: Viewport) => {
  it('every column on screen, headers named, totals the sums of the rows', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page, 'demo1');

      // Current bets, all of them: the resting lay has a Cancel, so the Action column is there.
      const bets = page.getByTestId('current-bet-table');
      await open(page, 'current-bet', bets);
      await page.getByTestId('current-bet-type-all').check();
      await eventually(async () => (await bets.getByTestId('current-bet-row').count()) >= 2).toBe(true);
      await bets.getByRole('button', { name: 'Cancel' }).waitFor();
      await expectOnScreen(bets);
      for (const column of ['Stake', 'Matched', 'Unmatched'])
        expect(
          paise(await bets.getByTestId(`current-bet-totals-${column.toLowerCase()}`).textContent()),
        ).toBe(await columnSum(bets, column));

      // Account statement: credit and debit of the period (one page here).
      const statement = page.getByTestId('statement-table');
      await open(page, 'account-statement', statement);
      await expectOnScreen(statement);
      for (const column of ['Credit', 'Debit'])
        expect(
          paise(await statement.getByTestId(`statement-total-${column.toLowerCase()}`).textContent()),
        ).toBe(await columnSum(statement, column));

      // Profit & Loss: the settled market under its sport, and the period's total.
      const pnl = page.getByTestId('profit-loss-table');
      await open(page, 'profit-loss', pnl);
      await expectOnScreen(pnl);
      const marketRows = 'tbody tr[data-testid="profit-loss-row"]';
      for (const column of ['P&L', 'Commission', 'Net'])
        expect(
          paise(
            await pnl
              .getByTestId(`profit-loss-total-${column === 'P&L' ? 'pnl' : column.toLowerCase()}`)
              .textContent(),
          ),
        ).toBe(await columnSum(pnl, column, marketRows));

      // Live casino bets: stake, payout and P&L of the rounds.
      const casino = page.getByTestId('live-casino-table');
      await open(page, 'live-casino-bets', casino);
      await expectOnScreen(casino);
      for (const [column, id] of [
        ['Stake', 'stake'],
        ['Payout', 'payout'],
        ['P&L', 'pnl'],
      ] as const)
        expect(paise(await casino.getByTestId(`live-casino-total-${id}`).textContent())).toBe(
          await columnSum(casino, column),
        );

      // Casino results (no money): a game's rounds of today, cards and proof on screen.
      const results = page.getByTestId('casino-result-table');
      await page.goto('/#/report/casino-result');
      await page.getByTestId('casino-result-game').selectOption(TP_T20);
      await page.getByTestId('casino-result-submit').click();
      await results.getByTestId('casino-result-row').first().waitFor();
      await expectOnScreen(results);

      // The activity log under the profile (no money).
      await page.goto('/#/user');
      const activity = page.getByTestId('activity-table');
      await activity.getByTestId('activity-row').first().waitFor();
      await expectOnScreen(activity);
    } finally {
      await context.close();
    }
  });

  it('payment statement: on screen, deposits and withdrawals summed by status', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      // demo3 has payments: one approved deposit and one pending withdrawal, seeded.
      await signIn(page, 'demo3');
      const table = page.getByTestId('payment-statement-table');
      await page.goto('/#/report/payment-withdraw');
      await eventually(() => table.getByTestId('payment-row').count()).toBe(2);
      await expectOnScreen(table);
      for (const [type, status] of [
        ['Deposit', 'Approved'],
        ['Withdraw', 'Pending'],
      ] as const) {
        const rows = table.getByTestId('payment-row').filter({
          has: page.locator(`td[data-label="Type"]`, { hasText: type }),
        });
        const amounts = await rows
          .filter({ hasText: status })
          .locator('td[data-label="Amount"]')
          .allTextContents();
        expect(amounts).toHaveLength(1);
        const total = table.getByTestId(`payment-total-${type.toLowerCase()}-${status.toLowerCase()}-amount`);
        expect(paise(await total.textContent())).toBe(amounts.reduce((s, a) => s + paise(a), 0));
      }
    } finally {
      await context.close();
    }
  });

  it("statement chart: the legend shows the latest day unhovered, the axis labels its bar's day", async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page, 'demo1');
      await page.goto('/#/report/account-statement');
      const plot = page.getByTestId('statement-chart-plot');
      await plot.locator('canvas').first().waitFor();
      const today = istToday();
      const [y, m, d] = today.split('-');
      // Every transfer of demo1 is today's: one bar, and the legend on it without a hover.
      const values = await plot.locator('.u-legend .u-value').allTextContents();
      const closing = await page.getByTestId('statement-closing').textContent();
      expect(values[0]).toBe(`${d}/${m}/${y}`);
      expect(values[3]).toBe(closing);
      await eventually(() => plot.getAttribute('data-day-labels')).toContain(`${d}/${m}`);
    } finally {
      await context.close();
    }
  });
});
