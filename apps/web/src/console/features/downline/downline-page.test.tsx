// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import {
  callAsOnTestServer,
  newAccountOfAgent1,
  newAccountUnder,
  renderInApp,
  signedInOnTestServer,
} from '@/test/api-server';
import { DownlinePage } from './downline-page';

/**
 * The downline screen on the real server, as a sub-agent of its own (made by agent1 with 10,000
 * in chips, so no other test file moves its money) with one bettor of 1,000: the transfer's
 * confirmation shows both balances before and after, the server's figures follow and the chips
 * move once; a withdraw beyond the bettor's available is refused before any call; a created user
 * appears in the list.
 */
const AGENT_CHIPS = 10_000;
const BETTOR_CHIPS = 1_000;
let agent: { userName: string; token: string };
let bettor: { userName: string; userId: number };
signedInOnTestServer(async () => {
  const made = await newAccountOfAgent1({ prefix: 'w1ag', role: 'agent', chips: AGENT_CHIPS });
  agent = { userName: made.userName, token: made.token };
  bettor = await newAccountUnder(made.token, { prefix: 'w1bt', chips: BETTOR_CHIPS });
  return made.userName;
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
const text = (testId: string) => screen.getByTestId(testId).textContent;
const balanceOf = async (userName: string) => {
  const page = await callAsOnTestServer(agent.token, 'agentGetDownline', {
    search: userName,
    page: 1,
    limit: 5,
  });
  return page.rows.find((r) => r.user_name === userName)!;
};

async function openTransfer(direction: 'deposit' | 'withdraw') {
  renderInApp(<DownlinePage />, '/downline');
  fireEvent.click(await screen.findByTestId(`downline-${direction}-${bettor.userName}`));
  const dialog = await screen.findByTestId('transfer-dialog');
  // The caller's own available, read afresh when the dialog opens.
  await waitFor(() => expect(within(dialog).getByTestId('transfer-own-available').textContent).not.toBe('…'));
  return dialog;
}

describe('transfer chips', () => {
  it('confirms a deposit with both balances before and after, then shows the server figures; the chips move once', async () => {
    const before = await fetchData('consoleGetMe');
    expect(before.balance).toBe(AGENT_CHIPS - BETTOR_CHIPS);
    await openTransfer('deposit');
    type('transfer-amount', '250.5');
    type('transfer-remark', 'top-up');
    fireEvent.click(screen.getByTestId('transfer-continue'));

    await screen.findByTestId('transfer-preview');
    expect(text('transfer-preview-amount')).toBe('250.50');
    expect([text('transfer-user-before'), text('transfer-user-after')]).toEqual(['1000.00', '1250.50']);
    expect([text('transfer-agent-before'), text('transfer-agent-after')]).toEqual(['9000.00', '8749.50']);

    // A double click sends one transfer (one client_ref for the dialog).
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    await screen.findByTestId('transfer-done');
    expect(text('transfer-done-user-balance')).toBe('1250.50');
    expect(text('transfer-done-agent-balance')).toBe('8749.50');

    expect((await balanceOf(bettor.userName)).balance).toBe(1250.5);
    expect((await fetchData('consoleGetMe')).balance).toBe(8749.5);
    // The list shows the new balance once it is read again.
    fireEvent.click(screen.getByTestId('transfer-close'));
    const row = await screen.findByTestId(`downline-row-${bettor.userName}`);
    // Balance and available.
    await waitFor(() => expect(within(row).getAllByText(formatAmount(1250.5))).toHaveLength(2));
  });

  it("refuses a withdraw beyond the user's available before any call, then withdraws and gives the chips back", async () => {
    await openTransfer('withdraw');
    type('transfer-amount', '1250.51');
    fireEvent.click(screen.getByTestId('transfer-continue'));
    expect((await screen.findByTestId('transfer-amount-error')).textContent).toBe(
      // The bettor has no bets: nothing holds the rest.
      `${bettor.userName} has only 1250.50 available`,
    );
    expect(screen.queryByTestId('transfer-preview')).toBeNull();

    type('transfer-amount', '50');
    fireEvent.click(screen.getByTestId('transfer-continue'));
    await screen.findByTestId('transfer-preview');
    expect([text('transfer-user-before'), text('transfer-user-after')]).toEqual(['1250.50', '1200.50']);
    expect([text('transfer-agent-before'), text('transfer-agent-after')]).toEqual(['8749.50', '8799.50']);
    fireEvent.click(screen.getByTestId('transfer-confirm'));
    await screen.findByTestId('transfer-done');
    expect(text('transfer-done-user-balance')).toBe('1200.50');
    expect(text('transfer-done-agent-balance')).toBe('8799.50');
    expect((await balanceOf(bettor.userName)).balance).toBe(1200.5);
  });
});

describe('locks', () => {
  it('says what a change does before applying it, and the row shows the lock', async () => {
    renderInApp(<DownlinePage />, '/downline');
    fireEvent.click(await screen.findByTestId(`downline-status-${bettor.userName}`));
    await screen.findByTestId('status-dialog');
    expect((screen.getByTestId('status-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('status-bet-locked'));
    expect(text('status-changes')).toBe('Lock betting: no new bets (open bets stay)');
    expect(text('status-apply')).toBe('Lock betting');
    fireEvent.click(screen.getByTestId('status-apply'));
    const row = await screen.findByTestId(`downline-row-${bettor.userName}`);
    await waitFor(() => expect(within(row).getByText('Bet locked')).toBeTruthy());
    expect(await balanceOf(bettor.userName)).toMatchObject({ bet_locked: true, login_locked: false });
  });
});

describe('create user', () => {
  it("checks the fields with the contract's words, then creates the user, who appears in the list", async () => {
    renderInApp(<DownlinePage />, '/downline');
    fireEvent.click(await screen.findByTestId('downline-create'));
    await screen.findByTestId('create-user-dialog');
    type('create-user-name', 'ab');
    type('create-user-password', 'Start@1234');
    type('create-user-credit-limit', '12.345');
    fireEvent.click(screen.getByTestId('create-user-submit'));
    expect((await screen.findByTestId('create-user-user_name-error')).textContent).toBe(
      'User name must be 4 to 20 letters, digits or _',
    );
    expect(text('create-user-credit_limit-error')).toBe('At most 2 decimals');

    const userName = `w1new${Date.now().toString(36)}`.slice(0, 20);
    type('create-user-name', userName);
    type('create-user-credit-limit', '5000');
    fireEvent.click(screen.getByTestId('create-user-role-agent'));
    fireEvent.click(screen.getByTestId('create-user-submit'));
    await waitFor(() => expect(screen.queryByTestId('create-user-dialog')).toBeNull());
    const row = await screen.findByTestId(`downline-row-${userName}`);
    expect(within(row).getByText('Agent')).toBeTruthy();
    expect(within(row).getByText('5000.00')).toBeTruthy();
    expect(await balanceOf(userName)).toMatchObject({ role: 'agent', credit_limit: 5000, balance: 0 });
  });
});
