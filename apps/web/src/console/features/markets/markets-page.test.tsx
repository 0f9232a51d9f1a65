// @vitest-environment jsdom
import { SPORT, type MarketView, type OperatorMarket } from '@exchange/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { MarketsPage } from './markets-page';
import { marketsKey, useMarketActions } from './api/market-actions';

/** What the server answers, looked at until it holds: each look is a round trip, and a busy machine takes more than waitFor's 1 s. */
const eventually = (check: () => Promise<void>) => waitFor(check, { timeout: 5_000 });

/**
 * A match's markets on the real server, as the operator: a match of the file's own (so no other
 * test file's markets meet it), a fancy market created in the dialog, then driven from the desk's
 * keyboard as a trader does, and a bookmaker's rates. What the server holds afterwards is checked,
 * not just what the screen says.
 */
signedInOnTestServer('admin');
let matchId: number;

beforeAll(async () => {
  setWindowWidth(1280);
  const [series] = await fetchData('operatorGetSeries', { sport_id: SPORT.CRICKET });
  const match = await fetchData('operatorSaveMatch', {
    series_id: series!.series_id,
    match_name: `Desk XI v Test XI ${Date.now().toString(36)}`,
    start_time: new Date(Date.now() + 3_600_000).toISOString(),
    is_active: true,
  });
  matchId = match.match_id;
});

const marketOnServer = async (name: string): Promise<OperatorMarket> => {
  const markets = await fetchData('operatorGetMarkets', { match_id: matchId, open_only: false });
  const market = markets.find((m) => m.name === name);
  if (!market) throw new Error(`no market ${name}`);
  return market;
};
const openPage = () =>
  renderInApp(
    <Routes>
      <Route path="/catalog/match/:matchId" element={<MarketsPage />} />
    </Routes>,
    `/catalog/match/${matchId}`,
  );
const press = (el: HTMLElement, ...keys: string[]) => keys.forEach((key) => fireEvent.keyDown(el, { key }));

describe('fancy market', () => {
  it('is created from the dialog, open at once with its line', async () => {
    openPage();
    // Enabled once the match is read.
    await waitFor(() =>
      expect((screen.getByTestId('create-market') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('create-market'));
    const dialog = await screen.findByTestId('create-market-dialog');
    fireEvent.change(within(dialog).getByTestId('create-market-kind'), { target: { value: 'FANCY' } });
    fireEvent.change(within(dialog).getByTestId('create-market-name'), {
      target: { value: 'Desk 6 over runs' },
    });
    fireEvent.change(within(dialog).getByTestId('create-market-no-line'), { target: { value: '40' } });
    fireEvent.change(within(dialog).getByTestId('create-market-yes-line'), { target: { value: '41' } });
    fireEvent.click(within(dialog).getByTestId('create-market-open'));
    fireEvent.click(within(dialog).getByTestId('create-market-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('create-market-dialog')).toBeNull());
    const market = await marketOnServer('Desk 6 over runs');
    expect(market).toMatchObject({
      kind: 'FANCY',
      market_type: 'FANCY',
      status: 'OPEN',
      fancy: { no_line: 40, yes_line: 41, no_rate: 100, yes_rate: 100 },
    });
    expect(await screen.findByTestId(`market-card-${market.market_id}`)).toBeTruthy();
  });

  it('the desk: ArrowUp then Enter sends NO+1 and YES+1; typed digits then Enter send a new line', async () => {
    const { market_id: id } = await marketOnServer('Desk 6 over runs');
    openPage();
    const desk = await screen.findByTestId(`fancy-desk-${id}`);
    press(desk, 'ArrowUp');
    // Shown at once, not sent yet.
    expect(screen.getByTestId(`fancy-desk-${id}-no`).textContent).toBe('41');
    expect(screen.getByTestId(`fancy-desk-${id}-state`).textContent).toContain('Not sent');
    expect((await marketOnServer('Desk 6 over runs')).fancy).toMatchObject({ no_line: 40, yes_line: 41 });
    press(desk, 'Enter');
    await eventually(async () =>
      expect((await marketOnServer('Desk 6 over runs')).fancy).toEqual({
        no_line: 41,
        no_rate: 100,
        yes_line: 42,
        yes_rate: 100,
      }),
    );

    press(desk, '5', '7', 'ArrowRight', "'", 'Enter');
    await eventually(async () =>
      expect((await marketOnServer('Desk 6 over runs')).fancy).toEqual({
        no_line: 57,
        no_rate: 100,
        yes_line: 59,
        yes_rate: 105,
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId(`fancy-desk-${id}-state`).textContent).toContain('Live: NO 57 / YES 59'),
    );
  });

  it('B marks the ball running; the next line sent opens it again', async () => {
    const { market_id: id } = await marketOnServer('Desk 6 over runs');
    openPage();
    const desk = await screen.findByTestId(`fancy-desk-${id}`);
    press(desk, 'b');
    await eventually(async () =>
      expect((await marketOnServer('Desk 6 over runs')).status).toBe('BALL_RUNNING'),
    );
    expect(screen.getByTestId(`market-${id}-status`).textContent).toBe('Ball running');
    press(desk, 'ArrowDown', 'Enter');
    await eventually(async () =>
      expect(await marketOnServer('Desk 6 over runs')).toMatchObject({
        status: 'OPEN',
        fancy: { no_line: 56, yes_line: 58 },
      }),
    );
  });
});

describe('a push while a send is on its way', () => {
  it('moves what the send does not change (the line), and keeps what it does (the status)', async () => {
    const sent = await fetchData('operatorCreateMarket', {
      match_id: matchId,
      kind: 'FANCY',
      market_type: 'FANCY',
      name: 'Desk 10 over runs',
      status: 'OPEN',
      fancy: { no_line: 80, no_rate: 100, yes_line: 81, yes_rate: 100 },
    });
    const id = sent.market_id;
    queryClient.setQueryData(marketsKey(matchId), [await marketOnServer('Desk 10 over runs')]);
    const shown = () =>
      queryClient.getQueryData<OperatorMarket[]>(marketsKey(matchId))!.find((m) => m.market_id === id)!;
    const { result } = renderHook(() => useMarketActions(matchId), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    const sending = result.current.setStatus(id, 'BALL_RUNNING');
    // The optimistic patch comes within microtasks, the answer (a round trip) after them.
    for (let i = 0; i < 100 && shown().status !== 'BALL_RUNNING'; i++) await Promise.resolve();
    expect(shown().status).toBe('BALL_RUNNING');
    // The feed moved the line before the ball: its push, from before this send, comes meanwhile.
    const push: MarketView = {
      ...shown(),
      status: 'OPEN',
      fancy: { no_line: 84, no_rate: 100, yes_line: 85, yes_rate: 100 },
      exposure: 0,
      fancy_positions: [],
    };
    result.current.live(push);
    expect(shown()).toMatchObject({ status: 'BALL_RUNNING', fancy: { no_line: 84, yes_line: 85 } });
    expect(await sending).toBe(true);
    expect(shown()).toMatchObject({ status: 'BALL_RUNNING', fancy: { no_line: 84, yes_line: 85 } });
    // Nothing on its way: a push is laid over whole.
    result.current.live({ ...push, status: 'SUSPENDED' });
    expect(shown().status).toBe('SUSPENDED');
  });
});

describe('bookmaker market', () => {
  let id: number;
  beforeAll(async () => {
    const market = await fetchData('operatorCreateMarket', {
      match_id: matchId,
      kind: 'BOOKMAKER',
      market_type: 'BOOKMAKER',
      name: 'Desk bookmaker',
      runners: [{ name: 'Desk XI' }, { name: 'Test XI' }],
      status: 'OPEN',
    });
    id = market.market_id;
    await fetchData('operatorSetBookmakerRates', {
      market_id: id,
      rates: [
        { selection_id: 1, back_rate: 45, lay_rate: 49 },
        { selection_id: 2, back_rate: 120, lay_rate: 125 },
      ],
    });
  });

  it('Down picks the second runner, Right moves its rates, Enter sends every runner', async () => {
    openPage();
    const desk = await screen.findByTestId(`bookmaker-desk-${id}`);
    press(desk, 'ArrowDown', 'ArrowRight', 'ArrowRight', 'Enter');
    await eventually(async () => {
      const runners = (await marketOnServer('Desk bookmaker')).runners.map((r) => [
        r.selection_id,
        r.back_rate,
        r.lay_rate,
      ]);
      expect(runners).toEqual([
        [1, 45, 49],
        [2, 122, 127],
      ]);
    });
  });

  it('a rate the server refuses is a toast, and the edit stays on the desk to be put right', async () => {
    openPage();
    const desk = await screen.findByTestId(`bookmaker-desk-${id}`);
    press(desk, '9', '9', '9', '9', '9', '9', 'Enter');
    expect(await screen.findByText(/99899|less than or equal/i)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId(`bookmaker-desk-${id}-state`).textContent).toContain('Not sent'),
    );
    expect(screen.getByTestId(`bookmaker-desk-${id}-back-1`).textContent).toBe('999999');
    expect((await marketOnServer('Desk bookmaker')).runners[0]).toMatchObject({
      back_rate: 45,
      lay_rate: 49,
    });
  });
});
