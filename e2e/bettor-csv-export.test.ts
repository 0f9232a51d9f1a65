import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { consoleSignIn, expectNoSidewaysScroll } from './support/console.ts';
import { browserSuite, upcomingCricket } from './support/suite.ts';

/**
 * Issue 25 (ADR 59) in real Chromium at 1280 px and 390 px: demo1's P&L report and account
 * statement are downloaded with Export CSV, and each file, read as a spreadsheet would (RFC 4180,
 * the BOM stripped), has the rows the screen shows (count and key cells) and the same totals. The
 * period presets and the button fit the screen, with no sideways scroll. In the agents' console,
 * agent1's user page of demo1 offers the server's file on its Statement, Bets and P&L tabs.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const SHOTS = '/tmp/export-shots';

/** RFC 4180: fields split on commas, quoted fields with "" for a quote, CRLF between records. */
function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && src[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

/** Rupees as shown or filed ('1140.00', '', '-102.5') in paise, so figures compare exactly. */
const paise = (text: string | null | undefined) => Math.round(Number((text ?? '').trim() || '0') * 100);

/** Clicks Export CSV and answers the file Chromium saved, parsed: its header and its records. */
async function download(
  page: Page,
): Promise<{ name: string; raw: string; header: string[]; rows: string[][] }> {
  const button = page.getByRole('button', { name: 'Export CSV' });
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const raw = await readFile((await file.path())!, 'utf8');
  const [header, ...rows] = parseCsv(raw);
  return { name: file.suggestedFilename(), raw, header: header!, rows };
}

/** How much wider than the viewport the page scrolls (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The text of each row's cell of a column (by the cells' data-label). */
const cells = (rows: Locator, column: string) => rows.locator(`td[data-label="${column}"]`).allTextContents();

let demo1Id = 0;

beforeAll(async () => {
  const agent = await suite.tokenOf('agent1');
  const downline = await suite.api<{ rows: { user_id: number; user_name: string }[] }>(
    'agent/getDownline',
    { search: 'demo1', page: 1, limit: 10 },
    agent,
  );
  demo1Id = downline.rows.find((r) => r.user_name === 'demo1')!.user_id;
  const admin = await suite.tokenOf('admin');
  const token = await suite.tokenOf('demo1');
  // A settled market of today for the P&L report and the statement: a back, settled as won, and
  // a lay on another match, settled as lost.
  for (const [nth, isBack] of [
    [2, 1],
    [3, 0],
  ] as const) {
    const { markets } = await upcomingCricket(suite, token, nth);
    const mo = markets.find((m) => m.market_type === 'MATCH_ODDS')!;
    const runner = mo.runners[0]!;
    await suite.api(
      'bet/placeMarketBet',
      {
        market_id: mo.market_id,
        selection_id: runner.selection_id,
        is_back: isBack,
        odds: isBack ? runner.back[0]!.price : runner.lay[0]!.price,
        stake: isBack ? 120 : 100,
      },
      token,
    );
    await suite.api(
      'operator/declareResult',
      { market_id: mo.market_id, winner_ids: [runner.selection_id] },
      admin,
    );
  }
}, 240_000);

describe.each(VIEWPORTS)('CSV exports at $width px', (vp: Viewport) => {
  it('the P&L file has the rows and totals shown', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page, 'demo1');
      await page.goto('/#/report/profit-loss');
      const table = page.getByTestId('profit-loss-table');
      const periods = page.getByRole('group', { name: 'Period' });
      await periods.getByRole('button', { name: '30 days' }).click();
      expect(await periods.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      const rows = table.locator('tbody tr[data-testid="profit-loss-row"]');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(await overflow(page)).toBe(0);
      await page.screenshot({ path: `${SHOTS}/profit-loss-${vp.width}.png`, fullPage: true });

      const file = await download(page);
      expect(file.raw.startsWith('\uFEFF')).toBe(true);
      expect(file.name).toMatch(/^profit-loss-demo1-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(file.header).toEqual(['Sport', 'Match', 'Market', 'Settled (IST)', 'P&L', 'Commission', 'Net']);
      const total = file.rows.at(-1)!;
      const markets = file.rows.slice(0, -1);
      expect(total[0]).toBe('Total');

      // The same markets: by settled time and market name, with the same P&L, commission and net.
      const shown = await rows.evaluateAll((trs) =>
        trs.map((tr) => {
          const cell = (label: string) => tr.querySelector(`td[data-label="${label}"]`);
          return {
            market: cell('Market')!.firstElementChild!.textContent!.trim(),
            match: cell('Market')!.querySelector('.report-table__sub')!.textContent!.trim(),
            settled: cell('Settled')!.textContent!.trim(),
            pnl: cell('P&L')!.textContent!,
            commission: cell('Commission')!.textContent!,
            net: cell('Net')!.textContent!,
          };
        }),
      );
      const key = (r: { settled: string; market: string; match: string }) =>
        `${r.settled} ${r.match} ${r.market}`;
      expect(markets.length).toBe(shown.length);
      const filed = new Map(markets.map((r) => [key({ match: r[1]!, market: r[2]!, settled: r[3]! }), r]));
      for (const s of shown) {
        const r = filed.get(key(s));
        expect(r, key(s)).toBeDefined();
        expect([paise(r![4]), paise(r![5]), paise(r![6])]).toEqual([
          paise(s.pnl),
          paise(s.commission),
          paise(s.net),
        ]);
      }
      for (const [i, id] of [
        [4, 'pnl'],
        [5, 'commission'],
        [6, 'net'],
      ] as const)
        expect(paise(total[i]), id).toBe(
          paise(await page.getByTestId(`profit-loss-total-${id}`).textContent()),
        );
    } finally {
      await context.close();
    }
  });

  it('the statement file has the rows and totals shown', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page, 'demo1');
      await page.goto('/#/report/account-statement');
      const table = page.getByTestId('statement-table');
      // Every entry of the period on one page, so each row shown is checked against the file.
      await page.getByTestId('statement-limit').selectOption('100');
      const rows = table.locator('tbody tr[data-testid="statement-row"]');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(await overflow(page)).toBe(0);
      await page.screenshot({ path: `${SHOTS}/statement-${vp.width}.png`, fullPage: true });

      const file = await download(page);
      expect(file.raw.startsWith('\uFEFF')).toBe(true);
      expect(file.header).toEqual(['Date (IST)', 'Type', 'Remark', 'Credit', 'Debit', 'Balance']);
      const total = file.rows.at(-1)!;
      const entries = file.rows.slice(0, -1);
      expect(total[0]).toBe('Total');

      const totalLabel = (await page.getByTestId('statement-total').textContent()) ?? '';
      const count = Number(/Total \((\d+) entries\)/.exec(totalLabel)?.[1]);
      expect(entries.length).toBe(count);
      // The page shows the period's first entries (all of them up to 100) in the file's order.
      const shown = {
        date: await cells(rows, 'Date'),
        credit: await cells(rows, 'Credit'),
        debit: await cells(rows, 'Debit'),
        balance: await cells(rows, 'Balance'),
      };
      expect(shown.date.length).toBe(Math.min(count, 100));
      expect(
        entries.slice(0, shown.date.length).map((r) => [r[0], paise(r[3]), paise(r[4]), paise(r[5])]),
      ).toEqual(
        shown.date.map((d, i) => [
          d.trim(),
          paise(shown.credit[i]),
          paise(shown.debit[i]),
          paise(shown.balance[i]),
        ]),
      );
      expect([paise(total[3]), paise(total[4])]).toEqual([
        paise(await page.getByTestId('statement-total-credit').textContent()),
        paise(await page.getByTestId('statement-total-debit').textContent()),
      ]);
      expect(paise(total[5])).toBe(paise(await page.getByTestId('statement-closing').textContent()));
    } finally {
      await context.close();
    }
  });

  it('current bets: the button fits the screen', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page, 'demo1');
      await page.goto('/#/report/current-bet');
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      await page.getByTestId('current-bet-table').locator('tbody tr').first().waitFor();
      expect(await overflow(page)).toBe(0);
      await page.screenshot({ path: `${SHOTS}/current-bets-${vp.width}.png`, fullPage: true });
      const file = await download(page);
      expect(file.name).toMatch(/^current-bets-demo1-/);
      expect(file.header.length).toBeGreaterThan(3);
    } finally {
      await context.close();
    }
  });

  it(
    "console: a downline user's tabs export the user's file, inside the screen",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        await consoleSignIn(page, 'agent1');
        for (const [tab, report] of [
          ['statement', 'statement'],
          ['bets', 'current-bets'],
          ['pnl', 'profit-loss'],
        ] as const) {
          await page.goto(`/console/#/downline/user/${demo1Id}?tab=${tab}`);
          const button = page.getByTestId(`user-${tab === 'bets' ? 'bets' : tab}-export`);
          await button.waitFor();
          await expectNoSidewaysScroll(page, vp);
          await page.screenshot({ path: `${SHOTS}/console-${tab}-${vp.width}.png`, fullPage: true });
          const file = await download(page);
          expect(file.name).toMatch(new RegExp(`^${report}-demo1-`));
          expect(file.header.length).toBeGreaterThan(3);
        }
      } finally {
        await context.close();
      }
    },
  );
});
