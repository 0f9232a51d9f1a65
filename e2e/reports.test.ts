import { istDate } from '@exchange/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite, upcomingCricket, type ListedMatch } from './support/suite.ts';

/**
 * The bettor's reports in real Chromium at 1280 px and 390 px, on a product whose prices do not
 * move (FEED_SIMULATOR=0). demo1 places a matched back and an unmatched lay through the API, finds
 * each under its filter in Current Bets and cancels the lay there; settled markets (through the
 * operator API) fill the account statement, which is checked row by row against the call, with
 * its running balance, type filter and paging; the Profit & Loss view shows the settled market.
 * demo3, who never bet, sees the empty states. The cups menu opens a cup's matches with prices.
 * Both widths share one product: each bets on its own match and compares the screen with the API.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const api = suite.api;
let admin: string;

interface StatementPage {
  rows: { credit: number; debit: number; balance: number; remark: string; type: string }[];
  total: number;
  totals: { credit: number; debit: number; opening_balance: number; closing_balance: number };
  days: { day: string; pnl: number; balance: number }[];
}
interface ProfitLoss {
  rows: { market_id: number; sport_id: number; net: number }[];
  sports: { sport_id: number; net: number }[];
  total: { net: number };
}

beforeAll(async () => {
  admin = await suite.tokenOf('admin');
});

const fixed = (n: number) => n.toFixed(2);
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 200 });
const textOf = async (scope: Page | Locator, testId: string) =>
  (await scope.getByTestId(testId).textContent()) ?? '';

/** Today in IST as yyyy-MM-dd (the report calls' day format). */
const istToday = () => istDate(Date.now());


async function openFromUserMenu(page: Page, item: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(`user-menu-${item}`).click();
}

/** The visible statement rows as numbers: credit, debit, balance, and the remark. */
async function statementRows(page: Page) {
  return page.getByTestId('statement-row').evaluateAll((rows) =>
    rows.map((tr) => {
      const cells = Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '');
      return {
        credit: Number(cells[1] || 0),
        debit: Number(cells[2] || 0),
        balance: Number(cells[3]),
        remark: cells[4] ?? '',
      };
    }),
  );
}

const apiRows = (page: StatementPage) =>
  page.rows.map((r) => ({ credit: r.credit, debit: r.debit, balance: r.balance, remark: r.remark }));

/** A fancy line on the match that demo1 backs YES and the operator settles over the line: +100 to demo1. */
async function settledFancyWin(matchId: number, name: string, token: string): Promise<void> {
  const fancy = await api<{ market_id: number }>(
    'operator/createMarket',
    {
      match_id: matchId,
      kind: 'FANCY',
      market_type: 'FANCY',
      name,
      in_play: false,
      fancy: { no_line: 45, no_rate: 100, yes_line: 46, yes_rate: 100 },
    },
    admin,
  );
  await api(
    'bet/placeFancyBet',
    { fancy_id: fancy.market_id, is_back: 1, run: 46, rate: 100, stake: 100 },
    token,
  );
  await api('operator/declareResult', { market_id: fancy.market_id, runs: 50 }, admin);
}

describe.each(VIEWPORTS)('reports at $width px', (vp: Viewport) => {
  it('current bets, cancel, account statement, profit & loss', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const token = await signIn(page, 'demo1');

      // A cricket match not in play (no bet delay), a different one per width.
      const { match, markets } = await upcomingCricket(suite, token, vp.width < 993 ? 1 : 0);
      const detail = { markets };
      const odds = detail.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
      const [home, away] = odds.runners;
      const mo = odds.market_id;

      // A back at the best price is matched by the market maker; a lay at 1.01 finds no one.
      const backOdds = home!.back[0]!.price;
      const matched = await api<{ bet_id: number; status: string }>(
        'bet/placeMarketBet',
        { market_id: mo, selection_id: home!.selection_id, is_back: 1, odds: backOdds, stake: 100 },
        token,
      );
      expect(matched.status).toBe('MATCHED');
      const resting = await api<{ bet_id: number; status: string }>(
        'bet/placeMarketBet',
        { market_id: mo, selection_id: away!.selection_id, is_back: 0, odds: 1.01, stake: 200 },
        token,
      );
      expect(resting.status).toBe('UNMATCHED');

      // Current Bets opens on the matched bets: the back is there, the resting lay is not.
      await openFromUserMenu(page, 'current-bet');
      await page.waitForURL(/#\/report\/current-bet$/);
      const table = page.getByTestId('current-bet-table');
      const matchedRow = table.locator(`[data-bet-id="${matched.bet_id}"]`);
      const restingRow = table.locator(`[data-bet-id="${resting.bet_id}"]`);
      await matchedRow.waitFor();
      expect(await page.getByTestId('current-bet-type-matched').isChecked()).toBe(true);
      expect(await restingRow.count()).toBe(0);
      const matchedCells = await matchedRow.locator('td').allTextContents();
      // The odds asked and the average matched (the same here: the back took the price it asked).
      expect(matchedCells.slice(0, 9)).toEqual([
        `${match.match_name}Cricket`,
        'Match Odds',
        home!.name,
        'Back',
        fixed(backOdds),
        fixed(backOdds),
        '100.00',
        '100.00',
        '0.00',
      ]);
      expect(matchedCells[9]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      expect(await matchedRow.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

      // The sport filter asks the server for one sport's bets.
      await page.getByTestId('current-bet-sport').selectOption('1');
      await eventually(() => textOf(table, 'table-empty')).toBe('No data available in table');
      await page.getByTestId('current-bet-sport').selectOption('4');
      await matchedRow.waitFor();

      // Unmatched: only the resting lay, with its cancel.
      await page.getByTestId('current-bet-type-unmatched').check();
      await restingRow.waitFor();
      await matchedRow.waitFor({ state: 'detached' });
      expect((await restingRow.locator('td').allTextContents()).slice(2, 9)).toEqual([
        away!.name,
        'Lay',
        '1.01',
        '-',
        '200.00',
        '0.00',
        '200.00',
      ]);

      // Cancel asks first; keeping the bet changes nothing.
      await page.getByTestId(`cancel-bet-${resting.bet_id}`).click();
      await page.getByTestId('cancel-bet-modal').waitFor();
      await page.getByTestId('cancel-bet-keep').click();
      await page.getByTestId('cancel-bet-modal').waitFor({ state: 'detached' });
      expect(await restingRow.count()).toBe(1);
      await page.getByTestId(`cancel-bet-${resting.bet_id}`).click();
      await page.getByTestId('cancel-bet-confirm').click();
      await page
        .locator('[data-sonner-toast]', { hasText: 'Bet cancelled: 200.00 unmatched returned' })
        .first()
        .waitFor({ state: 'attached' });
      await restingRow.waitFor({ state: 'detached' });
      const unmatchedLeft = await api<{ bet_id: number }[]>(
        'bet/getCurrentBets',
        { bet_type: 'unmatched' },
        token,
      );
      expect(unmatchedLeft.map((b) => b.bet_id)).not.toContain(resting.bet_id);
      await page.getByTestId('current-bet-type-all').check();
      await matchedRow.waitFor();

      // The operator settles Match Odds (home won) and ten fancy lines demo1 backed YES and won.
      await api('operator/declareResult', { market_id: mo, winner_ids: [home!.selection_id] }, admin);
      for (let i = 1; i <= 10; i++) await settledFancyWin(match.match_id, `Reports ${vp.name} ${i}`, token);
      // A settled market's bets leave Current Bets.
      await eventually(() => table.locator(`[data-bet-id="${matched.bet_id}"]`).count()).toBe(0);

      // Account statement: every row as the call has it, newest first, with the running balance.
      const today = istToday();
      const statement = (body: Record<string, unknown>) =>
        api<StatementPage>(
          'accountStatement/getUserAccountStatementHistory',
          { from_date: today, to_date: today, page: 1, limit: 20, ...body },
          token,
        );
      await openFromUserMenu(page, 'account-statement');
      await page.waitForURL(/#\/report\/account-statement$/);
      const all = await statement({});
      expect(all.total).toBeGreaterThan(10);
      await eventually(() => statementRows(page)).toEqual(apiRows(all));
      const shown = await statementRows(page);
      expect(shown[0]!.balance).toBe(
        (await api<{ total_balance: number }>('user/getUserBalance', undefined, token)).total_balance,
      );
      // Each row's balance is the older row's plus its credit minus its debit.
      for (let i = 0; i + 1 < shown.length; i++) {
        expect(fixed(shown[i]!.balance)).toBe(
          fixed(shown[i + 1]!.balance + shown[i]!.credit - shown[i]!.debit),
        );
      }
      expect(shown.filter((r) => r.remark.includes(`Reports ${vp.name}`) && r.credit === 100)).toHaveLength(
        Math.min(10, shown.length),
      );
      expect(await textOf(page, 'statement-total-credit')).toBe(fixed(all.totals.credit));
      expect(await textOf(page, 'statement-total-debit')).toBe(fixed(all.totals.debit));
      expect(await textOf(page, 'statement-closing')).toBe(fixed(all.totals.closing_balance));
      // The period's P&L over its chart (uPlot draws on a canvas, loaded with the chart).
      expect(await textOf(page, 'statement-pnl')).toBe(fixed(all.days.reduce((s, d) => s + d.pnl, 0)));
      await page.getByTestId('statement-chart-plot').locator('canvas').first().waitFor();

      // Paging: 10 a page, the second page continues where the first ended.
      await page.getByTestId('statement-limit').selectOption('10');
      await eventually(() => textOf(page, 'statement-pager')).toContain(
        `Showing 1 to 10 of ${all.total} entries`,
      );
      await page.getByTestId('statement-pager').getByRole('button', { name: 'Next' }).click();
      const page2 = await statement({ page: 2, limit: 10 });
      await eventually(() => statementRows(page)).toEqual(apiRows(page2));
      expect(await textOf(page, 'statement-pager')).toContain(
        `Showing 11 to ${Math.min(20, all.total)} of ${all.total}`,
      );

      // Type filter: the deposit is the agent's chips; sports are the settlements.
      await page.getByTestId('statement-type').selectOption('deposit');
      await page.getByTestId('statement-submit').click();
      await eventually(() => statementRows(page)).toEqual([
        { credit: 100_000, debit: 0, balance: 100_000, remark: 'Chips from agent1 to demo1' },
      ]);
      await page.getByTestId('statement-type').selectOption('sports');
      await page.getByTestId('statement-submit').click();
      const sports = await statement({ statement_type: 'sports', limit: 10 });
      expect(sports.rows.every((r) => r.type === 'sports')).toBe(true);
      await eventually(() => statementRows(page)).toEqual(apiRows(sports));
      expect(await textOf(page, 'statement-pager')).toContain(`of ${sports.total} entries`);

      // Profit & Loss: the settled Match Odds under Cricket, as the report call has it.
      await openFromUserMenu(page, 'profit-loss');
      await page.waitForURL(/#\/report\/profit-loss$/);
      const pnl = await api<ProfitLoss>('report/profitLoss', { from_date: today, to_date: today }, token);
      const moRow = pnl.rows.find((r) => r.market_id === mo)!;
      expect(moRow.net).toBeGreaterThan(0);
      await eventually(() => textOf(page, `profit-loss-net-${mo}`)).toBe(fixed(moRow.net));
      expect(await page.getByTestId(`profit-loss-net-${mo}`).getAttribute('class')).toBe('profit');
      expect(await textOf(page, 'profit-loss-sport-net-4')).toBe(
        fixed(pnl.sports.find((s) => s.sport_id === 4)!.net),
      );
      expect(await textOf(page, 'profit-loss-total-net')).toBe(fixed(pnl.total.net));
      expect(await page.getByTestId('profit-loss-row').count()).toBe(pnl.rows.length);
    } finally {
      await context.close();
    }
  });

  it('demo3 without bets: the empty states', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page, 'demo3');
      await openFromUserMenu(page, 'current-bet');
      await eventually(() => textOf(page.getByTestId('current-bet-table'), 'table-empty')).toBe(
        'No data available in table',
      );
      await openFromUserMenu(page, 'profit-loss');
      await eventually(() => textOf(page.getByTestId('profit-loss-table'), 'table-empty')).toBe(
        'No data available in table',
      );
      expect(await page.getByTestId('profit-loss-total').count()).toBe(0);
      // The statement has demo3's chips and its seeded deposit and withdrawal hold, but no
      // betting: the sports filter is empty.
      await openFromUserMenu(page, 'account-statement');
      await eventually(() => page.getByTestId('statement-row').count()).toBe(3);
      await page.getByTestId('statement-type').selectOption('sports');
      await page.getByTestId('statement-submit').click();
      await eventually(() => textOf(page.getByTestId('statement-table'), 'table-empty')).toBe(
        'No data available in table',
      );
      expect(await page.getByTestId('statement-summary').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the cups menu opens a cup with its matches and their prices', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const token = await signIn(page, 'demo3');
      const cups = await api<{ cup_id: number; name: string; sport_id: number; series_id: number }[]>(
        'match/getCupsForMenu',
        undefined,
        token,
      );
      const cup = cups.find((c) => c.name === 'World Cup')!;
      const listed = (await api<ListedMatch[]>('match/getMatches', { sport_id: cup.sport_id }, token)).filter(
        (m) => m.series_id === cup.series_id,
      );
      expect(listed.length).toBeGreaterThan(0);

      // On a phone the sidebar is a drawer behind the menu button.
      if (vp.width < 993) await page.getByTestId('mobile-menu-button').click();
      await page.getByTestId(`sidebar-cup-${cup.cup_id}`).click();
      await page.waitForURL(new RegExp(`#/all-sports/${cup.sport_id}\\?series=${cup.series_id}$`));
      const rows = page.getByTestId('all-sports-page').getByTestId('match-row');
      await eventually(() => rows.count()).toBe(listed.length);
      expect((await rows.getByTestId('match-link').allTextContents()).sort()).toEqual(
        listed.map((m) => m.match_name).sort(),
      );
      // The best back of the first runner, as the match list call prices it.
      const priced = listed.find((m) => m.match_odds?.runners[0]?.back)!;
      await eventually(() => textOf(page, `list-odds-${priced.match_id}-1-back`)).toContain(
        String(priced.match_odds!.runners[0]!.back!.price),
      );
      // The whole sport again.
      await page.getByTestId('all-sports-every-series').click();
      await page.waitForURL(new RegExp(`#/all-sports/${cup.sport_id}$`));
      await eventually(async () => (await rows.count()) > listed.length).toBe(true);
    } finally {
      await context.close();
    }
  });
});
