// @vitest-environment jsdom
import { endpoints, SPORT } from '@exchange/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { capturedCsv } from '@/test/csv-download';
import { fakeCalls, refusal } from '@/test/fake-calls';
import { PlusMinusPage } from './plus-minus-page';

/**
 * Plus-minus as agent1: the match is chosen from the seeded catalog on the real server (sport,
 * upcoming or finished, match); the report is answered by a fake (its route is being built). The
 * bettor of the commission example: lost 1,000 on match odds and 500 on fancy, 70 of
 * commission back.
 */
signedInOnTestServer('agent1');
beforeAll(() => setWindowWidth(1280));
beforeEach(() => queryClient.clear());

const ROW = {
  user_id: 41,
  user_name: 'punter7',
  role: 'user' as const,
  match_pnl: -1000,
  session_pnl: -500,
  commission: 70,
  net: -1430,
  own_share: 1144,
  upline_share: 286,
};
const { user_id: _id, user_name: _name, role: _role, ...TOTALS } = ROW;

describe('plus-minus', () => {
  it('reports the match chosen from the catalog, with totals and CSV', async () => {
    const [first] = await fetchData('getMatches', { sport_id: SPORT.CRICKET, is_active: 1 });
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetPlusMinusReport, (body) => ({
      match_id: body.match_id,
      match_name: first!.match_name,
      rows: [ROW],
      totals: TOTALS,
    }));
    renderInApp(<PlusMinusPage />, '/plus-minus');
    expect(
      await screen.findByText('Choose a match to see what each of your accounts made on it.'),
    ).toBeTruthy();
    const match = screen.getByTestId('plus-minus-match') as HTMLSelectElement;
    await waitFor(() =>
      expect([...match.options].some((o) => o.value === String(first!.match_id))).toBe(true),
    );
    expect((screen.getByTestId('plus-minus-sport') as HTMLSelectElement).value).toBe(String(SPORT.CRICKET));
    fireEvent.change(match, { target: { value: String(first!.match_id) } });

    const row = await screen.findByTestId('plus-minus-row-punter7');
    expect(screen.getByTestId('plus-minus-match-name').textContent).toBe(first!.match_name);
    const cell = (label: string) => row.querySelector(`[data-label="${label}"]`)?.textContent;
    expect(cell('Match P/L (+ bettors won)')).toBe('-1000.00');
    expect(cell('Session P/L (+ bettors won)')).toBe('-500.00');
    expect(cell('Commission (paid to bettors)')).toBe('70.00');
    expect(cell('Net (+ bettors won)')).toBe('-1430.00');
    expect(cell('Your share (+ you won)')).toBe('+1144.00');
    expect(cell('Upline share (+ upline won)')).toBe('+286.00');
    expect(screen.getByTestId('plus-minus-table-total-net').textContent).toBe('-1430.00');
    expect(fake.sent(endpoints.agentGetPlusMinusReport)).toEqual([{ match_id: first!.match_id }]);

    const csv = capturedCsv();
    fireEvent.click(screen.getByTestId('plus-minus-table-csv'));
    expect(await csv).toEqual({
      fileName: `plus-minus-${first!.match_id}.csv`,
      lines: [
        'Account,Match P/L (+ bettors won),Session P/L (+ bettors won),Commission (paid to bettors),Net (+ bettors won),Your share (+ you won),Upline share (+ upline won)',
        'punter7,-1000,-500,70,-1430,1144,286',
        'Total,-1000,-500,70,-1430,1144,286',
      ],
    });

    // Finished matches are another list: the match chosen is let go.
    fireEvent.change(screen.getByTestId('plus-minus-finished'), { target: { value: '1' } });
    expect(
      await screen.findByText('Choose a match to see what each of your accounts made on it.'),
    ).toBeTruthy();
  });

  it('shows a refusal', async () => {
    const fake = fakeCalls();
    fake.answer(endpoints.agentGetPlusMinusReport, () => refusal(404, 'NOT_FOUND', 'Match not found'));
    renderInApp(<PlusMinusPage />, '/plus-minus?match=999999');
    expect(await screen.findByText('Match not found')).toBeTruthy();
  });
});
