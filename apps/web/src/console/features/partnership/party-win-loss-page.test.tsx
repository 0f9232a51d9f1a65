// @vitest-environment jsdom
import { endpoints } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { istYmdDaysAgo } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { capturedCsv } from '@/test/csv-download';
import { fakeCalls, refusal } from '@/test/fake-calls';
import { PartyWinLossPage } from './party-win-loss-page';

/**
 * Party win/loss as agent1, answered by a fake (its route is being built): the days asked, each
 * direct account's row with the signs said in the headers, the totals row, the CSV with the
 * totals, a refusal. The figures are the 10 / 10 / 80 split seen from the master holding
 * 10: its agent's bettors lost 1,000, the master makes 100 and the operator above it 100.
 */
signedInOnTestServer('agent1');
beforeAll(() => setWindowWidth(1280));
beforeEach(() => queryClient.clear());

const ROWS = [
  {
    user_id: 31,
    user_name: 'agent80',
    role: 'agent' as const,
    downline_pnl: -1000,
    own_share: 100,
    upline_share: 100,
    commission: 0,
  },
  {
    user_id: 32,
    user_name: 'punter5',
    role: 'user' as const,
    downline_pnl: 250.5,
    own_share: -225.45,
    upline_share: -25.05,
    commission: 3,
  },
];
const TOTALS = { downline_pnl: -749.5, own_share: -125.45, upline_share: 74.95, commission: 3 };

describe('party win/loss', () => {
  it('asks the days, shows each account and the totals with their signs, and exports them', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetPartyWinLoss, (body) => ({
      ...body,
      rows: ROWS,
      totals: TOTALS,
    }));
    renderInApp(<PartyWinLossPage />, '/party-win-loss');
    const agent = await screen.findByTestId('party-row-agent80');
    const cell = (row: HTMLElement, label: string) =>
      row.querySelector(`[data-label="${label}"]`)?.textContent;
    expect(cell(agent, 'Downline P/L (+ bettors won)')).toBe('-1000.00');
    expect(cell(agent, 'Your share (+ you won)')).toBe('+100.00');
    expect(cell(agent, 'Upline share (+ upline won)')).toBe('+100.00');
    expect(within(agent).getByText('Agent')).toBeTruthy();
    const punter = screen.getByTestId('party-row-punter5');
    expect(cell(punter, 'Commission (paid to bettors)')).toBe('3.00');
    expect(within(punter).getByText('-225.45').className).toContain('loss');
    const totals = screen.getByTestId('party-table-totals');
    expect([...totals.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Total',
      '-749.50',
      '-125.45',
      '+74.95',
      '3.00',
    ]);
    expect(fake.sent(endpoints.agentGetPartyWinLoss)).toEqual([
      { from_date: istYmdDaysAgo(7), to_date: istYmdDaysAgo(0) },
    ]);

    const csv = capturedCsv();
    fireEvent.click(screen.getByTestId('party-table-csv'));
    expect(await csv).toEqual({
      fileName: `party-win-loss-${istYmdDaysAgo(7)}-${istYmdDaysAgo(0)}.csv`,
      lines: [
        'Account,Downline P/L (+ bettors won),Your share (+ you won),Upline share (+ upline won),Commission (paid to bettors)',
        'agent80,-1000,100,100,0',
        'punter5,250.5,-225.45,-25.05,3',
        'Total,-749.5,-125.45,74.95,3',
      ],
    });

    fireEvent.change(screen.getByTestId('party-from'), { target: { value: '01/11/2026' } });
    fireEvent.change(screen.getByTestId('party-to'), { target: { value: '15/11/2026' } });
    fireEvent.click(screen.getByTestId('party-submit'));
    await waitFor(() =>
      expect(fake.sent(endpoints.agentGetPartyWinLoss).at(-1)).toEqual({
        from_date: '2026-11-01',
        to_date: '2026-11-15',
      }),
    );
  });

  it('says when nothing was settled, and shows a refusal', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetPartyWinLoss, (body) =>
      body.from_date === istYmdDaysAgo(7)
        ? { ...body, rows: [], totals: { downline_pnl: 0, own_share: 0, upline_share: 0, commission: 0 } }
        : refusal(400, 'VALIDATION_ERROR', 'The period is too long'),
    );
    renderInApp(<PartyWinLossPage />, '/party-win-loss');
    expect(await screen.findByText('Nothing settled in this period.')).toBeTruthy();
    expect(screen.queryByTestId('party-table-totals')).toBeNull();
    fireEvent.change(screen.getByTestId('party-from'), { target: { value: '01/01/2020' } });
    fireEvent.click(screen.getByTestId('party-submit'));
    expect(await screen.findByText('The period is too long')).toBeTruthy();
  });
});
