import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS, type Viewport } from './support/browser.ts';
import { saveShot } from './support/shots.ts';
import { browserSuite, upcomingCricket } from './support/suite.ts';

/**
 * Cash out in real Chromium at 1280 px and 390 px (issue 23), on a product whose prices do not
 * move by themselves (FEED_SIMULATOR=0): another bettor's orders move them.
 *
 * 1. demo1 has backed Home 100 at 3.0 on a Match Odds market of its own; the other bettor's offer
 *    moves from 2.5 to 2.0 (Home shortens). The Cash Out button shows +₹50.00 in green; pressed
 *    and confirmed, every runner's position shows 50.00.
 * 2. On a second market the same back, the offer at 2.5 (+₹20.00): demo1 sets an automatic cash
 *    out at a profit of ₹40 and closes the browser. The offer moves to 2.0: the server cashes
 *    out with no browser open. At the next login the bell shows the notification, and both
 *    runners show 50.00.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
let admin: string;
let agent: string;

beforeAll(async () => {
  admin = await suite.tokenOf('admin');
  agent = await suite.tokenOf('agent1');
});

const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 200 });

/** A bettor of agent1's with chips, past its first password change: its token. */
async function newBettor(name: string): Promise<string> {
  const created = await suite.api<{ user_id: number }>('agent/createUser', { user_name: name, password: 'Bettor@1234', role: 'user' }, agent);
  const first = await suite.tokenOf(name, 'Bettor@1234');
  await suite.api('user/changePassword', { master_password: 'Bettor@1234', new_password: 'Bettor@5678', confirm_password: 'Bettor@5678' }, first);
  await suite.api('agent/transferChips', { user_id: created.user_id, amount: 10_000, direction: 'deposit', client_ref: `fund-${name}` }, agent);
  return suite.tokenOf(name, 'Bettor@5678');
}

/**
 * A Match Odds market of the test's own on `matchId` where demo1 (`token`) backed Home 100 at
 * 3.0 against the layer, and the layer offers to lay Home back at `odds` (a back of 1,000).
 */
async function backedHome(matchId: number, name: string, token: string, layer: string, odds: number) {
  const { market_id: market } = await suite.api<{ market_id: number }>(
    'operator/createMarket',
    { match_id: matchId, kind: 'EXCHANGE', market_type: 'MATCH_ODDS', name, runners: [{ name: 'Home' }, { name: 'Away' }], in_play: false },
    admin,
  );
  const bet = (who: string, is_back: 0 | 1, at: number, stake: number) =>
    suite.api<{ bet_id: number }>('bet/placeMarketBet', { market_id: market, selection_id: 1, is_back, odds: at, stake, persistence: 'PERSIST' }, who);
  await bet(layer, 0, 3, 100);
  await bet(token, 1, 3, 100);
  const offer = await bet(layer, 1, odds, 1000);
  return { market, bet, offer };
}

const positions = (page: Page, market: number) =>
  Promise.all([1, 2].map(async (s) => (await page.getByTestId(`position-${market}-${s}`).textContent()) ?? ''));

describe.each(VIEWPORTS)('cash out at $width px', (vp: Viewport) => {
  it('cashes out a shortened back for +50 on every runner, and an automatic cash out fires with the browser closed', { timeout: 300_000 }, async () => {
    const tag = vp.width < 993 ? 'p' : 'd';
    const layer = await newBettor(`colayer${tag}`);
    let { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      const token = await signIn(page);
      const { match } = await upcomingCricket(suite, token, vp.width < 993 ? 1 : 0);

      // 1. A manual cash out.
      const first = await backedHome(match.match_id, `Cash out ${vp.width}`, token, layer, 2.5);
      await page.goto(`/#/game-details/4/${match.match_id}`);
      const button = page.getByTestId(`cash-out-button-${first.market}`);
      await eventually(() => button.textContent()).toBe('Cash Out ₹20.00');
      expect(await positions(page, first.market)).toEqual(['200.00', '-100.00']);
      // Home shortens: the layer's offer moves to 2.0; the value follows, green.
      await suite.api('bet/cancelBet', { bet_id: first.offer.bet_id }, layer);
      await first.bet(layer, 1, 2, 1000);
      await eventually(() => button.textContent()).toBe('Cash Out ₹50.00');
      expect(await button.getAttribute('class')).toContain('cash-out__button--profit');
      await saveShot(page, vp, 'cash-out-green');
      await button.click();
      const dialog = page.getByRole('dialog', { name: /^Cash out:/ });
      await expect.poll(() => dialog.getByTestId('cash-out-dialog-value').textContent()).toBe('₹50.00');
      expect(await dialog.getByTestId('cash-out-leg-1').textContent()).toContain('150.00 at 2');
      await saveShot(page, vp, 'cash-out-confirm');
      await dialog.getByTestId('cash-out-confirm').click();
      await eventually(() => positions(page, first.market)).toEqual(['50.00', '50.00']);
      await saveShot(page, vp, 'cash-out-done');
      // Nothing left to cash out: the button greys with the reason.
      await eventually(() => button.isDisabled()).toBe(true);

      // 2. An automatic cash out, set, then the browser closed.
      const second = await backedHome(match.match_id, `Auto cash out ${vp.width}`, token, layer, 2.5);
      await page.reload();
      await eventually(() => page.getByTestId(`cash-out-button-${second.market}`).textContent()).toBe('Cash Out ₹20.00');
      await page.getByTestId(`cash-out-options-${second.market}`).click();
      const form = page.getByTestId(`auto-cash-out-${second.market}`);
      await form.getByTestId('auto-cash-out-take-profit').fill('40');
      await form.getByTestId('auto-cash-out-set').click();
      await eventually(() => page.getByTestId(`cash-out-${second.market}`).getByTestId('cash-out-rule').textContent()).toContain('+₹40.00');
      await context.close();

      await suite.api('bet/cancelBet', { bet_id: second.offer.bet_id }, layer);
      await second.bet(layer, 1, 2, 1000);
      // Fired on the server: demo1's position is even.
      await eventually(async () => (await suite.api<{ value: number | null; reason: string | null }>('bet/getCashOut', { market_id: second.market }, token)).reason).toBe('NOTHING_TO_CASH_OUT');

      ({ context, page } = await newPage(suite.browser, suite.product.baseUrl, vp));
      await signIn(page);
      const bell = page.getByTestId('notification-bell');
      await eventually(() => bell.getAttribute('aria-label')).toMatch(/unread/);
      await bell.click();
      const list = page.getByTestId('notification-panel');
      await eventually(() => list.getByTestId('notification').first().textContent()).toContain('Automatic cash out done');
      expect(await list.getByTestId('notification').first().textContent()).toContain('₹50.00 profit locked in whatever wins');
      await saveShot(page, vp, 'auto-cash-out-bell');
      await page.goto(`/#/game-details/4/${match.match_id}`);
      await eventually(() => positions(page, second.market)).toEqual(['50.00', '50.00']);
    } finally {
      await context.close();
    }
  });
});
