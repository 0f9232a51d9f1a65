// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { istYmdDaysAgo } from '@/lib/format';
import {
  callAs,
  callAsOnTestServer,
  newAccountOfAgent1,
  newAccountUnder,
  renderInApp,
  signedInOnTestServer,
  tokenOnTestServer,
} from '@/test/api-server';
import { PaymentsPage } from './payments-page';

/**
 * The payment requests screen on the real server, as a sub-agent of its own (10,000 in chips and
 * a UPI id) with an online bettor of 2,000: its deposit request waits in the list, the approval
 * confirms the user, the amount and what moves, and reaches the bettor's statement; a rejected
 * withdrawal gives the held money back.
 */
let agentToken: string;
let bettor: { userName: string; userId: number; token: string };
signedInOnTestServer(async () => {
  const made = await newAccountOfAgent1({ prefix: 'w1pa', role: 'agent', chips: 10_000 });
  agentToken = made.token;
  await callAsOnTestServer(agentToken, 'agentSetPaymentDetails', {
    method: 'UPI',
    account_name: 'W1 Agent',
    upi_id: 'w1agent@okaxis',
  });
  const user = await newAccountUnder(agentToken, { prefix: 'w1pb', chips: 2_000, onlinePayments: true });
  bettor = { ...user, token: await tokenOnTestServer(user.userName) };
  return made.userName;
});

const text = (testId: string) => screen.getByTestId(testId).textContent;
const today = istYmdDaysAgo(0);
const bettorRequests = async () =>
  (await callAsOnTestServer(bettor.token, 'paymentGetPaymentStatement', { from_date: today, to_date: today }))
    .rows;

describe('payment requests', () => {
  it("approves a bettor's deposit with a remark after showing who, how much and what moves; it reaches the bettor", async () => {
    const utr = `${Date.now()}`.padStart(12, '7').slice(-12);
    const asked = await callAsOnTestServer(bettor.token, 'paymentDeposit', {
      amount: 1500,
      method: 'UPI',
      utr,
      client_ref: `w1-${utr}`,
    });
    renderInApp(<PaymentsPage />, '/payments');
    const row = await screen.findByTestId(`payment-row-${asked.request_id}`);
    expect(within(row).getByText(bettor.userName)).toBeTruthy();
    expect(within(row).getByTestId(`payment-status-${asked.request_id}`).textContent).toBe('Pending');

    fireEvent.click(within(row).getByTestId(`payment-approve-${asked.request_id}`));
    await screen.findByTestId('payment-decide-dialog');
    expect(text('payment-decide-user')).toBe(bettor.userName);
    expect(text('payment-decide-amount')).toBe('1500.00');
    expect(text('payment-decide-effect')).toBe(`${bettor.userName} is credited 1500.00 from your balance.`);
    fireEvent.change(screen.getByTestId('payment-decide-remark'), { target: { value: 'UTR checked' } });
    fireEvent.click(screen.getByTestId('payment-decide-confirm'));

    // Decided: it leaves the pending list.
    await waitFor(() => expect(screen.queryByTestId(`payment-row-${asked.request_id}`)).toBeNull());
    expect(screen.queryByTestId('payment-decide-dialog')).toBeNull();
    const mine = (await bettorRequests()).find((r) => r.request_id === asked.request_id);
    expect(mine).toMatchObject({ status: 'APPROVED', remark: 'UTR checked', amount: 1500 });
    expect((await callAs(bettor.token, 'getUserBalance')).total_balance).toBe(3500);
    expect((await fetchData('consoleGetMe')).balance).toBe(10_000 - 2_000 - 1_500);
  });

  it('rejects a withdrawal: the held money goes back to the bettor; the Approved / Rejected filters show the decided ones', async () => {
    const asked = await callAsOnTestServer(bettor.token, 'paymentWithdraw', {
      amount: 500,
      method: 'UPI',
      account_name: 'W1 Bettor',
      upi_id: 'w1bettor@okaxis',
      client_ref: `w1-wd-${Date.now()}`,
    });
    renderInApp(<PaymentsPage />, '/payments?kind=WITHDRAW');
    fireEvent.click(await screen.findByTestId(`payment-reject-${asked.request_id}`));
    await screen.findByTestId('payment-decide-dialog');
    expect(text('payment-decide-effect')).toBe(
      `The 500.00 held since the request goes back to ${bettor.userName}'s balance.`,
    );
    fireEvent.click(screen.getByTestId('payment-decide-confirm'));
    await waitFor(() => expect(screen.queryByTestId(`payment-row-${asked.request_id}`)).toBeNull());
    expect((await callAs(bettor.token, 'getUserBalance')).available_balance).toBe(3500);

    fireEvent.change(screen.getByTestId('payments-status'), { target: { value: 'REJECTED' } });
    const rejected = await screen.findByTestId(`payment-row-${asked.request_id}`);
    expect(within(rejected).getByTestId(`payment-status-${asked.request_id}`).textContent).toBe('Rejected');
    expect(within(rejected).queryByTestId(`payment-approve-${asked.request_id}`)).toBeNull();
  });
});
