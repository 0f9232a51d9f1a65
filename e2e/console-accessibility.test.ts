import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { newPage, VIEWPORTS } from './support/browser.ts';
import { browserSuite, type ListedMatch } from './support/suite.ts';

/**
 * Issue 20 item 14, at 1280 px and 390 px: axe-core finds no WCAG 2.1 A/AA violation on the
 * console's screens (ADR 44): its sign-in, agent1's dashboard, downline, payments and market book,
 * and the operator's catalog, a match's markets, results, site settings and audit log. One product
 * with the feed on, so the screens show moving books and a live connection.
 */
const suite = browserSuite();

/** Waits until the screen `testId` is there and nothing on the page is loading any more. */
async function loaded(page: Page, testId: string) {
  await page.getByTestId(testId).waitFor();
  await expect.poll(() => page.locator('.spinner').count(), { timeout: 15_000 }).toBe(0);
}

async function signIn(page: Page, userName: string) {
  await page.getByTestId('console-user-name').fill(userName);
  await page.getByTestId('console-password').fill('Demo@1234');
  await page.getByTestId('console-login-submit').click();
  await expect.poll(() => page.getByTestId('console-who').textContent()).toContain(userName);
}

describe.each(VIEWPORTS)('console accessibility at $width px', (vp) => {
  // Ten screens loaded and checked in turn: about a minute on a quiet machine, more on a busy one.
  it('axe finds no WCAG A/AA violation on the agent and operator screens', { timeout: 300_000 }, async () => {
    const token = await suite.tokenOf('admin');
    const cricket = await suite.api<ListedMatch[]>('match/getMatches', { sport_id: 4 }, token);
    const live = cricket.find((m) => m.in_play)!;
    expect(live, 'a cricket match in play').toBeDefined();

    const found: string[] = [];
    /** Opens `path` of the console, waits for its screen and checks it; keeps a screenshot. */
    const visit = async (page: Page, name: string, path: string, testId: string) => {
      await page.goto(`/console/#/${path}`);
      await loaded(page, testId);
      await page.screenshot({ path: `/tmp/a11y-console-${name.replace(/\W+/g, '-')}-${vp.width}.png` });
      found.push(...(await axeViolations(page, name)));
    };

    for (const [user, screens] of [
      [
        'agent1',
        [
          ['dashboard', '', 'dashboard-page'],
          ['downline', 'downline', 'downline-page'],
          ['payments', 'payments', 'payments-page'],
          ['market book', 'book', 'book-page'],
        ],
      ],
      [
        'admin',
        [
          ['catalog', 'catalog', 'catalog-page'],
          ["a match's markets", `catalog/match/${live.match_id}`, 'markets-page'],
          ['results', 'results', 'results-page'],
          ['site settings', 'settings', 'settings-page'],
          ['audit log', 'audit', 'audit-page'],
        ],
      ],
    ] as const) {
      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        if (user === 'agent1') await visit(page, 'sign-in', '', 'console-login-form');
        else await page.goto('/console/');
        await signIn(page, user);
        for (const [name, path, testId] of screens) await visit(page, `${user} ${name}`, path, testId);
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual([]);
  });
});
