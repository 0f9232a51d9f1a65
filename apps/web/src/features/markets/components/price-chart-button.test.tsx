// @vitest-environment jsdom
import { SPORT, type MarketView, type MatchDetail } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchData } from '@/lib/api';
import { BetSlipProvider } from '@/lib/bet-slip';
import { newClientRef } from '@/lib/client-ref';
import { agent1BettorOnTestServer, renderInApp, setWindowWidth } from '@/test/api-server';
import { plots } from '@/test/fake-uplot';
import { RunnersMarket } from './runners-market';

/**
 * The price chart of an exchange runner on the real server: a bettor of the file's own backs the
 * first runner of a seeded tennis match's Match Odds (no other web test bets on tennis) twice at the best price (matched against the seeded
 * market maker's lays); the runner's Chart opens with what the server's history says, plotted
 * (jsdom has no canvas: uPlot is a recorder) and summed up; the interval switch asks again.
 */
vi.mock('uplot', () => import('@/test/fake-uplot'));
agent1BettorOnTestServer({ prefix: 'pchart', chips: 20_000 });

let match: MatchDetail;
let odds: MarketView;

beforeAll(async () => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  setWindowWidth(390);
  const tennis = await fetchData('getMatches', { sport_id: SPORT.TENNIS, is_active: 1 });
  const row = tennis.find((m) => !m.in_play && m.match_odds != null)!;
  const seeded = await fetchData('getMatchDetail', { match_id: row.match_id });
  const market = seeded.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
  const runner = market.runners[0]!;
  for (const stake of [100, 250]) {
    const best = (await fetchData('getMatchDetail', { match_id: seeded.match_id })).markets.find(
      (m) => m.market_id === market.market_id,
    )!.runners[0]!.back[0]!.price;
    await fetchData('placeMarketBet', {
      market_id: market.market_id,
      selection_id: runner.selection_id,
      is_back: 1,
      odds: best,
      stake,
      client_ref: newClientRef(),
    });
  }
  match = await fetchData('getMatchDetail', { match_id: seeded.match_id });
  odds = match.markets.find((m) => m.market_id === market.market_id)!;
});

const historyOf = (interval: '1s' | '1m' | '5m') =>
  fetchData('getPriceHistory', {
    market_id: odds.market_id,
    selection_id: odds.runners[0]!.selection_id,
    interval,
  });

describe('price chart of a runner', () => {
  it('opens from the runner with its trades plotted and summed; the interval switch asks again', async () => {
    const runner = odds.runners[0]!;
    renderInApp(
      <BetSlipProvider>
        <RunnersMarket market={odds} matchId={match.match_id} rules="Match" />
      </BetSlipProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: `Price chart of ${runner.name}, ${odds.name}` }));
    const dialog = screen.getByRole('dialog', { name: `${runner.name}: ${odds.name}` });
    const interval = (name: string) => within(dialog).getByRole('button', { name });
    expect(interval('1m').getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(interval('1m'));

    const byMinute = await historyOf('1m');
    expect(byMinute.intervals.reduce((sum, i) => sum + i.volume, 0)).toBe(350);
    await waitFor(() => expect(plots).toHaveLength(1), { timeout: 10_000 });
    expect(plots[0]!.data.slice(0, 3)).toEqual([
      byMinute.intervals.map((i) => Date.parse(i.start) / 1000),
      byMinute.intervals.map((i) => i.close),
      byMinute.intervals.map((i) => i.volume),
    ]);
    expect(within(dialog).getByTestId('price-chart-last').textContent).toBe(
      String(byMinute.intervals.at(-1)!.close),
    );
    expect(within(dialog).getByTestId('price-chart-volume').textContent).toBe('₹350');
    // No events stored yet on this server: no list.
    expect(within(dialog).queryByRole('list', { name: 'Match events' })).toBeNull();

    fireEvent.click(interval('1s'));
    expect(interval('1s').getAttribute('aria-pressed')).toBe('true');
    const bySecond = await historyOf('1s');
    expect(bySecond.interval).toBe('1s');
    await waitFor(() =>
      expect(plots[0]!.data.slice(0, 3)).toEqual([
        bySecond.intervals.map((i) => Date.parse(i.start) / 1000),
        bySecond.intervals.map((i) => i.close),
        bySecond.intervals.map((i) => i.volume),
      ]),
    );
    expect((plots[0]!.data[2] as number[]).reduce((sum, v) => sum + v, 0)).toBe(350);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(plots[0]!.destroyed).toBe(true);
  });
});
