import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './support/api.ts';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite, upcomingCricket, type ListedMatch, type Market } from './support/suite.ts';

/**
 * Issue 9, items 4-6, in real Chromium at 1280 px and 390 px (prices do not move:
 * FEED_SIMULATOR=0; the casino provider runs beside the server). demo1 backs at 1.01 and is
 * matched at the better best price; the header's Balance is then the amount available to bet
 * (total less exposure), the figure the casino's game shows too; Current Bets and the match
 * page's My Bets show the same requested and average matched odds; once the operator settles
 * Match Odds, My Bets lists the bet with its result; and the finished match shows one state on
 * the match page, its markets and the match lists.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' }, { casino: true });
const SHOWN_MS = 30_000;
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: SHOWN_MS, interval: 200 });
/** A money text as shown ('1,23,456.00', '₹ 12.50') in paise, so figures compare exactly. */
const paiseOf = (s: string | null) => Math.round(Number((s ?? '').replace(/[^\d.-]/g, '')) * 100);
const paise = (rupees: number) => Math.round(rupees * 100);
const TP_T20 = 'imlive1001';

interface Balance {
  total_balance: number;
  liability: number;
}
interface PlacedBet {
  bet_id: number;
  odds: number;
  avg_odds: number;
  matched_stake: number;
}

describe.each(VIEWPORTS)('bettor views at $width px', (vp: Viewport) => {
  let context: BrowserContext;
  let page: Page;
  let admin: string;
  let match: ListedMatch;
  let odds: Market;
  let bet: PlacedBet;
  const shot = (name: string) => page.screenshot({ path: `/tmp/money-${name}-${vp.width}.png`, fullPage: false });
  const matchPage = async () => {
    await page.goto(`/#/game-details/4/${match.match_id}`);
    await page.getByTestId('match-header').waitFor();
  };

  beforeAll(async () => {
    ({ context, page } = await newPage(suite.browser, suite.product.baseUrl, vp));
    page.setDefaultTimeout(SHOWN_MS);
    const token = await signIn(page);
    admin = await suite.tokenOf('admin');
    // The desktop run takes the match with the longest names (Royal Challengers Bengaluru v
    // Kolkata Knight Riders), whose finished state must still fit the 320 px live score box.
    const upcoming = await upcomingCricket(suite, token, vp.width < 993 ? 0 : 1);
    match = upcoming.match;
    odds = upcoming.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
    // Asking 1.01, the back is matched at the best price on offer, a better one.
    bet = await apiAs<PlacedBet>(page, 'POST', 'bet/placeMarketBet', {
      market_id: odds.market_id,
      selection_id: odds.runners[0]!.selection_id,
      is_back: 1,
      odds: 1.01,
      stake: 100,
    });
    expect(bet).toMatchObject({ odds: 1.01, matched_stake: 100 });
    expect(bet.avg_odds).toBeGreaterThan(1.01);
  }, 120_000);
  afterAll(() => context?.close());

  it('shows as Balance the amount available to bet (total less exposure), the figure the casino shows', { timeout: 180_000 }, async () => {
    const balance = await apiAs<Balance>(page, 'GET', 'user/getUserBalance');
    expect(balance.liability).toBeGreaterThan(0);
    const available = paise(balance.total_balance) - paise(balance.liability);
    await page.goto('/#/home');
    await poll(async () => paiseOf(await page.getByTestId('balance').textContent())).toBe(available);
    expect(paiseOf(await page.getByTestId('exposure').textContent())).toBe(paise(balance.liability));
    await shot('header');

    // The casino's game reports the same figure (the provider asks the wallet for it).
    if (vp.width < 993) await page.getByTestId('mobile-menu-button').click();
    await page.getByTestId('sidebar-others').getByTestId(`live-game-${TP_T20}`).click();
    await page.waitForURL(/#\/casino\/mac88\/game\?url=/);
    const game = page.frameLocator('[data-testid=game-frame]');
    await poll(async () => paiseOf(await game.locator('#balance').textContent())).toBe(available);
  });

  it('lists the same requested and average matched odds on Current Bets and in My Bets', { timeout: 120_000 }, async () => {
    const requested = bet.odds.toFixed(2);
    const matched = bet.avg_odds.toFixed(2);
    await page.goto('/#/report/current-bet');
    const row = page.locator(`[data-testid=current-bet-row][data-bet-id="${bet.bet_id}"]`);
    await poll(() => row.getByTestId('bet-odds-requested').textContent()).toBe(requested);
    expect(await row.getByTestId('bet-odds-matched').textContent()).toBe(matched);
    await shot('current-bets');

    await matchPage();
    const mine = page.getByTestId(`my-bet-matched-${bet.bet_id}`);
    await poll(() => mine.getByTestId('bet-odds-requested').textContent()).toBe(requested);
    expect(await mine.getByTestId('bet-odds-matched').textContent()).toBe(matched);
    await mine.scrollIntoViewIfNeeded();
    await shot('my-bets');
  });

  it("does not tell a bettor with bets 'No bets on this match yet' while My Bets is loading", { timeout: 120_000 }, async () => {
    // Hold the match page's bet lists, as a slow connection or a busy server would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const hold = async (route: Route) => {
      asked += 1;
      await held;
      await route.continue();
    };
    await page.route('**/api/bet/getCurrentBets', hold);
    await page.route('**/api/bet/getSettledBets', hold);
    try {
      // A fresh load of the match page: nothing cached from the tests before.
      await page.goto(`/#/game-details/4/${match.match_id}`);
      await page.reload();
      await poll(() => asked).toBe(2);
      const myBets = page.getByTestId('my-bets');
      await myBets.getByRole('status').waitFor();
      expect(await myBets.getByTestId('my-bets-empty').count()).toBe(0);
      release();
      await page.getByTestId(`my-bet-matched-${bet.bet_id}`).waitFor();
      expect(await myBets.getByRole('status').count()).toBe(0);
    } finally {
      release();
      await page.unroute('**/api/bet/getCurrentBets');
      await page.unroute('**/api/bet/getSettledBets');
    }
  });

  it("lists the settled bet with its result in the match page's My Bets", { timeout: 120_000 }, async () => {
    // The market goes in play, then Match Odds is settled: the home side won.
    await suite.api('operator/setMarketStatus', { market_id: odds.market_id, status: 'OPEN', in_play: true }, admin);
    await suite.api('operator/declareResult', { market_id: odds.market_id, winner_ids: [odds.runners[0]!.selection_id] }, admin);
    await matchPage();
    const settled = page.getByTestId(`my-bet-settled-${bet.bet_id}`);
    await poll(() => settled.getByTestId('bet-result').textContent()).toBe('Won');
    const won = Math.floor(100 * (paise(bet.avg_odds) - 100)) / 100;
    expect(paiseOf(await settled.getByTestId('bet-pnl').textContent())).toBe(paise(won));
    expect(await settled.getByTestId('bet-odds-requested').textContent()).toBe(bet.odds.toFixed(2));
    expect(await settled.getByTestId('bet-odds-matched').textContent()).toBe(bet.avg_odds.toFixed(2));
    expect(await page.getByTestId('my-bets-empty').count()).toBe(0);
    // The header follows the settlement pushed to the page, well before its 30 s safety poll.
    await expect
      .poll(() => page.getByTestId('match-header').getByTestId('match-state').textContent(), { timeout: 10_000 })
      .toBe(`Finished · ${odds.runners[0]!.name} won`);
    await settled.scrollIntoViewIfNeeded();
    await shot('my-bets-settled');
  });

  it('shows the finished match in one state on the match page, its markets and the lists', { timeout: 120_000 }, async () => {
    const finished = `Finished · ${odds.runners[0]!.name} won`;
    await matchPage();
    await poll(() => page.getByTestId('match-header').getByTestId('match-state').textContent()).toBe(finished);
    // No market, nor the live score, says In-Play.
    expect(await page.getByTestId('game-details-page').getByText('In-Play', { exact: true }).count()).toBe(0);
    // The live score box names the same state, whole: its badge lies inside the box, not cut off.
    const liveScore = page.getByTestId('live-score');
    const liveState = liveScore.getByTestId('match-state');
    expect(await liveState.textContent()).toBe(finished);
    const [boxAt, badgeAt] = [await liveScore.boundingBox(), await liveState.boundingBox()];
    expect(badgeAt!.x + badgeAt!.width).toBeLessThanOrEqual(boxAt!.x + boxAt!.width);
    await page.getByTestId('match-header').scrollIntoViewIfNeeded();
    await shot('finished-match');

    for (const list of ['/#/home', '/#/all-sports/4']) {
      await page.goto(list);
      const row = page.locator(`[data-testid=match-row][data-match-id="${match.match_id}"]`);
      // The settlement pushed to the rows refreshes the lists, well before their 30 s poll.
      await expect.poll(() => row.getByTestId('match-state').textContent(), { timeout: 10_000 }).toBe(finished);
      expect(await row.getByTestId('in-play').count()).toBe(0);
    }
    await page.locator(`[data-testid=match-row][data-match-id="${match.match_id}"]`).scrollIntoViewIfNeeded();
    await shot('finished-list');
  });
});
