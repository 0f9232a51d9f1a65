import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signIn, takeCspViolations, VIEWPORTS } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Issue 20, items 15 and 17 (ADR 42) in Chromium: the server's security policy keeps other sites
 * from framing the bettors' app, the console and the casino provider's game page, and runs no
 * script but the site's files; a session ends by itself and both apps then say so on their login.
 * Sessions here last 20 seconds (SESSION_MAX_DAYS), so a page open on them sees the end.
 */
const SESSION_SECONDS = 20;
const suite = browserSuite({ FEED_SIMULATOR: '0', SESSION_MAX_DAYS: String(SESSION_SECONDS / 86_400) }, { casino: true });
/** The session's end, then the next call that notices it: the bettor's balance poll (5 s), the console's getMe (30 s). */
const NOTICED_WITHIN_MS = (SESSION_SECONDS + 30 + 15) * 1000;

const shot = (page: Page, name: string, width: number) => page.screenshot({ path: `/tmp/security-${name}-${width}.png` });

/** Takes the violations reported until `done` holds of them all (they arrive from the browser a little later). */
async function violationsUntil(done: (all: string[]) => boolean): Promise<void> {
  const all: string[] = [];
  await expect
    .poll(() => {
      all.push(...takeCspViolations());
      return done(all);
    }, { timeout: 15_000 })
    .toBe(true);
}

it("another site cannot frame the bettors' app, the console, nor a game page", async () => {
  const { context, page } = await newPage(suite.browser, suite.product.baseUrl, VIEWPORTS[0]);
  try {
    const pages = {
      app: `${suite.product.baseUrl}/`,
      console: `${suite.product.baseUrl}/console/`,
      game: `${suite.product.providerUrl}/game/imlive1001?lt=any`,
    };
    // A page of another origin that puts each in a frame of its own (a click-jacking page), served
    // from loopback as the product is (Chromium keeps a public page from framing loopback anyway).
    // The game page admits only the platform's origin, not this one.
    const html = Object.entries(pages)
      .map(([id, src]) => `<iframe id="${id}" src="${src}" width="400" height="300"></iframe>`)
      .join('');
    const elsewhere = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
      // Chromium reports each refusal, and shows its error page in the frame instead.
      const { baseUrl, providerUrl } = suite.product;
      const pageRefused = `Framing '${baseUrl}/' violates the following Content Security Policy directive: "frame-ancestors 'none'"`;
      const gameRefused = `Framing '${providerUrl}/' violates the following Content Security Policy directive: "frame-ancestors ${baseUrl} `;
      await violationsUntil((all) => all.filter((v) => v.startsWith(pageRefused)).length === 2 && all.some((v) => v.startsWith(gameRefused)));
      const refused = Object.keys(pages).map(() => 'chrome-error://chromewebdata/');
      await expect.poll(() => page.frames().filter((f) => f !== page.mainFrame()).map((f) => f.url()), { timeout: 15_000 }).toEqual(refused);
      for (const id of Object.keys(pages)) expect(await page.frameLocator(`#${id}`).locator('#root, #game').count(), id).toBe(0);
    } finally {
      elsewhere.close();
    }
  } finally {
    await context.close();
  }
});

it('runs no script the site did not ship, and a page that breaks the policy fails its test', async () => {
  const { context, page } = await newPage(suite.browser, suite.product.baseUrl, VIEWPORTS[0]);
  try {
    await page.goto('/#/login');
    await page.getByTestId('login-form').waitFor();
    // What an injected <script> would try: read the token from local storage.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.stolen = localStorage.getItem("usertoken") ?? "nothing"';
      document.body.append(script);
    });
    // Both reports: the page's event, and Chromium's console line.
    await violationsUntil((all) => all.some((v) => v.startsWith('script-src-elem refused inline')) && all.some((v) => v.includes('Executing inline script violates')));
    expect(await page.evaluate(() => (window as unknown as { stolen?: string }).stolen)).toBeUndefined();
  } finally {
    await context.close();
  }
});

describe.each(VIEWPORTS)('a session that ran out at $width px', (vp) => {
  it('takes the bettor to the login, which says the session expired', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await signIn(page);
      // The page stays open on the home page, polling, until the session's end.
      const notice = page.getByTestId('login-notice');
      await notice.waitFor({ timeout: NOTICED_WITHIN_MS });
      expect(page.url()).toMatch(/#\/login/);
      expect(await notice.textContent()).toBe('Your session expired. Please log in again.');
      expect(await page.evaluate(() => localStorage.getItem('usertoken'))).toBeNull();
      await shot(page, 'bettor-expired', vp.width);
    } finally {
      await context.close();
    }
  });

  it('takes the agent to the console sign-in, which says the session expired', async () => {
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await page.goto('/console/');
      await page.getByTestId('console-user-name').fill('agent1');
      await page.getByTestId('console-password').fill('Demo@1234');
      await page.getByTestId('console-login-submit').click();
      await page.getByTestId('console-who').waitFor();
      const notice = page.getByTestId('console-login-error');
      await notice.waitFor({ timeout: NOTICED_WITHIN_MS });
      expect(await notice.textContent()).toBe('Your session expired. Please sign in again.');
      expect(await page.getByTestId('console-login-form').isVisible()).toBe(true);
      await shot(page, 'console-expired', vp.width);
    } finally {
      await context.close();
    }
  });
});
