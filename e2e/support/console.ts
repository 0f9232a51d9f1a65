import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Viewport } from './browser.ts';

/** Under this width the console's menu is a drawer the header's Menu button opens. */
export const DRAWER_BELOW_PX = 900;

/** Signs an agent or the operator in at /console/ (a demo one by default) and waits for the header to name it. */
export async function consoleSignIn(page: Page, userName: string, password = 'Demo@1234') {
  await page.goto('/console/');
  await page.getByTestId('console-user-name').fill(userName);
  await page.getByTestId('console-password').fill(password);
  await page.getByTestId('console-login-submit').click();
  await expect
    .poll(() => page.getByTestId('console-who').textContent(), { timeout: 20_000, interval: 250 })
    .toContain(userName);
}

/** A screen from the console's menu (on a phone, through the drawer). */
export async function openScreen(page: Page, vp: Viewport, screen: string) {
  if (vp.width < DRAWER_BELOW_PX) {
    const nav = page.getByTestId(`console-nav-${screen}`);
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
  }
  await page.getByTestId(`console-nav-${screen}`).click();
  await page.waitForURL(new RegExp(`#/${screen}`));
}

/** The page does not scroll sideways (at 390 px the wide tables scroll inside their own box). */
export async function expectNoSidewaysScroll(page: Page, vp: Viewport) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
}
