import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, newPage, VIEWPORTS } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';
import { nextStepAfter, totpCode, wrongCode } from '../apps/web/src/test/totp.ts';

/**
 * Security auth in real Chromium at 1280 px and 390 px. A bettor agent1 has just made (API) sets
 * their password, follows the welcome popup's "Enable Security Auth", reads the secret shown in
 * text and turns it on with the code this test computes from it as a phone would; the ten backup
 * codes show. After signing out, the password alone is not enough: the code is asked, a wrong one
 * is refused, the next step's code logs in. The user page then lists the logins with IP and device.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const PASSWORD = 'Fresh@5678';
let agent: string;

beforeAll(async () => {
  agent = await suite.tokenOf('agent1');
});

/** A bettor of agent1's, its first password already changed (as the forced change does). */
async function freshBettor(userName: string): Promise<void> {
  await suite.api(
    'agent/createUser',
    { user_name: userName, password: 'Demo@1234', role: 'user', mobile: '9812345678' },
    agent,
  );
  const first = await suite.tokenOf(userName);
  await suite.api(
    'user/changePassword',
    { master_password: 'Demo@1234', new_password: PASSWORD, confirm_password: PASSWORD },
    first,
  );
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(VIEWPORTS)('security auth at $width px', (vp) => {
  it('enable with a code from the shown secret, then a code is needed to log in; the user page lists the logins', async () => {
    const userName = `secure${vp.width}`;
    await freshBettor(userName);
    const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
    try {
      await login(page, userName, PASSWORD);
      await page.waitForURL(/#\/home/);
      await page.getByTestId('welcome-popup').getByRole('link', { name: 'Enable Security Auth' }).click();
      await page.waitForURL(/#\/security-auth$/);
      await expect.poll(() => page.getByTestId('security-auth-off').textContent()).toContain('Status: Off');

      await page.getByRole('button', { name: 'Set Up Security Auth' }).click();
      await page.getByTestId('security-auth-qr').waitFor();
      expect(
        await page.getByTestId('security-auth-qr').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      const secret = ((await page.getByTestId('security-auth-secret').textContent()) ?? '').replace(
        /\s/g,
        '',
      );
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

      const enabledAt = Date.now();
      await page.getByLabel('Code from the app').fill(totpCode(secret, enabledAt));
      await page.getByRole('button', { name: 'Enable' }).click();
      const backup = page.getByTestId('security-auth-backup');
      await backup.waitFor();
      expect(await backup.textContent()).toContain('Save these backup codes now.');
      expect(await page.getByTestId('security-auth-backup-code').count()).toBe(10);
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      expect(await page.getByTestId('security-auth-status').textContent()).toBe('Enabled');

      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await page.waitForURL(/#\/login/);

      await login(page, userName, PASSWORD);
      const step = page.getByTestId('login-otp-form');
      await step.waitFor();
      expect(await step.textContent()).toContain('Enter the 6-digit code from your authenticator app');
      expect(await page.evaluate(() => localStorage.getItem('usertoken'))).toBeNull();

      await page.getByTestId('login-otp').fill(wrongCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect
        .poll(() => page.getByTestId('login-otp-error').textContent())
        .toBe('The code is not valid');
      expect(page.url()).toMatch(/#\/login/);

      // The enable code's step is spent: the app's next code logs in.
      const loginAt = await nextStepAfter(enabledAt);
      await page.getByTestId('login-otp').fill(totpCode(secret, loginAt));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(/#\/home/);
      const welcome = page.getByTestId('welcome-popup');
      expect(await welcome.textContent()).toContain('Security Auth is on for your ID');
      await page.getByTestId('welcome-popup-close').click();

      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-security-auth').click();
      await page.getByTestId('security-auth-status').waitFor();
      await page.getByRole('link', { name: 'Your profile and login activity' }).click();
      await page.waitForURL(/#\/user$/);
      const card = page.getByTestId('profile-card');
      await card.getByTestId('profile-user-name').waitFor();
      expect(await card.getByTestId('profile-user-name').textContent()).toBe(userName);
      expect(await card.getByTestId('profile-parent').textContent()).toBe('agent1');
      expect(await card.getByTestId('profile-security-auth').textContent()).toContain('Enabled');

      await page.getByRole('tab', { name: 'Logins' }).click();
      const logins = page.locator('[data-testid="activity-row"][data-kind="LOGIN"]');
      await expect.poll(() => logins.count()).toBeGreaterThanOrEqual(2);
      // What the row shows: on a phone the IP and device sit under the activity, not in columns.
      for (const row of (await logins.all()).slice(0, 2)) {
        const seen = await row.innerText();
        expect(seen).toMatch(/\d{2}\/\d{2}\/\d{4}\s+\d{2}:\d{2}:\d{2}/);
        expect(seen).toContain('Logged in');
        expect(seen).toContain('127.0.0.1');
        expect(seen).toContain('Chrome on Linux');
      }
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
