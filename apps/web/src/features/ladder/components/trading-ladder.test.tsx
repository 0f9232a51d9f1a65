// @vitest-environment jsdom
import type { Ladder, MatchDetail, OperatorMarket } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { formatSize } from '@/lib/format';
import {
  callAsOnTestServer,
  newAccountOfAgent1,
  renderInApp,
  setWindowWidth,
  signedInOnTestServer,
  tokenOnTestServer,
  upcomingCricketMatch,
} from '@/test/api-server';
import { LadderPage } from './ladder-page';

/**
 * The trading ladder on the real server. The admin opens an exchange market of this file's own
 * on a seeded match (no market maker there); a "maker" bettor rests Home's prices (₹1,000 to
 * back at 2.0, ₹800 to lay at 2.2), and the signed-in bettor (its own too) backs ₹100 of it at
 * 2.0: the last traded price is 2.0 and the bettor holds a back of 100 at 2.0.
 */
const HOME = 1;
let match: MatchDetail;
let market: OperatorMarket;
let maker: string;

signedInOnTestServer(async () => (await newAccountOfAgent1({ prefix: 'ladder', chips: 20_000 })).userName);
beforeAll(async () => {
  setWindowWidth(1280);
  match = await upcomingCricketMatch(6);
  const admin = await tokenOnTestServer('admin');
  maker = (await newAccountOfAgent1({ prefix: 'ladmaker', chips: 200_000 })).token;
  market = await callAsOnTestServer(admin, 'operatorCreateMarket', {
    match_id: match.match_id,
    kind: 'EXCHANGE',
    market_type: 'WINNER',
    name: 'Ladder Winner',
    runners: [
      { selection_id: HOME, name: 'Home' },
      { selection_id: 2, name: 'Away' },
    ],
    status: 'OPEN',
  });
  for (const [is_back, odds, stake] of [
    [0, 2, 1_000],
    [1, 2.2, 800],
  ] as const)
    await callAsOnTestServer(maker, 'placeMarketBet', {
      market_id: market.market_id,
      selection_id: HOME,
      is_back,
      odds,
      stake,
    });
  await fetchData('placeMarketBet', {
    market_id: market.market_id,
    selection_id: HOME,
    is_back: 1,
    odds: 2,
    stake: 100,
  });
});

function renderLadder() {
  renderInApp(
    <Routes>
      <Route path="/ladder/:match_id/:market_id/:selection_id" element={<LadderPage />} />
    </Routes>,
    `/ladder/${match.match_id}/${market.market_id}/${HOME}`,
  );
}

const ladderGrid = () => screen.getByRole('grid', { name: 'Ladder of Home' });
const rowOf = (odds: string) => screen.getByTestId(`ladder-row-${odds}`);
const pricesShown = () =>
  within(ladderGrid())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[2]!.textContent);
const stakeButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Ladder stake' })).getByRole('button', { name });
/** Hand-computed: a back of 100 at 2.0 closed by a lay at p locks 100 x (2 / p - 1), rounded down to the paisa. */
const closedAt = (p: number) => Math.floor(100 * (2 / p - 1) * 100 + 1e-9) / 100;
const signed = (v: number) => `${v < 0 ? '-' : v > 0 ? '+' : ''}₹${Math.abs(v).toFixed(2)}`;

describe('the trading ladder', () => {
  it('centres on the last traded price, with getLadder’s money, traded volume, the position and the profit if closed', async () => {
    renderLadder();
    await waitFor(() => expect(pricesShown()).toHaveLength(25), { timeout: 10_000 });
    const prices = pricesShown();
    expect(prices[12]).toBe('2');
    expect(prices[0]).toBe('2.24');
    expect(prices[24]).toBe('1.88');
    expect(screen.getByTestId('ladder-ltp').textContent).toBe('2');
    expect(rowOf('2.00').className).toContain('ladder__row--ltp');
    await waitFor(() => expect(screen.getByTestId('ladder-if-wins').textContent).toBe('+₹100.00'));
    expect(screen.getByTestId('ladder-if-loses').textContent).toBe('-₹100.00');

    const ladder: Ladder = await fetchData('getLadder', { market_id: market.market_id, selection_id: HOME });
    expect(ladder.levels.map((l) => [l.price, l.back, l.lay, l.traded])).toEqual([
      [2, 900, 0, 100],
      [2.2, 0, 800, 0],
    ]);
    expect(screen.getByTestId('ladder-matched').textContent).toBe(`₹${ladder.total_matched}`);
    for (const level of ladder.levels) {
      const name = level.price.toFixed(2);
      const cells = within(rowOf(name)).getAllByRole('gridcell');
      expect(cells[1]!.textContent).toBe(level.back > 0 ? formatSize(level.back) : '');
      expect(cells[3]!.textContent).toBe(level.lay > 0 ? formatSize(level.lay) : '');
      expect(cells[5]!.textContent).toBe(level.traded > 0 ? formatSize(level.traded) : '');
    }
    for (const p of [2.2, 2.1, 2, 1.9]) {
      const cells = within(rowOf(p.toFixed(2))).getAllByRole('gridcell');
      expect(cells[6]!.textContent).toBe(signed(closedAt(p)));
    }
    expect(closedAt(1.9)).toBe(5.26);
  });

  it('places a back at a row’s price with the chosen stake; its stake shows there; a click on it cancels it', async () => {
    renderLadder();
    await waitFor(() => expect(pricesShown()).toHaveLength(25), { timeout: 10_000 });
    await waitFor(() => expect(stakeButton('100').getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(stakeButton('500'));
    expect(stakeButton('500').getAttribute('aria-pressed')).toBe('true');
    expect(stakeButton('100').getAttribute('aria-pressed')).toBe('false');

    // Above the best price to back: nothing matches it, it rests.
    fireEvent.click(screen.getByRole('button', { name: 'Back 2.10 for ₹500' }));
    await screen.findByText('Bet Unmatched', undefined, { timeout: 10_000 });
    const mine = await screen.findByRole(
      'button',
      { name: 'Cancel your back of ₹500 at 2.10' },
      { timeout: 10_000 },
    );
    expect(mine.textContent).toBe('500');
    expect(within(rowOf('2.10')).getAllByRole('gridcell')[3]!.textContent).toBe('500');
    const bets = await fetchData('getCurrentBets', { bet_type: 'unmatched', match_id: match.match_id });
    expect(bets.map((b) => [b.market_id, b.side, b.odds, b.unmatched_stake])).toEqual([
      [market.market_id, 'BACK', 2.1, 500],
    ]);

    fireEvent.click(mine);
    await screen.findByText('Bet Cancelled', undefined, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Cancel your back/ })).toBeNull(), {
      timeout: 10_000,
    });
    expect(within(rowOf('2.10')).getAllByRole('gridcell')[3]!.textContent).toBe('');
    expect(await fetchData('getCurrentBets', { bet_type: 'unmatched', match_id: match.match_id })).toEqual(
      [],
    );
  });

  it('moves the selected row with the arrows, centres with C, and places a lay with L and a back with B', async () => {
    renderLadder();
    await waitFor(() => expect(pricesShown()).toHaveLength(25), { timeout: 10_000 });
    const grid = ladderGrid();
    expect(grid.getAttribute('tabindex')).toBe('0');
    expect(document.getElementById(grid.getAttribute('aria-describedby')!)!.textContent).toContain(
      'C centres',
    );
    const selected = () => screen.getByTestId('ladder-selected').textContent;
    expect(selected()).toBe('Selected 2.00');
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(selected()).toBe('Selected 2.04');
    expect(rowOf('2.04').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(grid, { key: 'c' });
    expect(selected()).toBe('Selected 2.00');
    // Past the bottom edge the rows follow the selection.
    for (let i = 0; i < 13; i++) fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(selected()).toBe('Selected 1.87');
    expect(pricesShown().at(-1)).toBe('1.87');
    fireEvent.keyDown(grid, { key: 'Home' });
    expect(pricesShown()[12]).toBe('2');

    // Below the best price to lay (2.2): a lay at 1.98 (a tick is 0.01 under 2) rests.
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'l' });
    await screen.findByRole('button', { name: 'Cancel your lay of ₹100 at 1.98' }, { timeout: 10_000 });
    fireEvent.keyDown(grid, { key: 'c' });
    for (let i = 0; i < 4; i++) fireEvent.keyDown(grid, { key: 'ArrowUp' });
    fireEvent.keyDown(grid, { key: 'b' });
    await screen.findByRole('button', { name: 'Cancel your back of ₹100 at 2.08' }, { timeout: 10_000 });
    const bets = await fetchData('getCurrentBets', { bet_type: 'unmatched', match_id: match.match_id });
    expect(bets.map((b) => [b.side, b.odds, b.unmatched_stake]).sort()).toEqual([
      ['BACK', 2.08, 100],
      ['LAY', 1.98, 100],
    ]);
    await fetchData('cancelAllBets', { market_id: market.market_id });
  });

  it('follows the market live (another bettor’s order, a new last traded price) and keeps its rows where they are', async () => {
    renderLadder();
    await waitFor(() => expect(pricesShown()).toHaveLength(25), { timeout: 10_000 });
    const cellOf = (odds: string, column: number) =>
      within(rowOf(odds)).getAllByRole('gridcell')[column]!.textContent;
    await callAsOnTestServer(maker, 'placeMarketBet', {
      market_id: market.market_id,
      selection_id: HOME,
      is_back: 0,
      odds: 2.06,
      stake: 300,
    });
    await waitFor(() => expect(cellOf('2.06', 1)).toBe('300'), { timeout: 10_000 });
    // The bettor lays 100 at 2.2 (matched against the maker's back): the last traded price moves, the rows do not.
    await fetchData('placeMarketBet', {
      market_id: market.market_id,
      selection_id: HOME,
      is_back: 0,
      odds: 2.2,
      stake: 100,
    });
    await waitFor(() => expect(screen.getByTestId('ladder-ltp').textContent).toBe('2.2'), {
      timeout: 10_000,
    });
    expect(rowOf('2.20').className).toContain('ladder__row--ltp');
    expect(cellOf('2.20', 3)).toBe('700');
    expect(pricesShown()[12]).toBe('2');
    // Back 100 at 2.0 and lay 100 at 2.2: -20 if Home wins, 0 if it loses.
    await waitFor(() => expect(screen.getByTestId('ladder-if-wins').textContent).toBe('-₹20.00'), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('ladder-if-loses').textContent).toBe('₹0.00');
    fireEvent.keyDown(ladderGrid(), { key: 'c' });
    expect(pricesShown()[12]).toBe('2.2');
  });
});
