import { expect, it } from 'vitest';
import { newPage, signIn, VIEWPORTS } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Issue 9, item 14: the game frame (`#/casino/mac88/game?url=...`) shows a page full-size under
 * the site's logo and the user's name. A crafted link must not turn it into a phishing page: only
 * a game URL the casino launch returned (on the provider's configured origin) is framed.
 */
const suite = browserSuite({}, { casino: true });
const TP_T20 = 'imlive1001';
const framePath = (url: string) => `/#/casino/mac88/game?url=${encodeURIComponent(url)}`;

it('frames the game the casino launched, and refuses a foreign or forged URL with a clear message', async () => {
  const { context, page } = await newPage(suite.browser, suite.product.baseUrl, VIEWPORTS[0]);
  try {
    await signIn(page, 'demo1');
    const providerUrl = suite.product.providerUrl!;

    // A link to somebody else's page, and one to the provider's origin that no launch returned.
    for (const url of ['https://example.com/x', `${providerUrl}/game/${TP_T20}?lt=forged`]) {
      await page.goto(framePath(url));
      const refusal = page.getByTestId('game-frame-refused');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain('This game link was not opened by the casino');
      expect(await page.locator('iframe').count()).toBe(0);
      // The way back to the casino is offered.
      expect(await page.getByTestId('game-frame-home').isVisible()).toBe(true);
    }

    // The provider's URL, as the launch returned it, is framed.
    await page.goto('/#/home');
    const others = page.getByTestId('sidebar-others');
    await expect
      .poll(() => others.getByTestId(`live-game-${TP_T20}`).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await others.getByTestId(`live-game-${TP_T20}`).click();
    await page.waitForURL(/#\/casino\/mac88\/game\?url=/);
    const frame = page.getByTestId('game-frame');
    await frame.waitFor();
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.origin).toBe(providerUrl);
    expect(src.pathname).toBe(`/game/${TP_T20}`);
    expect(await page.getByTestId('game-frame-refused').count()).toBe(0);
    const game = page.frameLocator('[data-testid=game-frame]');
    await expect.poll(() => game.locator('#user').textContent(), { timeout: 30_000 }).toBe('demo1');

    // A reload of the launched game keeps it (the tab remembers what it launched).
    await page.reload();
    await page.getByTestId('game-frame').waitFor();
    expect(new URL((await page.getByTestId('game-frame').getAttribute('src'))!).href).toBe(src.href);
  } finally {
    await context.close();
  }
});
