// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { reloadGlobalSettings } from '@/lib/global-settings';
import { renderInApp, signedInOnTestServer } from '@/test/api-server';
import { DepositWithdrawPage } from './deposit-withdraw-page';
import { PaymentStatementPage } from './payment-statement-page';

/**
 * demo1 has a parent but is not a bettor who pays online (is_signup_user '0'): its header shows
 * no payment links, and the pages reached by their address say so instead of asking the server.
 */
signedInOnTestServer('demo1');
beforeAll(async () => {
  // The site's payments are on: what closes the pages is the account.
  expect((await reloadGlobalSettings()).payment_gateway).toBe('1');
});

describe('payment pages without the payment links', () => {
  it.each([
    ['Deposit / Withdraw', <DepositWithdrawPage key="dw" />],
    ['Payment Statement', <PaymentStatementPage key="ps" />],
  ])('%s says payments are not open for the account', async (title, page) => {
    renderInApp(page);
    expect((await screen.findByTestId('payments-closed')).textContent).toBe(
      'Online deposits and withdrawals are not open for your account. Please contact your agent.',
    );
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
