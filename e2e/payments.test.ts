import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLogin, newPage, VIEWPORTS, type Viewport } from './support/browser.ts';
import { browserSuite } from './support/suite.ts';

/**
 * Money in through the agent, in real Chromium at 1280 px and 390 px: agent1 makes a bettor who
 * pays online (no chips), the bettor logs in, changes the password it was given, opens
 * Deposit/Withdraw from the header and asks for a deposit with a receipt image; agent1 approves
 * it through the API; the bettor's header balance, account statement and payment statement then
 * show exactly that amount. Each width has its own bettor and amount on one product.
 */
const suite = browserSuite({ FEED_SIMULATOR: '0' });
const FIRST_PASSWORD = 'Start@1234';
const NEW_PASSWORD = 'Bettor@5678';

interface PaymentRow {
  request_id: number;
  user_name: string;
  kind: string;
  amount: number;
  status: string;
  has_receipt: boolean;
}

/** A 1×1 PNG written to a temp file: the receipt the bettor picks. */
let receiptDir: string;
let receiptPath: string;
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
let agent: string;

beforeAll(async () => {
  receiptDir = mkdtempSync(join(tmpdir(), 'payments-e2e-'));
  receiptPath = join(receiptDir, 'receipt.png');
  writeFileSync(receiptPath, Buffer.from(PNG_BASE64, 'base64'));
  agent = await suite.tokenOf('agent1');
});
afterAll(() => rmSync(receiptDir, { recursive: true, force: true }));

const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();
const eventually = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 250 });

async function openFromUserMenu(page: Page, item: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(`user-menu-${item}`).click();
}

describe.each(VIEWPORTS)('deposit through the agent at $width px', (vp: Viewport) => {
  it(
    'asks, is approved, and sees the amount in the balance and both statements',
    { timeout: 240_000 },
    async () => {
      const userName = `pay${vp.width}${Date.now().toString(36)}`.slice(0, 20);
      const amount = vp.width < 993 ? 1750 : 2500;
      const utr = `${Date.now()}${vp.width}`.slice(-12);
      await suite.api(
        'agent/createUser',
        { user_name: userName, password: FIRST_PASSWORD, role: 'user', online_payments: true },
        agent,
      );

      const { context, page } = await newPage(suite.browser, suite.product.baseUrl, vp);
      try {
        await firstLogin(page, userName, FIRST_PASSWORD, NEW_PASSWORD);
        await eventually(() => textOf(page, 'balance')).toBe('0.00');

        // Deposit/Withdraw from the header; agent1's UPI id to pay to.
        await page.getByTestId('deposit-withdraw-link').click();
        await page.waitForURL(/#\/setting\/d-w$/);
        await page.getByTestId('pay-to-upi-id').waitFor();
        await page.getByTestId('pay-to-upi-id-copy').click();
        await eventually(() => textOf(page, 'pay-to-upi-id-copy')).toBe('Copied');
        await page.getByTestId('deposit-amount').fill(String(amount));
        await page.getByTestId('deposit-utr').fill(utr);
        await page.getByTestId('deposit-receipt-input').setInputFiles(receiptPath);
        await page.getByAltText('Receipt preview').waitFor();
        await page.getByTestId('deposit-submit').click();
        const made = page.getByTestId('deposit-made');
        await made.waitFor();
        expect(await made.getByTestId('payment-status').textContent()).toBe('Pending');
        // Nothing is credited before the agent approves.
        expect(await textOf(page, 'balance')).toBe('0.00');
        // No sideways scroll of the page at either width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);

        // agent1 finds the request, with its receipt, and approves it.
        const pending = await suite.api<{ rows: PaymentRow[] }>(
          'agent/getPaymentRequests',
          { status: 'PENDING', kind: 'DEPOSIT', limit: 100 },
          agent,
        );
        const request = pending.rows.find((r) => r.user_name === userName);
        expect(request).toMatchObject({ amount, status: 'PENDING', has_receipt: true });
        await suite.api(
          'agent/decidePaymentRequest',
          { request_id: request!.request_id, approve: true },
          agent,
        );

        // The header's balance follows (the 5 s poll, or the push).
        await eventually(() => textOf(page, 'balance')).toBe(amount.toFixed(2));

        // Account statement: one deposit credit of the amount, the balance after it.
        await openFromUserMenu(page, 'account-statement');
        await page.waitForURL(/#\/report\/account-statement$/);
        await eventually(() => page.getByTestId('statement-row').count()).toBe(1);
        const cells = await page.getByTestId('statement-row').locator('td').allTextContents();
        expect(cells.slice(1, 4)).toEqual([amount.toFixed(2), '', amount.toFixed(2)]);
        expect(await textOf(page, 'statement-total-credit')).toBe(amount.toFixed(2));

        // Payment statement: the request, approved.
        await openFromUserMenu(page, 'payment-statement');
        await page.waitForURL(/#\/report\/payment-withdraw$/);
        const row = page.getByTestId('payment-row');
        await eventually(() => row.count()).toBe(1);
        const paid = await row.locator('td').allTextContents();
        expect(paid.slice(1, 6)).toEqual(['Deposit', 'UPI', amount.toFixed(2), `UTR ${utr}`, 'Approved']);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
      } finally {
        await context.close();
      }
    },
  );
});
