import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, login, newPage, VIEWPORTS } from './support/browser.ts';
import { callApi } from './support/api.ts';
import { startProduct, type RunningProduct } from './support/product.ts';

/**
 * Live push in the browser: demo3 watches a cricket match's game-details page; demo1 rests a lay
 * through the API where nothing matches it. The offer appears in demo3's price cell within a
 * second, delivered over the page's WebSocket: the page asks getMatchDetail nothing meanwhile.
 * The feed simulator is off, so nothing else moves the book.
 */
let product: RunningProduct;
const api = <T>(path: string, body?: unknown, token?: string) => callApi<T>(product.baseUrl, path, body, token);
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({ FEED_SIMULATOR: '0' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});


const tokenOf = async (userName: string) =>
  (await api<{ usertoken: string }>('user/login', { user_name: userName, password: 'Demo@1234' })).usertoken;

interface PushFrame {
  type: string;
  market_id?: number;
  at: number;
}

describe.each(VIEWPORTS)('live push at $width px', (vp) => {
  it("demo3 sees demo1's resting lay appear as available size within a second, by push", async () => {
    const admin = await tokenOf('admin');
    const demo1 = await tokenOf('demo1');
    const matches = await api<Array<{ match_id: number; sport_id: number; in_play: boolean }>>(
      'match/getMatches',
      { sport_id: 4 },
      demo1,
    );
    const match = matches.find((m) => !m.in_play) ?? matches[0]!;
    // A market of its own, so the cell shows exactly demo1's offer (the seeded one has mm1's).
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

    const { context, page } = await newPage(browser, product.baseUrl, vp);
    try {
      const detailRequests: number[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/match/getMatchDetail')) detailRequests.push(Date.now());
      });
      const frames: (PushFrame & { receivedAt: number })[] = [];
      page.on('websocket', (ws) => {
        if (!ws.url().endsWith('/ws')) return;
        ws.on('framereceived', ({ payload }) => {
          frames.push({ ...(JSON.parse(String(payload)) as PushFrame), receivedAt: Date.now() });
        });
      });

      await signIn(page, 'demo3');
      await page.goto(`/#/game-details/${match.sport_id}/${match.match_id}`);
      const cellId = `price-${marketId}-1-back-0`;
      const cell = page.getByTestId(cellId);
      await cell.waitFor();
      // The page has subscribed: the market's image came over the socket.
      await expect.poll(() => frames.some((f) => f.type === 'market_image' && f.market_id === marketId)).toBe(true);
      expect(await priceAndSize(page, cellId)).toEqual({ price: null, size: null });

      const requestsBefore = detailRequests.length;
      // The cell's text is the price, then the size (two parts, as the ladder shows them).
      const shown = page.waitForFunction(
        (id) => {
          const parts = document.querySelector(`[data-testid="${id}"]`)?.children;
          return Number(parts?.[0]?.textContent) === 2.5 && parts?.[1]?.textContent === '500';
        },
        cellId,
        { timeout: 5_000, polling: 'raf' },
      );
      const started = Date.now();
      // A lay at 2.50 on an empty book: nothing matches it, so it rests as ₹500 available to back.
      const placed = await api<{ status: string; unmatched_stake: number }>(
        'bet/placeMarketBet',
        { market_id: marketId, selection_id: 1, is_back: 0, odds: 2.5, stake: 500 },
        demo1,
      );
      expect(placed).toMatchObject({ status: 'UNMATCHED', unmatched_stake: 500 });
      await shown;
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(1_000);

      expect(await priceAndSize(page, cellId)).toEqual({ price: 2.5, size: '500' });
      // Push, not poll: a delta for the market arrived, and the page fetched no match detail meanwhile.
      expect(frames.some((f) => f.type === 'market_delta' && f.market_id === marketId && f.receivedAt >= started)).toBe(true);
      expect(detailRequests.slice(requestsBefore).filter((t) => t >= started && t <= started + elapsed)).toEqual([]);
    } finally {
      await context.close();
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

async function signIn(page: Page, userName: string): Promise<void> {
  await login(page, userName);
  await page.waitForURL(/#\/home/);
  // Users who need not change their password get the welcome popup after login.
  await page.getByTestId('welcome-popup-close').click();
}
