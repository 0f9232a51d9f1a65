// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { newClientRef } from '@/lib/client-ref';
import { matchOddsOnTestServer, newAccountOfAgent1, renderInApp } from '@/test/api-server';
import { MatchBets } from './match-bets';

/**
 * My Bets on the real server, for a bettor of this file's own on a seeded match with the market
 * maker's prices: an unmatched back (far above the best price, so it rests) is edited in place:
 * a tick up on the ladder places it anew (a new bet id), a lower stake keeps the bet, Keep in play
 * switches its persistence; a cash out's hedge bet is marked.
 */
const seeded = matchOddsOnTestServer(
  async () => (await newAccountOfAgent1({ prefix: 'mybets', chips: 20_000 })).userName,
  6,
);

const home = () => seeded.odds.runners[0]!;

/** A back on the first runner at 50 (the book's best is far below): it rests whole. */
async function restingBack(stake = 300) {
  const bet = await fetchData('placeMarketBet', {
    market_id: seeded.odds.market_id,
    selection_id: home().selection_id,
    is_back: 1,
    odds: 50,
    stake,
  });
  expect(bet.status).toBe('UNMATCHED');
  return bet;
}

const unmatchedOnServer = () =>
  fetchData('getCurrentBets', { bet_type: 'unmatched', match_id: seeded.match.match_id });

async function openEditor(betId: number) {
  renderInApp(<MatchBets matchId={seeded.match.match_id} />);
  fireEvent.click(await screen.findByTestId(`edit-bet-${betId}`, undefined, { timeout: 10_000 }));
  return within(screen.getByRole('form', { name: `Edit back ${home().name}` }));
}

describe('My Bets: editing an unmatched bet', () => {
  it('a tick up on the ladder places the rest anew at the new price: a new bet id in the list', async () => {
    const bet = await restingBack();
    const editor = await openEditor(bet.bet_id);
    expect((editor.getByLabelText('Odds') as HTMLInputElement).value).toBe('50.00');

    fireEvent.click(editor.getByRole('button', { name: 'Raise odds one tick' }));
    expect((editor.getByLabelText('Odds') as HTMLInputElement).value).toBe('55.00');
    fireEvent.click(editor.getByRole('button', { name: 'Update' }));

    await screen.findByText('Bet moved to 55.00', undefined, { timeout: 10_000 });
    const [moved, ...others] = await unmatchedOnServer();
    expect(others).toEqual([]);
    expect(moved).toEqual(expect.objectContaining({ odds: 55, unmatched_stake: 300 }));
    expect(moved!.bet_id).not.toBe(bet.bet_id);
    const row = await screen.findByTestId(`my-bet-unmatched-${moved!.bet_id}`, undefined, {
      timeout: 10_000,
    });
    expect(within(row).getByTestId('bet-odds-requested').textContent).toBe('55.00');
    expect(screen.queryByTestId(`my-bet-unmatched-${bet.bet_id}`)).toBeNull();
    await fetchData('cancelAllBets', { market_id: seeded.odds.market_id });
  });

  it('a lower stake keeps the bet (and its place), with the smaller rest', async () => {
    const bet = await restingBack();
    const editor = await openEditor(bet.bet_id);
    fireEvent.change(editor.getByLabelText('Unmatched stake'), { target: { value: '400' } });
    expect(editor.getByTestId('bet-editor-problem').textContent).toBe(
      'The stake can only be lowered (at most 300.00)',
    );
    expect((editor.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(editor.getByLabelText('Unmatched stake'), { target: { value: '120' } });
    fireEvent.click(editor.getByRole('button', { name: 'Update' }));
    await screen.findByText('Unmatched stake lowered to 120.00', undefined, { timeout: 10_000 });
    expect(await unmatchedOnServer()).toEqual([
      expect.objectContaining({ bet_id: bet.bet_id, odds: 50, unmatched_stake: 120 }),
    ]);
    await waitFor(() =>
      expect(screen.getByTestId(`my-bet-unmatched-${bet.bet_id}`).textContent).toContain('120.00'),
    );
    await fetchData('cancelAllBets', { market_id: seeded.odds.market_id });
  });

  it('Keep in play switches the rest between PERSIST and LAPSE', async () => {
    const bet = await restingBack();
    const editor = await openEditor(bet.bet_id);
    const keep = editor.getByRole('checkbox', { name: 'Keep in play' }) as HTMLInputElement;
    expect(keep.checked).toBe(false);

    fireEvent.click(keep);
    await screen.findByText('The unmatched part is kept in play', undefined, { timeout: 10_000 });
    expect((await unmatchedOnServer())[0]).toEqual(
      expect.objectContaining({ bet_id: bet.bet_id, persistence: 'PERSIST' }),
    );
    await waitFor(() => expect(keep.checked).toBe(true));

    fireEvent.click(keep);
    await screen.findByText('The unmatched part lapses when the market turns in play', undefined, {
      timeout: 10_000,
    });
    expect((await unmatchedOnServer())[0]).toEqual(expect.objectContaining({ persistence: 'LAPSE' }));
    await fetchData('cancelAllBets', { market_id: seeded.odds.market_id });
  });

  it('marks a cash out’s hedge bet', async () => {
    await fetchData('placeMarketBet', {
      market_id: seeded.odds.market_id,
      selection_id: home().selection_id,
      is_back: 1,
      odds: home().back[0]!.price,
      stake: 200,
    });
    const done = await fetchData('cashOut', { market_id: seeded.odds.market_id, client_ref: newClientRef() });
    renderInApp(<MatchBets matchId={seeded.match.match_id} />);
    const leg = await screen.findByTestId(`my-bet-matched-${done.bets[0]!.bet_id}`, undefined, {
      timeout: 10_000,
    });
    expect(within(leg).getByTestId('cash-out-badge').textContent).toBe('Cash out');
    expect(screen.getAllByTestId('cash-out-badge')).toHaveLength(done.bets.length);
  });
});
