// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { matchOddsOnTestServer, newAccountOfAgent1, renderInApp } from '@/test/api-server';
import { CurrentBetsPage } from './current-bets-page';

/**
 * Current Bets on the real server, for a bettor of this file's own: its unmatched backs (far
 * above the book's best price, so they rest) are edited in a dialog (a tick down: a new bet),
 * and cancelled all at once after a confirmation.
 */
const seeded = matchOddsOnTestServer(
  async () => (await newAccountOfAgent1({ prefix: 'curbets', chips: 20_000 })).userName,
  7,
);

const restingBack = (price: number) =>
  fetchData('placeMarketBet', {
    market_id: seeded.odds.market_id,
    selection_id: seeded.odds.runners[0]!.selection_id,
    is_back: 1,
    odds: price,
    stake: 150,
  });

const rowOf = (betId: number) => document.querySelector(`[data-bet-id="${betId}"]`);

async function showUnmatched() {
  renderInApp(<CurrentBetsPage />, '/report/current-bet');
  fireEvent.click(screen.getByRole('radio', { name: 'Unmatched' }));
}

describe('Current Bets', () => {
  it('edits an unmatched bet in a dialog: a tick down is a new bet at the new price', async () => {
    const bet = await restingBack(50);
    await showUnmatched();
    fireEvent.click(await screen.findByTestId(`edit-bet-${bet.bet_id}`, undefined, { timeout: 10_000 }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit unmatched bet' }));
    expect(dialog.getByText(/Unmatched 150.00 at 50.00/)).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Lower odds one tick' }));
    expect((dialog.getByLabelText('Odds') as HTMLInputElement).value).toBe('48.00');
    fireEvent.click(dialog.getByRole('button', { name: 'Update' }));

    await screen.findByText('Bet moved to 48.00', undefined, { timeout: 10_000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    const [moved] = await fetchData('getCurrentBets', {
      bet_type: 'unmatched',
      match_id: seeded.match.match_id,
    });
    expect(moved).toEqual(expect.objectContaining({ odds: 48, unmatched_stake: 150 }));
    await waitFor(() => expect(rowOf(moved!.bet_id)).not.toBeNull(), { timeout: 10_000 });
    expect(rowOf(bet.bet_id)).toBeNull();
  });

  it('cancels every unmatched bet listed, after asking', async () => {
    await restingBack(60);
    await showUnmatched();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel all unmatched' }, { timeout: 10_000 }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel all unmatched bets' }));
    expect(dialog.getByText(/The unmatched 300.00 of 2 bets/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel 2 bets' }));

    await screen.findByText('2 bets cancelled', undefined, { timeout: 10_000 });
    expect(
      await fetchData('getCurrentBets', { bet_type: 'unmatched', match_id: seeded.match.match_id }),
    ).toEqual([]);
    await waitFor(() => expect(screen.getByText('No data available in table')).toBeTruthy(), {
      timeout: 10_000,
    });
  });
});
