// @vitest-environment jsdom
import { endpoints } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { fakeCalls, refusal } from '@/test/fake-calls';
import { LedgerPage } from './ledger-page';

/**
 * The settlement ledger as agent1, answered by fakes (the routes are being built): a direct
 * account's ledger says its debt to the caller, the caller's own says its debt to its upline, the
 * newest row first; the signs are said in the headers; a refusal is shown.
 */
signedInOnTestServer('agent1');
beforeAll(() => setWindowWidth(1280));
beforeEach(() => queryClient.clear());

const ACCOUNTS = {
  receive_from: [{ user_id: 21, user_name: 'master1', role: 'agent' as const, upline: false, owed_by_user: 1700 }],
  pay_to: [],
  // agent1's upline is square with it: its ledger is "My upline", not one of the accounts.
  square: [
    { user_id: 22, user_name: 'punter9', role: 'user' as const, upline: false, owed_by_user: 0 },
    { user_id: 1, user_name: 'admin', role: 'root' as const, upline: true, owed_by_user: 0 },
  ],
  total_receive: 1700,
  total_pay: 0,
};
/** master1's downline lost 10,000 on a market and 20% of it is agent1's and above: 2,000 goes up. */
const MASTER_LEDGER = {
  parent_id: 7,
  parent_name: 'agent1',
  user_id: 21,
  user_name: 'master1',
  rows: [
    {
      date: '2026-11-20T10:00:00.000Z',
      kind: 'SHARE' as const,
      description: 'Cricket / India v Australia / Match Odds',
      downline_pnl: -10_000,
      commission: 0,
      amount: 2000,
      balance: 2000,
    },
    {
      date: '2026-11-21T10:00:00.000Z',
      kind: 'SETTLEMENT' as const,
      description: 'cash at the office',
      downline_pnl: 0,
      commission: 0,
      amount: -300,
      balance: 1700,
    },
  ],
  owed_by_user: 1700,
};

describe('settlement ledger', () => {
  it("shows a direct account's ledger, newest first, with what it owes the caller", async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetCollectionReport, () => ACCOUNTS);
    fake.answer(endpoints.agentGetSettlementLedger, (body) =>
      body.user_id === 21
        ? MASTER_LEDGER
        : { ...MASTER_LEDGER, user_id: 22, user_name: 'punter9', rows: [], owed_by_user: 0 },
    );
    const opened: string[] = [];
    renderInApp(
      <LedgerPage
        settle={(account) => (opened.push(account.user_name), (<p data-testid="settle-slot" />))}
      />,
      '/ledger?user=21',
    );
    expect((await screen.findByTestId('ledger-owed')).textContent).toBe('master1 owes you 1700.00');
    const table = screen.getByTestId('ledger-table');
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toContain('Amount (+ owes you more)');
    expect(headers).toContain('Balance (+ owes you)');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('[data-label="Kind"]')?.textContent)).toEqual([
      'Settlement',
      'Share',
    ]);
    expect(rows[1]!.querySelector('[data-label="Downline P/L (+ bettors won)"]')?.textContent).toBe(
      '-10000.00',
    );
    expect(rows[0]!.querySelector('[data-label="Amount (+ owes you more)"]')?.textContent).toBe('-300.00');
    expect(rows[0]!.querySelector('[data-label="Balance (+ owes you)"]')?.textContent).toBe('+1700.00');
    // What an account owes the caller is good news: green.
    expect(rows[0]!.querySelector('[data-label="Balance (+ owes you)"] span')?.className).toContain('profit');
    expect(fake.sent(endpoints.agentGetSettlementLedger)).toEqual([{ user_id: 21 }]);

    // The accounts to choose from: the caller's own ledger (agent1 has an upline) and its direct accounts.
    const choose = screen.getByTestId('ledger-account') as HTMLSelectElement;
    await waitFor(() =>
      expect([...choose.options].map((o) => o.textContent)).toEqual(['My upline', 'master1', 'punter9']),
    );
    fireEvent.click(screen.getByTestId('ledger-settle'));
    await screen.findByTestId('settle-slot');
    expect(opened).toEqual(['master1']);
    fireEvent.change(choose, { target: { value: '22' } });
    expect(await screen.findByText('punter9 and you are square')).toBeTruthy();
    expect(screen.getByText('Nothing shared or settled yet.')).toBeTruthy();
  });

  it("shows the caller's own ledger with its upline, its signs from the caller's side", async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetCollectionReport, () => ACCOUNTS);
    fake.answer(endpoints.agentGetSettlementLedger, () => ({
      ...MASTER_LEDGER,
      parent_id: 1,
      parent_name: 'admin',
      user_id: 7,
      user_name: 'agent1',
      owed_by_user: -450,
    }));
    renderInApp(<LedgerPage />, '/ledger');
    expect((await screen.findByTestId('ledger-owed')).textContent).toBe('admin owes you 450.00');
    const headers = [...screen.getByTestId('ledger-table').querySelectorAll('thead th')].map(
      (th) => th.textContent,
    );
    expect(headers).toContain('Amount (+ you owe more)');
    expect(headers).toContain('Balance (+ you owe)');
    // On its own ledger a plus is what the caller owes: red; the newest balance, +1700.00, is such a debt.
    const newest = within(screen.getByTestId('ledger-table')).getAllByRole('row')[1]!;
    const balance = newest.querySelector('[data-label="Balance (+ you owe)"] span');
    expect([balance?.textContent, balance?.className]).toEqual(['+1700.00', 'num loss']);
    expect(fake.sent(endpoints.agentGetSettlementLedger)).toEqual([{}]);
    // No account chosen: nothing to settle from here.
    expect(screen.queryByTestId('ledger-settle')).toBeNull();
  });

  it('shows a refusal', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetCollectionReport, () => ACCOUNTS);
    fake.answer(endpoints.agentGetSettlementLedger, () => refusal(404, 'NOT_FOUND', 'User not found'));
    renderInApp(<LedgerPage />, '/ledger?user=999');
    expect(await within(screen.getByTestId('ledger-table')).findByText('User not found')).toBeTruthy();
    expect(screen.queryByTestId('ledger-owed')).toBeNull();
  });
});
