import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, login, newPage, VIEWPORTS, type Viewport } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { startProduct, type RunningProduct } from './support/product.ts';

/**
 * The live feed end to end, in real Chromium at 1280 px and 390 px: with the simulator running
 * fast (FEED_SPEED=6, a football match lasts about 45 seconds), demo1 backs a side of a
 * football match in play from the bet slip, watches the match play on, and once the simulator
 * has settled it reads the result in the account statement, with the header's balance equal to
 * the statement's last running balance. Nobody declares anything by hand.
 */
let product: RunningProduct;
const api = <T>(path: string, body?: unknown, token?: string) => callApi<T>(product.baseUrl, path, body, token);
let browser: Browser;

interface ListedMatch {
  match_id: number;
  match_name: string;
  in_play: boolean;
  score: string | null;
  match_odds: { market_id: number; runners: { back: { price: number } | null }[] } | null;
}
interface StatementRow {
  remark: string;
  balance: number;
}


const plain = (s: string | null) => (s ?? '').replace(/[^\d.-]/g, '');

beforeAll(async () => {
  product = await startProduct({ FEED_SPEED: '6' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function signIn(page: Page): Promise<string> {
  await login(page, 'demo1');
  await page.waitForURL(/#\/home/);
  await page.getByTestId('welcome-popup-close').click();
  return (await page.evaluate(() => localStorage.getItem('usertoken')))!;
}

describe.each(VIEWPORTS)('a match the simulator settles, at $width px', (vp: Viewport) => {
  it('demo1 backs in play; the simulator plays the match out and settles it; the statement shows the result', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage(browser, product.baseUrl, vp);
    try {
      const token = await signIn(page);
      // The football match in play least far on, with a price to back; back its home side from
      // the slip. Odds of 1.01 take the best lay on offer whatever the simulator has moved it to
      // during the in-play delay (a back matches at the resting price). A match that reaches
      // full time before the bet is placed is swapped for the next one kicked off.
      let match: ListedMatch | undefined;
      for (let attempt = 0; attempt < 3 && !match; attempt++) {
        let candidate: ListedMatch | undefined;
        await expect
          .poll(
            async () => {
              const list = await api<ListedMatch[]>('match/getMatches', { sport_id: 1 }, token);
              const minute = (m: ListedMatch) => Number(/\((\d+)'\)/.exec(m.score ?? '')?.[1] ?? 0);
              candidate = list.filter((m) => m.in_play && m.match_odds?.runners[0]?.back).sort((a, b) => minute(a) - minute(b))[0];
              return candidate !== undefined;
            },
            { timeout: 60_000, interval: 500 },
          )
          .toBe(true);
        const marketId = candidate!.match_odds!.market_id;
        await page.goto(`/#/game-details/1/${candidate!.match_id}`);
        try {
          await page.getByTestId(`price-${marketId}-1-back-0`).click();
          await page.getByTestId('slip-odds').fill('1.01');
          await page.getByTestId('slip-stake').fill('100');
          await page.getByTestId('slip-place').click();
          await page.locator('[data-sonner-toast]', { hasText: 'Bet Matched' }).first().waitFor({ state: 'attached', timeout: 30_000 });
          match = candidate;
        } catch (error) {
          if (process.env.E2E_DEBUG) await page.screenshot({ path: `/tmp/feed-e2e-${vp.width}-${attempt}.png` });
          const list = await api<ListedMatch[]>('match/getMatches', { sport_id: 1 }, token);
          if (list.some((m) => m.match_id === candidate!.match_id && m.in_play)) throw error;
        }
      }
      expect(match).toBeDefined();

      // The match plays on: the page shows the simulator's score.
      await expect.poll(async () => (await page.getByTestId('match-score').first().textContent()) ?? '', { timeout: 30_000 }).toMatch(/\d+ - \d+/);

      // The simulator plays on to full time and settles Match Odds.
      const remark = new RegExp(`${match!.match_name} / Match Odds — (won|lost)`);
      let rows: StatementRow[] = [];
      await expect
        .poll(
          async () => {
            const statement = await api<{ rows: StatementRow[] }>(
              'accountStatement/getUserAccountStatementHistory',
              { from_date: '2020-01-01', to_date: '2099-12-31', page: 1, limit: 100 },
              token,
            );
            rows = statement.rows;
            return rows.some((r) => remark.test(r.remark));
          },
          { timeout: 120_000, interval: 1_000 },
        )
        .toBe(true);

      // The account statement shows the result row, and the header's balance is the statement's latest.
      await page.goto('/#/report/account-statement');
      await page.locator('tr', { hasText: remark }).first().waitFor();
      const balance = await api<{ total_balance: number }>('user/getUserBalance', undefined, token);
      await expect
        .poll(async () => plain(await page.getByTestId('balance').textContent()), { timeout: 20_000 })
        .toBe(balance.total_balance.toFixed(2));
      // The last posting of this market (the result, or the commission after a win) left the balance the header shows.
      const mine = rows.filter((r) => r.remark.includes(`${match!.match_name} / Match Odds`));
      expect(mine.map((r) => r.balance)).toContain(balance.total_balance);
    } finally {
      await context.close();
    }
  });
});
