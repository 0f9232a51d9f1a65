import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, VIEWPORTS, type Viewport } from './support/browser.ts';
import { consoleSignIn } from './support/console.ts';
import { saveShot } from './support/shots.ts';
import { browserSuite, freshBettorPage, openMatchOddsSlip } from './support/suite.ts';

/**
 * Issue 25's agent limits in real Chromium at 1280 px and 390 px, each width with a bettor of its
 * own: agent1 opens the bettor's page in the console, sets the largest stake of a bet to ₹500
 * (Limits), and the profile says so; the bettor's safer-gambling page shows what the agent set;
 * on a match page the slip refuses a stake of ₹1,000 with the agent's words and places nothing,
 * then takes ₹500. Screens go to E2E_SHOTS when it names a folder.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const SHOWN_MS = 30_000;

describe.each(VIEWPORTS)('an agent limit at $width px', (vp: Viewport) => {
  let bettor: { context: BrowserContext; page: Page; userName: string; userId: number };
  let consoleContext: BrowserContext;
  let consolePage: Page;

  beforeAll(async () => {
    bettor = await freshBettorPage(suite, vp, 'ms');
    const agent = await suite.tokenOf('agent1');
    await suite.api(
      'agent/transferChips',
      { user_id: bettor.userId, amount: 10_000, direction: 'deposit', client_ref: `ms-${bettor.userName}` },
      agent,
    );
    ({ context: consoleContext, page: consolePage } = await newPage(
      suite.browser,
      suite.product.baseUrl,
      vp,
    ));
  }, 120_000);
  afterAll(async () => {
    await bettor?.context.close();
    await consoleContext?.close();
  });

  it(
    "sets the largest stake in the console; the bettor's slip refuses a larger one and takes it",
    { timeout: 180_000 },
    async () => {
      // The agent: the user's page, Limits, ₹500 a bet.
      await consoleSignIn(consolePage, 'agent1');
      await consolePage.goto(`/console/#/downline/user/${bettor.userId}`);
      await consolePage.getByTestId('user-profile-limits').click();
      await consolePage.getByTestId('limits-dialog').waitFor();
      await consolePage.getByTestId('limits-max-stake').fill('500');
      await consolePage.getByRole('button', { name: 'Save limits' }).click();
      await expect
        .poll(() => consolePage.getByTestId('user-profile-agent-limits').textContent(), { timeout: SHOWN_MS })
        .toMatch(/^stake up to .*500/);
      // The bettor's own safer-gambling state reads as none (it is his, not the agent's).
      expect(await consolePage.getByTestId('user-profile-safer-gambling').textContent()).toBe('None');
      await saveShot(consolePage, vp, 'console-agent-limits');

      // The bettor reads what his agent set.
      const page = bettor.page;
      await page.goto('/#/setting/safer-gambling');
      await expect
        .poll(() => page.getByTestId('agent-limits').textContent(), { timeout: SHOWN_MS })
        .toMatch(/^Your agent set: a stake of at most ₹500 a bet\.$/);

      // A match with exchange prices: the slip refuses ₹1,000 with the agent's words.
      const { slip, box } = await openMatchOddsSlip(suite, page, vp.width, SHOWN_MS);
      await slip.getByTestId('slip-stake').fill('1000');
      await slip.getByTestId('slip-place').click();
      await expect
        .poll(
          () =>
            page
              .getByText(/^Your agent's limit on a stake is/)
              .first()
              .isVisible(),
          { timeout: SHOWN_MS },
        )
        .toBe(true);
      const token = (await page.evaluate(() => localStorage.getItem('usertoken')))!;
      const none = await suite.api<unknown[]>('bet/getCurrentBets', { bet_type: 'all' }, token);
      expect(none).toEqual([]);
      await saveShot(page, vp, 'slip-max-stake-refused');

      // ₹500 is within it.
      if ((await slip.count()) === 0) await box.click();
      await slip.getByTestId('slip-stake').fill('500');
      await slip.getByTestId('slip-place').click();
      await expect
        .poll(
          async () =>
            (await suite.api<{ stake: number }[]>('bet/getCurrentBets', { bet_type: 'all' }, token)).map(
              (b) => b.stake,
            ),
          {
            timeout: SHOWN_MS,
          },
        )
        .toEqual([500]);
    },
  );
});
