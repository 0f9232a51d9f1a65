import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './support/api.ts';
import { axeViolations } from './support/axe.ts';
import { newPage, signIn, VIEWPORTS } from './support/browser.ts';
import { browserSuite, upcomingCricket, type ListedMatch, type Market } from './support/suite.ts';

/**
 * Issue 24 in real Chromium at 1280 px and on a phone (390 px; prices do not move:
 * FEED_SIMULATOR=0), each width on a match of its own: a fancy line's Book opens over the page,
 * fits it and lists the P&L by run total, and one-click betting is switched on (after its
 * warning) above the markets and places a bet from a click on a price, without a slip; no axe
 * violation, nothing wider than the screen.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });

/** How much wider than the viewport the page scrolls (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(VIEWPORTS)('fancy Book and one-click betting at $width px', (vp) => {
  let context: BrowserContext;
  let page: Page;
  let match: ListedMatch;
  let markets: Market[];

  beforeAll(async () => {
    ({ context, page } = await newPage(suite.browser, suite.product.baseUrl, vp));
    const token = await signIn(page);
    ({ match, markets } = await upcomingCricket(suite, token, vp.width < 993 ? 0 : 1));
  }, 120_000);
  afterAll(() => context?.close());

  it('opens the Book of a line with a bet, inside the screen', { timeout: 120_000 }, async () => {
    const line = markets.find((m) => m.kind === 'FANCY' && m.market_type !== 'BINARY' && m.fancy)!;
    await apiAs(page, 'POST', 'bet/placeFancyBet', {
      fancy_id: line.market_id,
      is_back: 1,
      run: line.fancy!.yes_line,
      rate: line.fancy!.yes_rate,
      stake: 100,
    });
    await page.goto(`/#/game-details/4/${match.match_id}`);
    await page.getByTestId('match-header').waitFor();
    await page.getByRole('button', { name: `Book of ${line.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Book: ${line.name}` });
    await expect.poll(() => dialog.getByRole('row').count()).toBe(3);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
    expect(await axeViolations(page, 'fancy book')).toEqual([]);
    await page.screenshot({ path: `/tmp/md24-fancy-book-${vp.width}.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it(
    'turns one-click on after its warning; a click on a price then places the bet, no slip',
    { timeout: 120_000 },
    async () => {
      const odds = markets.find((m) => m.market_type === 'MATCH_ODDS')!;
      const runner = odds.runners[0]!;
      await page.getByRole('switch', { name: 'One-click betting' }).click();
      const warning = page.getByRole('dialog', { name: 'Turn on one-click betting?' });
      await warning.getByRole('button', { name: 'Turn on' }).click();
      await warning.waitFor({ state: 'detached' });
      await page
        .getByRole('group', { name: 'One-click stake' })
        .getByRole('button', { name: '500', exact: true })
        .click();
      expect(await overflow(page)).toBe(0);
      expect(await axeViolations(page, 'one-click on')).toEqual([]);
      await page.screenshot({ path: `/tmp/md24-one-click-${vp.width}.png` });

      await page.getByTestId(`price-${odds.market_id}-${runner.selection_id}-back-0`).click();
      await page.getByText(/^Bet (Matched|Partially Matched|Unmatched)$/).waitFor();
      expect(await page.getByTestId('bet-slip').count()).toBe(0);
      const bets = await apiAs<{ market_id: number; stake: number }[]>(page, 'POST', 'bet/getCurrentBets', {
        bet_type: 'all',
        match_id: match.match_id,
      });
      expect(bets.filter((b) => b.market_id === odds.market_id).map((b) => b.stake)).toEqual([500]);
    },
  );
});
