// @vitest-environment jsdom
import type { MarketView, MatchDetail } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { BetSlipProvider, useBetSlip, type SlipPick, type SlipSide } from '@/lib/bet-slip';
import { renderInApp, setWindowWidth, signedInOnTestServer, upcomingCricketMatch } from '@/test/api-server';
import { BetSlip } from './bet-slip';
import { MatchBets } from './match-bets';

/**
 * The bet slip and My Bets on the real server (demo1, a seeded match whose market maker rests
 * prices): a pick opens the slip, the typed stake shows what it wins and risks, Place Bet places
 * it, and the refusal of a bet the balance cannot cover is shown. A ladder box opens the slip
 * through the shared selection (lib/bet-slip); here a plain button does what the box does.
 */
let match: MatchDetail;
let odds: MarketView;

signedInOnTestServer('demo1');
beforeAll(async () => {
  setWindowWidth(1280);
  match = await upcomingCricketMatch(0);
  odds = match.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
});

/** What a price box of `odds`' first runner picks. */
function pickOf(side: SlipSide, price: number): SlipPick {
  const runner = odds.runners[0]!;
  return {
    matchId: match.match_id,
    marketId: odds.market_id,
    kind: odds.kind,
    marketName: odds.name,
    selectionId: runner.selection_id,
    runnerName: runner.name,
    side,
    odds: price,
    line: null,
    inPlay: odds.in_play,
    betDelayMs: odds.bet_delay_ms,
    minStake: odds.min_stake,
    maxStake: odds.max_stake,
  };
}

function PriceBoxStandIn({ pick }: { pick: SlipPick }) {
  const { open } = useBetSlip();
  return (
    <button type="button" onClick={() => open(pick)}>
      {`${pick.side} ${pick.runnerName} at ${pick.odds}`}
    </button>
  );
}

function renderSlip(...picks: SlipPick[]) {
  renderInApp(
    <BetSlipProvider>
      {picks.map((p) => (
        <PriceBoxStandIn key={p.side} pick={p} />
      ))}
      <BetSlip />
      <MatchBets matchId={match.match_id} />
    </BetSlipProvider>,
  );
  return {
    pick: (p: SlipPick) =>
      fireEvent.click(screen.getByRole('button', { name: `${p.side} ${p.runnerName} at ${p.odds}` })),
  };
}

const slipForm = () => screen.getByTestId('bet-slip');
const typeStake = (stake: string) =>
  fireEvent.change(within(slipForm()).getByLabelText('Stake'), { target: { value: stake } });
/** Rupees won by `stake` at decimal `price`: stake x (odds - 1), in whole paise. */
const winnings = (stake: number, price: number) =>
  ((stake * (Math.round(price * 100) - 100)) / 100).toFixed(2);
const bestBack = () => odds.runners[0]!.back[0]!.price;
const bestLay = () => odds.runners[0]!.lay[0]!.price;

describe('bet slip', () => {
  it('opens on a pick with its runner and odds, and shows what the typed stake wins and risks', () => {
    const back = pickOf('BACK', bestBack());
    const lay = pickOf('LAY', bestLay());
    const { pick } = renderSlip(back, lay);
    expect(screen.getByText('Click a price to place a bet')).toBeTruthy();

    pick(back);
    expect(within(slipForm()).getByText(back.runnerName)).toBeTruthy();
    expect(within(slipForm()).getByText(odds.name)).toBeTruthy();
    expect((within(slipForm()).getByLabelText('Odds') as HTMLInputElement).value).toBe(back.odds.toFixed(2));
    const place = within(slipForm()).getByRole('button', { name: 'Place Bet' }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);

    typeStake('200');
    expect(slipForm().textContent).toContain(`Profit: ${winnings(200, back.odds)}`);
    expect(slipForm().textContent).toContain('Liability: 200.00');
    expect(place.disabled).toBe(false);

    typeStake(String(odds.min_stake - 1));
    expect(within(slipForm()).getByText(/^Minimum stake is/)).toBeTruthy();
    expect(place.disabled).toBe(true);

    // A lay risks stake x (odds - 1) and wins the stake.
    pick(lay);
    typeStake('200');
    expect(slipForm().textContent).toContain(`Liability: ${winnings(200, lay.odds)}`);
    expect(slipForm().textContent).toContain('Profit: 200.00');

    fireEvent.click(within(slipForm()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('bet-slip')).toBeNull();
  });

  it('places the bet on the server: matched, the slip closes and My Bets lists it', async () => {
    const back = pickOf('BACK', bestBack());
    const { pick } = renderSlip(back);
    const myBets = screen.getByRole('region', { name: 'My bets' });
    await within(myBets).findByText('No bets on this match yet');

    pick(back);
    typeStake('100');
    fireEvent.click(within(slipForm()).getByRole('button', { name: 'Place Bet' }));

    await screen.findByText('Bet Matched', undefined, { timeout: 10_000 });
    expect(screen.queryByTestId('bet-slip')).toBeNull();
    const row = await within(myBets).findByText(back.runnerName, { exact: false }, { timeout: 10_000 });
    expect(row.closest('tr')!.textContent).toContain('100.00');

    const onServer = await fetchData('getCurrentBets', { bet_type: 'matched', match_id: match.match_id });
    expect(onServer).toEqual([
      expect.objectContaining({ selection_id: back.selectionId, side: 'BACK', matched_stake: 100 }),
    ]);
  });

  it('shows the refusal of a bet the balance cannot cover, and keeps the slip open', async () => {
    const { available_balance } = await fetchData('getUserBalance');
    // A back risks its stake: one more than the balance is refused.
    const stake = Math.ceil(available_balance) + odds.min_stake;
    expect(stake).toBeLessThanOrEqual(odds.max_stake);
    const back = pickOf('BACK', bestBack());
    const { pick } = renderSlip(back);

    pick(back);
    typeStake(String(stake));
    fireEvent.click(within(slipForm()).getByRole('button', { name: 'Place Bet' }));

    await screen.findByText(/insufficient balance/i, undefined, { timeout: 10_000 });
    await waitFor(() => expect(within(slipForm()).getByRole('button', { name: 'Place Bet' })).toBeTruthy());
    expect((within(slipForm()).getByLabelText('Stake') as HTMLInputElement).value).toBe(String(stake));
    expect((await fetchData('getUserBalance')).available_balance).toBe(available_balance);
  });
});

describe('My Bets: cancel all', () => {
  it('cancels every unmatched rest on the match at once and says how many', async () => {
    // Two backs far above the book's best price: nothing matches them, both rest.
    const runner = odds.runners[0]!;
    const price = 50;
    expect(price).toBeGreaterThan(bestBack());
    const before = await fetchData('getUserBalance');
    for (let i = 0; i < 2; i++)
      await fetchData('placeMarketBet', {
        market_id: odds.market_id,
        selection_id: runner.selection_id,
        is_back: 1,
        odds: price,
        stake: odds.min_stake,
      });
    renderSlip();
    const cancelAll = await screen.findByTestId('cancel-all-bets', undefined, { timeout: 10_000 });
    expect(screen.getAllByTestId(/^my-bet-unmatched-/)).toHaveLength(2);

    fireEvent.click(cancelAll);
    await screen.findByText('2 bets cancelled', undefined, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryAllByTestId(/^my-bet-unmatched-/)).toHaveLength(0));
    expect(await fetchData('getCurrentBets', { bet_type: 'unmatched', match_id: match.match_id })).toEqual([]);
    // Their liability is released: the balance is back where it was.
    expect(await fetchData('getUserBalance')).toEqual(before);
  });
});

describe('bet slip: Keep in play', () => {
  it('keeps an exchange bet in play when ticked (PERSIST), offered only before the off', async () => {
    // A back far above the book's best price: it rests, and its persistence is what was asked.
    const back = pickOf('BACK', 50);
    const { pick } = renderSlip(back, { ...pickOf('LAY', bestLay()), inPlay: true });
    pick({ ...pickOf('LAY', bestLay()), inPlay: true });
    expect(within(slipForm()).queryByRole('checkbox', { name: 'Keep in play' })).toBeNull();

    pick(back);
    const keep = within(slipForm()).getByRole('checkbox', { name: 'Keep in play' }) as HTMLInputElement;
    expect(keep.checked).toBe(false);
    fireEvent.click(keep);
    typeStake(String(odds.min_stake));
    fireEvent.click(within(slipForm()).getByRole('button', { name: 'Place Bet' }));

    await screen.findByText('Bet Unmatched', undefined, { timeout: 10_000 });
    const [rest] = await fetchData('getCurrentBets', { bet_type: 'unmatched', match_id: match.match_id });
    expect(rest).toEqual(expect.objectContaining({ odds: 50, persistence: 'PERSIST' }));
    await fetchData('cancelAllBets', { market_id: odds.market_id });
  });
});
