// @vitest-environment jsdom
import { endpoints } from '@exchange/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { fakeCalls, refusal } from '@/test/fake-calls';
import { CollectionPage } from './collection-page';

/**
 * The collection report as agent1, answered by a fake: who owes the caller, whom it owes (its
 * upline among them), who is square, each side's total and the net; each account opens its
 * ledger (the upline the caller's own); Settle opens the settlement dialog the routes pass in, for
 * a direct account only.
 */
signedInOnTestServer('agent1');
beforeAll(() => setWindowWidth(1280));
beforeEach(() => queryClient.clear());

const REPORT = {
  receive_from: [
    { user_id: 11, user_name: 'master1', role: 'agent' as const, upline: false, owed_by_user: 1900 },
    { user_id: 12, user_name: 'punter1', role: 'user' as const, upline: false, owed_by_user: 100.5 },
  ],
  pay_to: [
    { user_id: 13, user_name: 'punter2', role: 'user' as const, upline: false, owed_by_user: -750.25 },
    { user_id: 1, user_name: 'admin', role: 'root' as const, upline: true, owed_by_user: -249.75 },
  ],
  square: [{ user_id: 14, user_name: 'punter3', role: 'user' as const, upline: false, owed_by_user: 0 }],
  total_receive: 2000.5,
  total_pay: 1000,
};

const totalsOf = (testId: string) => screen.getByTestId(`${testId}-total-owed_by_user`).textContent;

describe('collection report', () => {
  it('lists Receive from, Pay to and Square with each side’s total and the net', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetCollectionReport, () => REPORT);
    const opened: string[] = [];
    renderInApp(
      <CollectionPage
        settle={(account, onClose) => (
          <button type="button" data-testid="settle-slot" onClick={onClose}>
            {(opened.push(account.user_name), account.user_name)}
          </button>
        )}
      />,
      '/collection',
    );
    const master = await screen.findByTestId('collection-receive-row-master1');
    expect(within(master).getByText('+1900.00').className).toContain('profit');
    expect(within(master).getByText('Agent')).toBeTruthy();
    expect(within(screen.getByTestId('collection-receive-row-punter1')).getByText('+100.50')).toBeTruthy();
    expect(within(screen.getByTestId('collection-pay-row-punter2')).getByText('-750.25').className).toContain(
      'loss',
    );
    const upline = screen.getByTestId('collection-pay-row-admin');
    expect(within(upline).getByText('-249.75')).toBeTruthy();
    expect(within(upline).getByText('Upline')).toBeTruthy();
    expect(within(upline).getByTestId('collection-ledger-admin').getAttribute('href')).toBe('/ledger');
    expect(within(upline).queryByRole('button', { name: /Settle/ })).toBeNull();
    expect(totalsOf('collection-receive')).toBe('+2000.50');
    expect(totalsOf('collection-pay')).toBe('-1000.00');
    expect(screen.getByTestId('collection-receive-totals').textContent).toContain('Total (2)');
    expect(screen.getByTestId('collection-net').textContent).toBe(
      'Net: +1000.50 (you receive more than you pay)',
    );
    expect(within(screen.getByTestId('collection-square')).getByText('punter3').getAttribute('href')).toBe(
      '/ledger?user=14',
    );
    expect(screen.getByTestId('collection-ledger-master1').getAttribute('href')).toBe('/ledger?user=11');

    fireEvent.click(screen.getByTestId('collection-settle-punter2'));
    expect((await screen.findByTestId('settle-slot')).textContent).toBe('punter2');
    fireEvent.click(screen.getByTestId('settle-slot'));
    expect(screen.queryByTestId('settle-slot')).toBeNull();
    expect(opened.at(-1)).toBe('punter2');
  });

  it('says when nobody owes either way, and shows a refusal with Try again', async () => {
    const fake = fakeCalls();
    let refuse = true;
    fake.answer(endpoints.agentGetCollectionReport, () =>
      refuse
        ? ((refuse = false), refusal(400, 'BAD_REQUEST', 'The report is not available'))
        : { receive_from: [], pay_to: [], square: [], total_receive: 0, total_pay: 0 },
    );
    renderInApp(<CollectionPage />, '/collection');
    expect(await screen.findByText('The report is not available')).toBeTruthy();
    fireEvent.click(screen.getByText('Try again'));
    expect(await screen.findByText('Nobody owes you.')).toBeTruthy();
    expect(screen.getByText('You owe nobody.')).toBeTruthy();
    expect(screen.getByText('No account is square.')).toBeTruthy();
    expect(screen.getByTestId('collection-net').textContent).toBe('Net: 0.00 (square)');
    expect(screen.queryByTestId('collection-receive-totals')).toBeNull();
  });
});
