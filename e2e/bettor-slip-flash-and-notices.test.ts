import { IST_TIME_ZONE } from '@exchange/contracts';
import type { FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite, upcomingCricket } from './support/suite.ts';

/**
 * Issue 20's bettor screens at 1280 px and 390 px: an empty price box opens the slip at a price
 * of the bettor's own (ADR 39); only a box whose price or size changed flashes; Casino Results'
 * day in dd/mm/yyyy; the Lucky 7 page's groups, result chips and timer; the forced password
 * change without dead links and the login screen saying why it is back. Prices do not move by
 * themselves (FEED_SIMULATOR=0): the test moves them through the API, on markets of its own.
 */
const suite = browserSuite(
  { FEED_SIMULATOR: '0' },
  {
    casino: { CASINO_FAST: '1', CASINO_BETTING_MS: '8000', CASINO_REVEAL_MS: '500', CASINO_RESULT_MS: '2000' },
  },
);
const api = suite.api;
const LUCKY_7 = 'imlive1017';
/** Bound on waiting for what a page shows, generous for a loaded 2-core machine. */
const SHOWN_MS = 30_000;
const poll = <T>(fn: () => Promise<T> | T, timeout = SHOWN_MS) => expect.poll(fn, { timeout, interval: 200 });
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `/tmp/issue20-${name}-${width}.png` });

let admin: string;
let agent: string;
beforeAll(async () => {
  admin = await suite.tokenOf('admin');
  agent = await suite.tokenOf('agent1');
});

/** A bettor of agent1's with chips and the first password already changed; its token. */
async function fundedBettor(userName: string): Promise<string> {
  const password = 'Fresh@5678';
  const { user_id } = await api<{ user_id: number }>(
    'agent/createUser',
    { user_name: userName, password: 'Demo@1234', role: 'user' },
    agent,
  );
  await api(
    'user/changePassword',
    { master_password: 'Demo@1234', new_password: password, confirm_password: password },
    await suite.tokenOf(userName),
  );
  await api('agent/transferChips', { user_id, amount: 50_000, direction: 'deposit', client_ref: `fund-${userName}` }, agent);
  return suite.tokenOf(userName, password);
}

/** An exchange market of the test's own on an upcoming cricket match: three runners, no prices. */
async function emptyMarket(name: string, index: number) {
  const demo = await suite.tokenOf('demo1');
  const { match } = await upcomingCricket(suite, demo, index);
  const market = await api<{ market_id: number; runners: { selection_id: number; name: string }[] }>(
    'operator/createMarket',
    {
      match_id: match.match_id,
      kind: 'EXCHANGE',
      market_type: 'WINNER',
      name,
      runners: [{ name: 'Alpha' }, { name: 'Bravo' }, { name: 'Charlie' }],
      status: 'OPEN',
    },
    admin,
  );
  return { match, market };
}

/** How many boxes of a market flash, read in the same frame as `box` first shows `text`. */
function flashingWhenShown(page: Page, marketId: number, box: string, text: string): Promise<number> {
  return page
    .waitForFunction(
      ({ marketId, box, text }) => {
        const el = document.querySelector(`[data-testid="${box}"]`);
        if (!el?.textContent?.startsWith(text)) return false;
        // + 1: a count of 0 would read as "not yet" and keep the wait going.
        return document.querySelectorAll(`[data-testid="market-${marketId}"] .price--flash`).length + 1;
      },
      { marketId, box, text },
      { timeout: SHOWN_MS, polling: 'raf' },
    )
    .then(async (handle) => ((await handle.jsonValue()) as number) - 1);
}

describe.each(VIEWPORTS)('bettor screens of issue 20 at $width px', (vp: Viewport) => {
  const phone = vp.width < 993;

  /** A page on the match of a market of the test's own, and a price box of it. */
  async function onMarket(name: string, index: number) {
    const { market, match } = await emptyMarket(`${name} ${vp.width}`, (phone ? 2 : 0) + index);
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    await signIn(page);
    await page.goto(`/#/game-details/4/${match.match_id}`);
    const boxId = (runner: number, side: 'back' | 'lay', level = 0) =>
      `price-${market.market_id}-${runner}-${side}-${level}`;
    const [alpha, bravo] = market.runners.map((r) => r.selection_id) as [number, number];
    await poll(() => page.getByTestId(boxId(alpha, 'back')).textContent()).toBe('-');
    return { context, page, market, boxId, alpha, bravo };
  }

  /** Lays a runner of the market as `layer` (the money shows in the runner's back column). */
  const layAs = (layer: string, marketId: number, runner: number, odds: number, stake: number, ref: string) =>
    api<{ bet_id: number }>(
      'bet/placeMarketBet',
      { market_id: marketId, selection_id: runner, is_back: 0, odds, stake, client_ref: ref },
      layer,
    );

  it('an empty box opens the slip at the best price on the other side, else at even chances', { timeout: 240_000 }, async () => {
    const layer = await fundedBettor(`asker${vp.width}`);
    const { context, page, market, boxId, alpha, bravo } = await onMarket('Top scorer', 0);
    try {
      // Nobody has asked a price: the empty box is still a button and opens the slip at even
      // chances among the 3 runners (3.00), which the bettor can move along the ladder.
      const alphaBack = page.getByTestId(boxId(alpha, 'back'));
      expect(await alphaBack.isEnabled()).toBe(true);
      await alphaBack.click();
      const slip = page.getByTestId('bet-slip');
      await poll(() => slip.getByTestId('slip-odds').inputValue()).toBe('3.00');
      expect(await slip.getByTestId('slip-runner').textContent()).toContain('Alpha');
      await slip.getByTestId('slip-odds-up').click();
      await poll(() => slip.getByTestId('slip-odds').inputValue()).toBe('3.05');
      await shot(page, 'empty-box-slip', vp.width);
      await slip.getByTestId('slip-cancel').click();

      // Another bettor lays Bravo at 2.5 (shown in Bravo's back column): Bravo's empty lay box
      // opens the slip at that price, the best on the other side.
      await layAs(layer, market.market_id, bravo, 2.5, 500, `ask-${vp.width}`);
      await poll(() => page.getByTestId(boxId(bravo, 'back')).textContent()).toBe('2.5 500');
      await page.getByTestId(boxId(bravo, 'lay')).click();
      await poll(() => slip.getByTestId('slip-odds').inputValue()).toBe('2.50');
      expect(await slip.getByTestId('slip-runner').textContent()).toContain('Bravo');
    } finally {
      await context.close();
    }
  });

  it('only a box whose price or size changed flashes: not the ladder, not an emptied box, not a quote put back', { timeout: 240_000 }, async () => {
    const layer = await fundedBettor(`mover${vp.width}`);
    const { context, page, market, boxId, alpha, bravo } = await onMarket('Top bowler', 1);
    try {
      const flashing = () => page.locator(`[data-testid="market-${market.market_id}"] .price--flash`).count();
      const quote = await layAs(layer, market.market_id, bravo, 2.5, 500, `quote-${vp.width}`);
      await poll(() => page.getByTestId(boxId(bravo, 'back')).textContent()).toBe('2.5 500');

      // One change (a price for Alpha): that one box flashes, not the ladder.
      await poll(flashing).toBe(0);
      const one = flashingWhenShown(page, market.market_id, boxId(alpha, 'back'), '2.8 300');
      await layAs(layer, market.market_id, alpha, 2.8, 300, `one-${vp.width}`);
      expect(await one).toBe(1);
      await shot(page, 'one-box-flashes', vp.width);

      // Bravo's quote is pulled (the box empties: no flash) and put back as it was: nothing
      // changed for the bettor, so nothing flashes.
      await poll(flashing).toBe(0);
      const emptied = flashingWhenShown(page, market.market_id, boxId(bravo, 'back'), '-');
      await api('bet/cancelBet', { bet_id: quote.bet_id }, layer);
      expect(await emptied).toBe(0);
      const back = flashingWhenShown(page, market.market_id, boxId(bravo, 'back'), '2.5 500');
      await layAs(layer, market.market_id, bravo, 2.5, 500, `again-${vp.width}`);
      expect(await back).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('Casino Results reads and takes its day as dd/mm/yyyy', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page);
      await page.goto('/#/report/casino-result');
      const day = page.getByTestId('casino-result-date');
      const today = new Intl.DateTimeFormat('en-GB', { timeZone: IST_TIME_ZONE }).format(new Date());
      await poll(() => day.inputValue()).toBe(today);
      await page.getByTestId('casino-result-game').selectOption(LUCKY_7);
      await day.fill('31/02/2026');
      expect(await page.getByTestId('casino-result-submit').isDisabled()).toBe(true);
      await day.fill(today);
      await page.getByTestId('casino-result-submit').click();
      await poll(() => page.getByTestId('casino-result-row').count(), 60_000).toBeGreaterThan(0);
      await shot(page, 'casino-result', vp.width);
    } finally {
      await context.close();
    }
  });

  it('Lucky 7: one Card group, and a timer ring for the seconds left to bet', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page);
      await page.goto(`/#/casino/match/${LUCKY_7}`);
      await page.getByTestId('casino-game-play').click();
      await page.waitForURL(/#\/casino\/mac88\/game\?url=/);
      const game: FrameLocator = page.frameLocator('[data-testid=game-frame]');
      const timer = game.getByRole('timer');
      await timer.waitFor({ timeout: 60_000 });
      expect(await timer.getAttribute('aria-label')).toMatch(/^\d+ seconds left to bet$/);
      expect(await game.locator('#timer').textContent()).toMatch(/^Bets close in\d+$/);
      // A ring, not a card-shaped box with a digit.
      expect(await timer.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('50%');
      // The table: one card slot, Low / 7 / High as the big spots, the card's colour, parity
      // and its 13 ranks, each option once.
      await poll(() => game.locator('[data-hand="Card"]').count()).toBe(1);
      expect(await game.locator('button.spot[data-option="low"], button.spot[data-option="high"]').count()).toBe(2);
      expect(await game.locator('button.spot[data-option^="card:rank:"]').count()).toBe(13);
      expect(await game.locator('button.spot').count()).toBe(19);
      await shot(page, 'lucky7', vp.width);
    } finally {
      await context.close();
    }
  });

  it("Lucky 7's result chips read L, H or 7, never a word, on the platform and on the game page", { timeout: 360_000 }, async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page);
      await page.goto(`/#/casino/match/${LUCKY_7}`);
      // The platform's strip: rounds won by Low and by High both there, each chip one letter.
      const strip = page.getByTestId('last-results');
      const chip = (winner: string) => strip.locator(`[title$=": ${winner}"]`).first();
      await chip('Low').waitFor({ timeout: 300_000 });
      await chip('High').waitFor({ timeout: 300_000 });
      expect(await chip('Low').textContent()).toBe('L');
      expect(await chip('High').textContent()).toBe('H');
      await shot(page, 'lucky7-strip', vp.width);

      await page.getByTestId('casino-game-play').click();
      await page.waitForURL(/#\/casino\/mac88\/game\?url=/);
      const game: FrameLocator = page.frameLocator('[data-testid=game-frame]');
      // The game page's road: each result's mark (with its card beside it) is one letter too.
      const gameChip = (winner: string) => game.locator(`#road .road-cell[title$=": ${winner}"] .road-mark`).first();
      expect(await gameChip('Low').textContent()).toBe('L');
      expect(await gameChip('High').textContent()).toBe('H');
      await game.locator('#road').scrollIntoViewIfNeeded();
      await shot(page, 'lucky7-chips', vp.width);
    } finally {
      await context.close();
    }
  });

  it('the forced password change shows no dead links, and the login screen then says why', { timeout: 120_000 }, async () => {
    const userName = `forced${vp.width}`;
    await api('agent/createUser', { user_name: userName, password: 'Demo@1234', role: 'user' }, agent);
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await login(page, userName);
      await page.waitForURL(/#\/setting\/change-password/);
      await page.getByTestId('change-password-form').waitFor();
      // Nothing to click that would lead back here: no sports tabs, sidebar, menu or search.
      for (const testId of ['sports-nav', 'sidebar', 'mobile-menu-button', 'user-menu', 'header-logo']) {
        expect(await page.getByTestId(testId).count(), testId).toBe(0);
      }
      expect(await page.getByTestId('change-password-forced').textContent()).toContain(
        'the rest of the site opens once it is changed',
      );
      await shot(page, 'forced-password', vp.width);

      await page.getByTestId('change-password-old').fill('Demo@1234');
      await page.getByTestId('change-password-new').fill('Fresh@5678');
      await page.getByTestId('change-password-confirm').fill('Fresh@5678');
      await page.getByTestId('change-password-submit').click();
      await page.waitForURL(/#\/login/);
      const notice = page.getByTestId('login-notice');
      expect(await notice.textContent()).toBe('Your password was changed. Please log in again with the new password.');
      // It stays (no toast that vanishes) while the bettor types, until the login.
      await page.getByTestId('login-username').fill(userName);
      expect(await notice.isVisible()).toBe(true);
      await shot(page, 'password-changed-login', vp.width);
      await page.getByTestId('login-password').fill('Fresh@5678');
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/#\/home/);
      await page.getByTestId('welcome-popup-close').click();
      await page.getByTestId('sports-nav').waitFor();
    } finally {
      await context.close();
    }
  });
});
