import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoSignedHeaders } from '@exchange/contracts/casino-signing';
import { buildProviderApp } from '../apps/casino-provider/src/app.ts';
import { FakePlatform } from '../apps/casino-provider/src/testing/fake-platform.ts';
import { launchChromium, newPage, VIEWPORTS } from './support/browser.ts';

/**
 * The game page's balance when the platform's wallet does not answer the first asks (a CI run on a
 * loaded machine saw "–" on 4 tables until the player's first bet, 2026-12-02): the page asks
 * again until the wallet answers, and shows the balance the wallet gave. The provider runs in this
 * process against a small wallet of its own over real HTTP, with faults on demand; real Chromium.
 */
const PROVIDER = 'prov';
const SECRET = 'balance-retry-secret';
let platform: FakePlatform;
let app: ReturnType<typeof buildProviderApp>;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  platform = new FakePlatform(PROVIDER, SECRET);
  platform.addUser('7', 'tok-7', 1_234_500);
  await platform.start();
  app = buildProviderApp({
    platformUrl: platform.url,
    providerId: PROVIDER,
    secret: SECRET,
    gameCodes: ['imlive1001'],
    chainLength: 20,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await platform?.stop();
});

/** A launch URL for user 7, signed as the platform signs it. */
async function launchUrl(): Promise<string> {
  const body = JSON.stringify({
    token: 'tok-7',
    userId: 7,
    userName: 'demo7',
    gameCode: 'imlive1001',
    type: 1,
    casinoButtons: [{ label: '1k', value: 1000 }],
  });
  const headers = casinoSignedHeaders({
    secret: SECRET,
    providerId: PROVIDER,
    method: 'POST',
    path: '/api/launch',
    rawBody: body,
    nowMs: Date.now(),
  });
  const res = await fetch(`${origin}/api/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return ((await res.json()) as { url: string }).url;
}

describe('the game page when the wallet does not answer its first balance asks', () => {
  it('asks again and shows the balance the wallet then gives', { timeout: 60_000 }, async () => {
    const url = await launchUrl();
    // The next two balance calls fail as a busy platform's would: a 500, then a dropped connection.
    platform.fail('balance', 'http-500', 'drop-before');
    const asked = () => platform.calls.filter((c) => c.op === 'balance').length;
    const askedBefore = asked();
    const { context, page } = await newPage(browser, origin, VIEWPORTS[0]);
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await expect.poll(() => page.locator('#user').textContent(), { timeout: 20_000 }).toBe('demo7');
      // ₹12,345.00: what the wallet holds (1,234,500 paise), once it answers the third ask.
      await expect.poll(() => page.locator('#balance').textContent(), { timeout: 20_000 }).toBe('12,345.00');
      expect(asked() - askedBefore).toBe(3);
    } finally {
      await context.close();
    }
  });
});
