import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { VIEWPORTS, type Viewport } from './support/browser.ts';
import { saveShot } from './support/shots.ts';
import { browserSuite, FRESH_PASSWORD, freshBettorPage, openMatchOddsSlip } from './support/suite.ts';

/**
 * Issue 25's self-exclusion in real Chromium at 1280 px and 390 px, each width with a bettor of
 * its own: the bettor excludes himself from the safer-gambling page (a length, his password, the
 * confirmation), the page shows it in force at the top until a time in IST and no longer offers
 * a break; then on a match page the slip a price opens says why it is closed, with no Place Bet,
 * and a bet sent anyway is refused (403 SELF_EXCLUDED). No axe violation, nothing wider than the
 * screen. Screens go to E2E_SHOTS when it names a folder.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const SHOWN_MS = 30_000;

/** How much wider than the viewport the page scrolls (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

/** `dd/MM/yyyy HH:mm (IST)` of an instant, as the page and the slip show a restriction's times. */
function istDateTime(iso: string): string {
  const t = new Date(Date.parse(iso) + 5.5 * 3_600_000).toISOString();
  return `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 16)} (IST)`;
}

/** A call from the page as the signed-in bettor: the envelope and the HTTP status. */
function callFromPage(page: Page, path: string, body?: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`api/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('usertoken')}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        http: res.status,
        ...((await res.json()) as { code?: string; message: string; data: unknown }),
      };
    },
    { path, body },
  );
}

describe.each(VIEWPORTS)('self-exclusion at $width px', (vp: Viewport) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await freshBettorPage(suite, vp, 'sx'));
  }, 120_000);
  afterAll(() => context?.close());

  it(
    'self-excludes from the page, then the slip says why it is closed and a bet is refused',
    { timeout: 180_000 },
    async () => {
      await page.goto('/#/setting/safer-gambling');
      await page.getByTestId('self-exclusion').waitFor({ timeout: SHOWN_MS });
      await page.getByTestId('self-exclusion-6').check();
      await page.getByTestId('self-exclusion-password').fill(FRESH_PASSWORD);
      await page.getByTestId('self-exclusion-start').click();
      const dialog = page.getByTestId('self-exclusion-confirm');
      await dialog.waitFor();
      expect(await axeViolations(page, 'self-exclusion confirmation')).toEqual([]);
      await page.getByTestId('self-exclusion-confirm-yes').click();

      await page.getByTestId('safer-gambling-restriction').waitFor({ timeout: SHOWN_MS });
      const saferGambling = await callFromPage(page, 'user/getSaferGambling');
      const restriction = (saferGambling.data as { restriction: { kind: string; ends_at: string } })
        .restriction;
      expect(restriction.kind).toBe('SELF_EXCLUSION');
      const until = istDateTime(restriction.ends_at);
      expect(await textOf(page, 'safer-gambling-restriction-text')).toBe(
        `You are self-excluded until ${until}`,
      );
      expect(await textOf(page, 'safer-gambling-restriction-until')).toBe(until);
      // A break adds nothing to a self-exclusion: not offered.
      expect(await page.getByTestId('take-break-start').count()).toBe(0);
      expect(await overflow(page)).toBe(0);
      expect(await axeViolations(page, 'safer gambling, self-excluded')).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveShot(page, vp, 'self-excluded-page');

      // A match with exchange prices: a price box opens the slip, which says why it is closed.
      const { slip, odds, runner } = await openMatchOddsSlip(suite, page, vp.width, SHOWN_MS);
      await expect
        .poll(() => slip.getByTestId('slip-closed').textContent(), { timeout: SHOWN_MS })
        .toBe(`You are self-excluded until ${until}.`);
      expect(await slip.getByTestId('slip-place').count()).toBe(0);
      expect(await overflow(page)).toBe(0);
      expect(await axeViolations(page, 'match page, slip closed')).toEqual([]);
      await slip.scrollIntoViewIfNeeded();
      await saveShot(page, vp, 'self-excluded-slip');
      // And the screen as the bettor sees it, the slip in view.
      if (process.env.E2E_SHOTS)
        await page.screenshot({ path: `${process.env.E2E_SHOTS}/${vp.width}-self-excluded-slip-screen.png` });

      // A bet sent anyway is refused, and says until when.
      const refused = await callFromPage(page, 'bet/placeMarketBet', {
        market_id: odds.market_id,
        selection_id: runner.selection_id,
        is_back: 1,
        odds: runner.back[0]?.price ?? 2,
        stake: 100,
        client_ref: `sx-${vp.width}-${Date.now()}`,
      });
      expect(refused.http).toBe(403);
      expect(refused.code).toBe('SELF_EXCLUDED');
      expect(refused.message).toMatch(/^You have excluded yourself until \d{4}-\d{2}-\d{2} \d{2}:\d{2} IST/);
    },
  );
});
