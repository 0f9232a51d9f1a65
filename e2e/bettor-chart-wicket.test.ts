import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS } from './support/browser.ts';
import { browserSuite, type Market } from './support/suite.ts';

/**
 * Issue 24 in real Chromium at 1280 px and 390 px, with the feed playing cricket fast
 * (FEED_SPEED=20): demo1 trades on a match in play; once the feed has taken a wicket after that
 * trade, the runner's price chart (opened from the match page) shows the trade's volume and the
 * wicket, marked "W" over the plot and listed under it with its text, as the server stored it
 * (market/getPriceHistory's events). Screenshots go to /tmp/chart-shots/.
 */
const suite = browserSuite({ FEED_SPEED: '20' });
const SHOTS = '/tmp/chart-shots';

interface ListedMatch {
  match_id: number;
  in_play: boolean;
  match_odds: { market_id: number } | null;
}
interface History {
  intervals: { volume: number }[];
  events: { at: string; kind: string; text: string }[];
}

/** How much wider than the viewport the page scrolls (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(VIEWPORTS)('a wicket on the price chart at $width px', (vp) => {
  it('marks and lists the wicket the feed took after a trade', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const token = await signIn(page);
      // A cricket match in play with Match Odds and a price to take: demo1 backs 100 into it (at
      // 1.01: whatever the best price is after the in-play delay); a refusal (the ball is
      // running) tries the next match.
      let traded: { matchId: number; market: Market; selectionId: number } | undefined;
      await expect
        .poll(
          async () => {
            const cricket = await suite.api<ListedMatch[]>('match/getMatches', { sport_id: 4 }, token);
            for (const m of cricket.filter((c) => c.in_play && c.match_odds)) {
              const { markets } = await suite.api<{ markets: Market[] }>(
                'match/getMatchDetail',
                { match_id: m.match_id },
                token,
              );
              const odds = markets.find((k) => k.market_id === m.match_odds!.market_id);
              const runner = odds?.runners.find((r) => r.back.length > 0);
              if (!odds || !runner) continue;
              const bet = await suite
                .api<{ matched_stake?: number; status?: string }>(
                  'bet/placeMarketBet',
                  {
                    market_id: odds.market_id,
                    selection_id: runner.selection_id,
                    is_back: 1,
                    odds: 1.01,
                    stake: 100,
                  },
                  token,
                )
                .catch(() => null);
              if (bet) {
                traded = { matchId: m.match_id, market: odds, selectionId: runner.selection_id };
                return true;
              }
            }
            return false;
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(true);
      const { matchId, market, selectionId } = traded!;
      const runner = market.runners.find((r) => r.selection_id === selectionId)!;
      const history = () =>
        suite.api<History>(
          'market/getPriceHistory',
          { market_id: market.market_id, selection_id: selectionId, interval: '1s' },
          token,
        );
      // The trade is in the history, then a wicket after it (the feed plays a ball every ~1.5 s).
      await expect
        .poll(async () => (await history()).intervals.length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      let wicket: History['events'][number] | undefined;
      await expect
        .poll(
          async () => (wicket = (await history()).events.find((e) => e.kind === 'WICKET')) !== undefined,
          {
            timeout: 150_000,
            interval: 2_000,
          },
        )
        .toBe(true);

      await page.goto(`/#/game-details/4/${matchId}`);
      await page.getByRole('button', { name: `Price chart of ${runner.name}, ${market.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `${runner.name}: ${market.name}` });
      // In play the chart opens by the second; the 1s history holds the trade and the wicket.
      await expect
        .poll(() => dialog.getByRole('button', { name: '1s' }).getAttribute('aria-pressed'))
        .toBe('true');
      const shown = await history();
      const volume = shown.intervals.reduce((a, i) => a + i.volume, 0);
      await expect
        .poll(() => dialog.getByTestId('price-chart-volume').textContent())
        .toBe(`₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(volume)}`);
      // The wicket: listed with its text, and a "W" mark over the plot whose title is that text.
      await expect.poll(() => dialog.getByTestId('price-chart-events').textContent()).toContain(wicket!.text);
      const mark = dialog.getByTestId('price-plot-mark').filter({ hasText: /^W$/ }).first();
      await mark.waitFor();
      expect(await mark.getAttribute('title')).toMatch(/^Wicket: /);
      const box = (await mark.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(vp.width);
      expect(await overflow(page)).toBe(0);
      await page.screenshot({ path: `${SHOTS}/${vp.width}-wicket.png` });
    } finally {
      await context.close();
    }
  });
});
