import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Real Debian Chromium, never a downloaded browser (DEVELOPERS.md). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/**
 * Content-security-policy violations seen in any page or frame of the contexts `newPage` opened
 * (ADR 42). `browserSuite` fails the test during which one happened; a test that provokes one on
 * purpose takes it with `takeCspViolations`.
 */
const cspViolations: string[] = [];
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Reports every violation of a page's policy: the DOM event, and Chromium's console line for it. */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__e2eCspViolation', (_source, text: string) => void cspViolations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __e2eCspViolation: (text: string) => void }).__e2eCspViolation;
      report(`${e.effectiveDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber}) on ${location.href}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  vp: Viewport,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: vp.width, height: vp.height },
    isMobile: vp.width < 993,
    hasTouch: vp.width < 993,
  });
  await watchCsp(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function login(page: Page, userName: string, password = 'Demo@1234'): Promise<void> {
  // The form is there once the app has run: waiting for every image and font too ("load") took
  // over 15 s on a product busy with a fast feed beside another suite, for nothing the test reads.
  // The first page of a suite may also wait on a product still busy starting its feed: 30 s.
  await page.goto('/#/login', { waitUntil: 'domcontentloaded', timeout: 30_000 });
  await page.getByTestId('login-username').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Logs a demo user in who need not change their password, waits for the home page, closes the
 * welcome popup such users get after login, and returns the token the page stored.
 */
export async function signIn(page: Page, userName = 'demo1'): Promise<string> {
  await login(page, userName);
  // The login's password check (argon2id) waits its turn on a product busy beside another suite
  // on CI's two cores: 30 s, as the first page.
  await page.waitForURL(/#\/home/, { timeout: 30_000 });
  await page.getByTestId('welcome-popup-close').click();
  return (await page.evaluate(() => localStorage.getItem('usertoken')))!;
}

/**
 * A new bettor's first login: the password its agent gave must be changed, then it logs in again
 * with the new one; waits for the home page and closes the welcome popup.
 */
export async function firstLogin(
  page: Page,
  userName: string,
  givenPassword: string,
  newPassword: string,
): Promise<void> {
  await login(page, userName, givenPassword);
  await page.waitForURL(/#\/setting\/change-password/);
  await page.getByTestId('change-password-old').fill(givenPassword);
  await page.getByTestId('change-password-new').fill(newPassword);
  await page.getByTestId('change-password-confirm').fill(newPassword);
  await page.getByTestId('change-password-submit').click();
  await page.waitForURL(/#\/login/);
  await login(page, userName, newPassword);
  await page.waitForURL(/#\/home/);
  await page.getByTestId('welcome-popup-close').click();
}
