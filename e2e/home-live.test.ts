import { describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Live prices on the home page's match list: demo3 watches the cricket tab; demo1 lays, through
 * the API, the whole best lay level of a listed match's first runner, so its lay price moves to
 * the next level. demo3's '1' lay box shows the new price and size within a second, pushed over
 * the page's WebSocket: the page asks getMatches nothing meanwhile.
 * Switching to another sport tab unsubscribes the rows' markets. The feed simulator is off, so
 * nothing else moves the books.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const api = suite.api;

const tokenOf = suite.tokenOf;
interface Level {
  price: number;
  size: number;
}
interface Listed {
  match_id: number;
  in_play: boolean;
  match_odds: { market_id: number; status: string; runners: { selection_id: number }[] } | null;
}
interface Detail {
  markets: {
    market_id: number;
    in_play: boolean;
    bet_delay_ms: number;
    runners: { selection_id: number; lay: Level[] }[];
  }[];
}

/** A size as a price box abbreviates it (2.7k, 35k) back to rupees, rounded down as shown. */
const shownSize = (text: string) =>
  Number.parseFloat(text) * (text.endsWith('k') ? 1_000 : text.endsWith('m') ? 1_000_000 : 1);

describe.each(VIEWPORTS)('home list live prices at $width px', (vp) => {
  it("demo3's home row shows the new best lay within a second, by push, and lets go of it on another tab", async () => {
    const demo1 = await tokenOf('demo1');
    const listed = await api<Listed[]>('match/getMatches', { sport_id: 4, is_active: 1 }, demo1);
    // A match not in play if there is one (no bet delay); its '1' column is the first runner.
    const match =
      listed.find((m) => m.match_odds?.status === 'OPEN' && !m.in_play) ??
      listed.find((m) => m.match_odds?.status === 'OPEN')!;
    const marketId = match.match_odds!.market_id;
    const detail = await api<Detail>('match/getMatchDetail', { match_id: match.match_id }, demo1);
    const market = detail.markets.find((m) => m.market_id === marketId)!;
    const runner = market.runners.find((r) => r.selection_id === match.match_odds!.runners[0]!.selection_id)!;
    // The market maker quotes one tick apart, so nothing fits inside the spread: demo1 lays the whole
    // best lay level (the backers' offers at that price) instead, and the lay box moves to the next level.
    const [best, next] = runner.lay;
    expect(best && next).toBeTruthy();
    // In play, the bet waits the market's bet delay before it reaches the book: the second starts then.
    const delayMs = market.in_play ? market.bet_delay_ms : 0;

    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const listRequests: number[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/match/getMatches')) listRequests.push(Date.now());
      });
      const received: { type: string; market_id?: number; at: number }[] = [];
      const sent: { op: string; market_ids?: number[] }[] = [];
      page.on('websocket', (ws) => {
        if (!ws.url().endsWith('/ws')) return;
        ws.on('framereceived', ({ payload }) =>
          received.push({ ...JSON.parse(String(payload)), at: Date.now() }),
        );
        ws.on('framesent', ({ payload }) => sent.push(JSON.parse(String(payload))));
      });

      await signIn(page, 'demo3');
      await page.goto('/#/home');
      const row = page.locator(`[data-testid="match-row"][data-match-id="${match.match_id}"]`);
      await row.scrollIntoViewIfNeeded();
      // On screen, the row streams its Match Odds market: the image came and the row shows it.
      await row.and(page.locator('[data-streamed="true"]')).waitFor();
      expect(received.some((f) => f.type === 'market_image' && f.market_id === marketId)).toBe(true);

      const cellId = `list-odds-${match.match_id}-1-lay`;
      const shown = page.waitForFunction(
        ({ id, odds }) => {
          const cell = document.querySelector(`[data-testid="${id}"]`);
          const [price, size] = Array.from(cell?.children ?? [], (c) => c.textContent ?? '');
          // The cell's size and classes at the moment the new price shows (it should be flashing).
          return Number(price) === odds ? { size, classes: cell!.className } : false;
        },
        { id: cellId, odds: next!.price },
        { timeout: 5_000 + delayMs, polling: 'raf' },
      );
      shown.catch(() => undefined); // awaited below; a failure before that must not go unhandled
      const started = Date.now();
      const placed = await api<{ status: string }>(
        'bet/placeMarketBet',
        {
          market_id: marketId,
          selection_id: runner.selection_id,
          is_back: 0,
          odds: best!.price,
          stake: best!.size,
        },
        demo1,
      );
      expect(placed.status).toBe('MATCHED');
      const { size = '', classes } = (await (await shown).jsonValue()) as { size?: string; classes: string };
      const elapsed = Date.now() - started;
      expect(elapsed - delayMs).toBeLessThan(1_000);
      expect(classes).toContain('odds--flash');
      expect(shownSize(size)).toBeLessThanOrEqual(next!.size);
      expect(shownSize(size)).toBeGreaterThan(next!.size * 0.9);

      // Push, not poll: a delta for the market came, and no match list was fetched meanwhile.
      expect(
        received.some((f) => f.type === 'market_delta' && f.market_id === marketId && f.at >= started),
      ).toBe(true);
      expect(listRequests.filter((t) => t >= started && t <= started + elapsed)).toEqual([]);

      // Another sport's tab: the cricket rows leave the screen and their markets are unsubscribed.
      await page.getByRole('tab', { selected: false }).first().click();
      await expect
        .poll(() => sent.some((m) => m.op === 'unsubscribe' && m.market_ids?.includes(marketId)))
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});

