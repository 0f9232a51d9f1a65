import { describe, expect, it } from 'vitest';
import { newPage, VIEWPORTS, type Viewport } from './support/browser.ts';
import { consoleSignIn, expectNoSidewaysScroll, openScreen } from './support/console.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Sign-up's limits and the console's Shared accounts screen (ADR 41) on the built product behind
 * a proxy (TRUST_PROXY=1: the client address is X-Forwarded-For's), with a limit of 2 sign-ups an
 * hour an address. Two bettors sign up from one address and a third is refused there with 429
 * and Retry-After; a fourth signs up elsewhere with a mobile number agent1 already gave an
 * account. In real Chromium at 1280 and 390 px, agent1 opens Shared accounts and finds both
 * groups: the address with its two sign-ups, the number with its two accounts. Each width has
 * its own address and number.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0', TRUST_PROXY: '1', SIGNUP_LIMIT_PER_HOUR: '2' });
const PASSWORD = 'Secret123';

/** A sign-up as a browser behind the proxy at `ip` sends it: the status, the answer and Retry-After. */
async function signUpFrom(ip: string, user_name: string, mobile: string) {
  const res = await fetch(`${suite.product.baseUrl}/api/user/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ user_name, password: PASSWORD, confirm_password: PASSWORD, mobile, dial_code: '+91' }),
  });
  return {
    status: res.status,
    json: (await res.json()) as { status: boolean; message: string; code?: string },
    retryAfter: res.headers.get('retry-after'),
  };
}

describe.each(VIEWPORTS)('shared accounts at $width px', (vp: Viewport) => {
  const ip = `203.0.113.${vp.width % 250}`;
  const mobile = `98${vp.width}00000`.slice(0, 10);

  it(
    'sign-ups from one address stop at the limit; agent1 sees the address and the shared number on its console',
    { timeout: 120_000 },
    async () => {
      const agent = await suite.tokenOf('agent1');
      const [first, second] = [`addr${vp.width}a`, `addr${vp.width}b`];
      expect((await signUpFrom(ip, first, mobile)).status).toBe(200);
      expect((await signUpFrom(ip, second, `97${vp.width}11111`.slice(0, 10))).status).toBe(200);
      const third = await signUpFrom(ip, `addr${vp.width}c`, `96${vp.width}22222`.slice(0, 10));
      expect(third.status).toBe(429);
      expect(third.json).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many sign-ups from your network\. Try again in 60 minutes/) });
      expect(Number(third.retryAfter)).toBeGreaterThan(3000);
      // The same number again, from elsewhere: refused as taken.
      const taken = await signUpFrom('198.51.100.1', `mob${vp.width}x`, `0${mobile}`);
      expect([taken.status, taken.json.code]).toEqual([409, 'MOBILE_EXISTS']);
      // An account agent1 made with the first bettor's number.
      const byAgent = `mob${vp.width}agent`;
      await suite.api('agent/createUser', { user_name: byAgent, password: 'Start@1234', role: 'user', mobile }, agent);

      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        await consoleSignIn(page, 'agent1');
        await openScreen(page, vp, 'shared');
        const byAddress = page.getByTestId(`shared-row-${ip}`);
        await byAddress.waitFor();
        const addressText = await byAddress.innerText();
        expect(addressText).toContain(ip);
        for (const name of [first, second]) {
          expect(await page.getByTestId(`shared-member-${name}`).innerText()).toMatch(
            new RegExp(`^${name}\\s+under agent1 · signed up here`),
          );
        }
        expect(addressText).not.toContain(`addr${vp.width}c`);
        await expectNoSidewaysScroll(page, vp);

        await page.getByTestId('shared-by').selectOption('mobile');
        await page.waitForURL(/by=mobile/);
        const byNumber = page.getByTestId(`shared-row-${mobile}`);
        await byNumber.waitFor();
        expect(await page.getByTestId(`shared-member-${first}`).innerText()).toContain(`+91 ${mobile}`);
        expect(await page.getByTestId(`shared-member-${byAgent}`).innerText()).toContain(mobile);
        expect(await byNumber.innerText()).not.toContain(second);
        await expectNoSidewaysScroll(page, vp);
      } finally {
        await context.close();
      }
    },
  );
});
