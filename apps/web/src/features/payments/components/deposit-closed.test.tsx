// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { istDateTime } from '@/lib/safer-gambling';
import { newOnlineBettor, renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { DepositWithdrawPage } from './deposit-withdraw-page';

/**
 * The deposit page of a bettor on a break, on the real server (a bettor of its own with online
 * payments): it says deposits are closed, and until when, in IST.
 */
signedInOnTestServer(async () => (await newOnlineBettor('paybrk', 0)).userName);
beforeAll(() => setWindowWidth(1280));

describe('deposit page of a bettor on a break', () => {
  it('says deposits are closed until the break ends', async () => {
    const restriction = await fetchData('takeBreak', { days: 7 });
    renderInApp(<DepositWithdrawPage />, '/setting/d-w');
    const closed = await screen.findByTestId('deposit-closed', undefined, { timeout: 10_000 });
    expect(closed.textContent).toBe(
      `You are on a break until ${istDateTime(restriction.ends_at)}. Deposits are closed; withdrawals still work.`,
    );
  });
});
