import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite, upcomingCricket } from './support/suite.ts';

/**
 * The trading ladder (issue 24, ADR 55) in real Chromium at 1280 px and 390 px, on a product whose
 * prices do not move by themselves (FEED_SIMULATOR=0). A market of the test's own: a layer rests
 * Home's prices (₹1,000 to back at 2.0, ₹800 to lay at 2.2) and demo1 backs 100 at 2.0, so the
 * last traded price is 2.0. demo1 opens Home's ladder from the match page; a click on the back
 * money at 2.10 places a back of the chosen stake there (it rests), the row shows it, and a click
 * on it cancels it. Every column fits the screen; screenshots go to /tmp/ladder-shots/.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const SHOTS = '/tmp/ladder-shots';
let admin: string;
let agent: string;

beforeAll(async () => {
  admin = await suite.tokenOf('admin');
  agent = await suite.tokenOf('agent1');
  await mkdir(SHOTS, { recursive: true });
});

/** How much wider than the viewport the page scrolls (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A bettor of agent1's with chips, past its first password change: its token. */
async function newBettor(name: string): Promise<string> {
  const created = await suite.api<{ user_id: number }>(
    'agent/createUser',
    { user_name: name, password: 'Bettor@1234', role: 'user' },
    agent,
  );
  const first = await suite.tokenOf(name, 'Bettor@1234');
  await suite.api(
    'user/changePassword',
    { master_password: 'Bettor@1234', new_password: 'Bettor@5678', confirm_password: 'Bettor@5678' },
    first,
  );
  await suite.api(
    'agent/transferChips',
    { user_id: created.user_id, amount: 50_000, direction: 'deposit', client_ref: `fund-${name}` },
    agent,
  );
  return suite.tokenOf(name, 'Bettor@5678');
}

describe.each(VIEWPORTS)('the trading ladder at $width px', (vp: Viewport) => {
  it(
    'opens from the match page; a click on the back money places there, the row shows it, a click on it cancels it',
    { timeout: 300_000 },
    async () => {
      const layer = await newBettor(`ladlayer${vp.width < 993 ? 'p' : 'd'}`);
      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        const token = await signIn(page);
        const { match } = await upcomingCricket(suite, token, vp.width < 993 ? 1 : 0);
        const { market_id: market } = await suite.api<{ market_id: number }>(
          'operator/createMarket',
          {
            match_id: match.match_id,
            kind: 'EXCHANGE',
            market_type: 'WINNER',
            name: `Ladder ${vp.width}`,
            runners: [{ name: 'Home' }, { name: 'Away' }],
            in_play: false,
          },
          admin,
        );
        const bet = (who: string, is_back: 0 | 1, odds: number, stake: number) =>
          suite.api('bet/placeMarketBet', { market_id: market, selection_id: 1, is_back, odds, stake }, who);
        await bet(layer, 0, 2, 1000);
        await bet(layer, 1, 2.2, 800);
        await bet(token, 1, 2, 100);

        await page.goto(`/#/game-details/4/${match.match_id}`);
        const link = page.getByTestId(`market-${market}`).getByRole('link', { name: 'Ladder of Home' });
        // In the middle of the screen: a phone's toasts (the bell's "Bet matched") sit at its foot.
        await link.evaluate((e) => e.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: `${SHOTS}/${vp.width}-match-page.png` });
        await link.click();
        const ladder = page.getByRole('grid', { name: 'Ladder of Home' });
        await ladder.waitFor();
        const row = (odds: string) => page.getByTestId(`ladder-row-${odds}`);
        await expect.poll(() => page.getByTestId('ladder-ltp').textContent()).toBe('2');
        expect(await row('2.00').getAttribute('class')).toContain('ladder__row--ltp');
        await expect.poll(() => page.getByTestId('ladder-if-wins').textContent()).toBe('+₹100.00');
        // Every column inside the screen, rows tall enough to touch.
        expect(await overflow(page)).toBe(0);
        const box = (await row('2.00').boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
        expect(box.height).toBeGreaterThanOrEqual(32);
        const pnl = (await row('2.10').getByRole('gridcell').nth(6).boundingBox())!;
        expect(pnl.x + pnl.width).toBeLessThanOrEqual(vp.width);
        expect(await axeViolations(page, 'trading ladder')).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/${vp.width}-ladder.png`, fullPage: true });

        await page.getByRole('button', { name: /^Back 2\.10 for ₹100/ }).click();
        await page.getByText('Bet Unmatched').waitFor();
        const mine = page.getByRole('button', { name: 'Cancel your back of ₹100 at 2.10' });
        await expect.poll(() => mine.textContent()).toBe('100');
        expect(await row('2.10').getByRole('gridcell').nth(3).textContent()).toBe('100');
        await page.screenshot({ path: `${SHOTS}/${vp.width}-ladder-bet.png`, fullPage: true });

        await mine.click();
        await page.getByText('Bet Cancelled').waitFor();
        await mine.waitFor({ state: 'detached' });
        expect(await row('2.10').getByRole('gridcell').nth(3).textContent()).toBe('');
        const unmatched = await suite.api<unknown[]>(
          'bet/getCurrentBets',
          { bet_type: 'unmatched', match_id: match.match_id },
          token,
        );
        expect(unmatched).toEqual([]);

        // Kept live: another bettor's lay at 2.06 shows as money to back there, the rows unmoved.
        await bet(layer, 0, 2.06, 300);
        await expect
          .poll(() => row('2.06').getByRole('gridcell').nth(1).textContent(), { timeout: 10_000 })
          .toBe('300');
        expect(await page.getByRole('row').nth(13).getAttribute('data-testid')).toBe('ladder-row-2.00');

        await page.getByRole('button', { name: 'Back to the match' }).click();
        await page.getByTestId(`market-${market}`).waitFor();
      } finally {
        await context.close();
      }
    },
  );
});
