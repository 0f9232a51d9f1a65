import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Live push in the browser, two bettors in two browser contexts: demo3 watches a cricket match's
 * game-details page; demo1, on the same page in its own context, rests a lay from the bet slip
 * where nothing matches it. The offer appears in demo3's price cell within a second of demo1's
 * answer, delivered over demo3's WebSocket: demo3's page asks the API for nothing that carries
 * prices meanwhile. The feed simulator is off, so nothing else moves the book.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const api = suite.api;

const tokenOf = suite.tokenOf;
/**
 * The API calls a page may make that cannot carry a market's book: settings, the caller's own
 * balance, bets and exposure, and the menus. Any other call (getMatchDetail, getMatches, the
 * venue list, search, an endpoint added later) counts as one that could carry prices.
 */
const PRICE_FREE = new Set([
  'globalSetting/getGlobalSetting',
  'user/getUserBalance',
  'user/getButtonValue',
  'sport/getSports',
  'series/getSeriesHeader',
  'series/getSeries',
  'match/getCupsForMenu',
  'bet/getExposureDetail',
  'bet/getCurrentBets',
]);

interface PushFrame {
  type: string;
  market_id?: number;
  changes?: { runners?: { selection_id: number; back: { price: number; size: number }[] }[] };
}

describe.each(VIEWPORTS)('live push at $width px', (vp) => {
  it("demo3 sees demo1's resting lay, placed from demo1's bet slip, appear as available size within a second, by push", async () => {
    const admin = await tokenOf('admin');
    const mm1 = await tokenOf('mm1');
    const matches = await api<Array<{ match_id: number; sport_id: number; in_play: boolean }>>(
      'match/getMatches',
      { sport_id: 4 },
      admin,
    );
    const match = matches.find((m) => !m.in_play) ?? matches[0]!;
    // A market of its own, so the cells show exactly the offers made here (the seeded one has mm1's).
    const { market_id: marketId } = await api<{ market_id: number }>(
      'operator/createMarket',
      {
        match_id: match.match_id,
        kind: 'EXCHANGE',
        market_type: 'MATCH_ODDS',
        name: `Live push ${vp.name}`,
        runners: [{ name: 'Home' }, { name: 'Away' }],
        in_play: false,
      },
      admin,
    );
    // mm1 backs Home at 3.00: the lay box demo1 clicks has a price. A lay at 2.50 does not match it.
    await api(
      'bet/placeMarketBet',
      { market_id: marketId, selection_id: 1, is_back: 1, odds: 3, stake: 100 },
      mm1,
    );

    const watcher = await newPage(suite.browser, suite.product.baseUrl, vp);
    const bettor = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const page = watcher.page;
      // Every API call demo3's page makes (sent, and answered or failed), and every frame its
      // socket receives, with the times seen.
      const requests = new Map<Request, { path: string; sentAt: number; doneAt?: number }>();
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/api/'))
          requests.set(r, { path: path.slice('/api/'.length), sentAt: Date.now() });
      });
      const done = (r: Request) => {
        const seen = requests.get(r);
        if (seen) seen.doneAt = Date.now();
      };
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      const frames: (PushFrame & { receivedAt: number })[] = [];
      page.on('websocket', (ws) => {
        if (!ws.url().endsWith('/ws')) return;
        ws.on('framereceived', ({ payload }) => {
          frames.push({ ...(JSON.parse(String(payload)) as PushFrame), receivedAt: Date.now() });
        });
      });

      const gameDetails = `/#/game-details/${match.sport_id}/${match.match_id}`;
      const backCell = `price-${marketId}-1-back-0`;
      const layCell = `price-${marketId}-1-lay-0`;
      await signIn(page, 'demo3');
      await page.goto(gameDetails);
      await page.getByTestId(backCell).waitFor();
      // The page has subscribed: the market's image came over the socket.
      await expect
        .poll(() => frames.some((f) => f.type === 'market_image' && f.market_id === marketId))
        .toBe(true);
      expect(await priceAndSize(page, backCell)).toEqual({ price: null, size: null });
      expect(await priceAndSize(page, layCell)).toEqual({ price: 3, size: '100' });

      // demo1, in its own browser context, opens a lay slip on Home from mm1's price and asks 2.50.
      const slip = bettor.page;
      await signIn(slip, 'demo1');
      await slip.goto(gameDetails);
      await expect.poll(() => priceAndSize(slip, layCell)).toEqual({ price: 3, size: '100' });
      await slip.getByTestId(layCell).click();
      expect(await slip.getByTestId('bet-slip').getAttribute('data-side')).toBe('LAY');
      await slip.getByTestId('slip-odds').fill('2.5');
      await slip.getByTestId('slip-stake').fill('500');
      const answer = slip.waitForResponse((r) => r.url().includes('/api/bet/placeMarketBet'));

      // The cell's text is the price, then the size (two parts, as the ladder shows them); the
      // page's own clock stamps the frame it first shows 2.50 / 500.
      const shown = page.waitForFunction(
        (id) => {
          const parts = document.querySelector(`[data-testid="${id}"]`)?.children;
          return Number(parts?.[0]?.textContent) === 2.5 && parts?.[1]?.textContent === '500' && Date.now();
        },
        backCell,
        { timeout: 5_000, polling: 'raf' },
      );
      const clickedAt = Date.now();
      await slip.getByTestId('slip-place').click();
      const response = await answer;
      await response.finished();
      // When demo1's page had the answer, on the browser's clock (the clock demo3's page stamps with).
      const timing = response.request().timing();
      const answeredAt =
        timing.startTime + (timing.responseEnd > 0 ? timing.responseEnd : timing.responseStart);
      expect(
        ((await response.json()) as { data: { status: string; unmatched_stake: number } }).data,
      ).toMatchObject({
        status: 'UNMATCHED',
        unmatched_stake: 500,
      });
      await slip
        .locator('[data-sonner-toast]', { hasText: 'Bet Unmatched' })
        .first()
        .waitFor({ state: 'attached' });
      const shownAt = (await (await shown).jsonValue()) as number;
      const shownSeenAt = Date.now();
      // Within a second of demo1's answer (the push may even beat the answer: then it is negative).
      expect(shownAt - answeredAt).toBeLessThan(1_000);
      expect(await priceAndSize(page, backCell)).toEqual({ price: 2.5, size: '500' });

      // Push, not poll: a delta carrying the offer came over the socket by the time the cell showed it...
      const delta = frames.find(
        (f) =>
          f.type === 'market_delta' &&
          f.market_id === marketId &&
          f.receivedAt >= clickedAt &&
          f.receivedAt <= shownSeenAt &&
          f.changes?.runners?.some(
            (r) => r.selection_id === 1 && r.back[0]?.price === 2.5 && r.back[0]?.size === 500,
          ),
      );
      expect(delta, 'a market_delta with Home 2.50 / 500 on /ws').toBeDefined();
      // ...and no call of demo3's page that could carry prices was under way at any time from
      // demo1's click until the cell showed the offer (sent before it showed, not answered before the click).
      const during = [...requests.values()].filter(
        (r) => r.sentAt <= shownSeenAt && (r.doneAt ?? Infinity) >= clickedAt,
      );
      expect(during.filter((r) => !PRICE_FREE.has(r.path)).map((r) => r.path)).toEqual([]);
    } finally {
      await bettor.context.close();
      await watcher.context.close();
    }
  });
});

/** A ladder cell's price (as a number) and size (as shown), null where the cell is empty. */
function priceAndSize(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((cell) => {
    const [price, size] = Array.from(cell.children, (c) => c.textContent ?? '');
    const odds = Number(price);
    return { price: price && Number.isFinite(odds) ? odds : null, size: size ?? null };
  });
}

