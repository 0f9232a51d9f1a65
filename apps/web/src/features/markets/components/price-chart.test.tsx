// @vitest-environment jsdom
import type { PriceHistory } from '@exchange/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { plots } from '@/test/fake-uplot';
import { PriceChart } from './price-chart';

/** The chart drawn from a history as the contract gives it: jsdom has no canvas, uPlot is a recorder. */
vi.mock('uplot', () => import('@/test/fake-uplot'));

const history: PriceHistory = {
  market_id: 7,
  selection_id: 11,
  interval: '1m',
  intervals: [
    { start: '2026-11-27T07:10:00.000Z', open: 1.9, high: 1.95, low: 1.88, close: 1.92, volume: 300 },
    { start: '2026-11-27T07:12:00.000Z', open: 1.92, high: 2.1, low: 1.92, close: 2.06, volume: 1200.5 },
  ],
  events: [
    { at: '2026-11-27T07:11:07.000Z', kind: 'WICKET', text: 'Wicket: 87/3 (12.4)' },
    { at: '2026-11-27T07:12:30.000Z', kind: 'SUSPENDED', text: 'Market suspended' },
  ],
};

beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  plots.length = 0;
});

describe('price chart', () => {
  it('plots each interval’s close and volume, marks the wicket and lists the events in IST', async () => {
    render(<PriceChart history={history} />);
    await waitFor(() => expect(plots).toHaveLength(1));
    const [x, close, volume] = plots[0]!.data;
    expect(x).toEqual(history.intervals.map((i) => Date.parse(i.start) / 1000));
    expect(close).toEqual([1.92, 2.06]);
    expect(volume).toEqual([300, 1200.5]);

    // The summary: the last close and the stake traded.
    expect(screen.getByTestId('price-chart-last').textContent).toBe('2.06');
    expect(screen.getByTestId('price-chart-volume').textContent).toBe('₹1,500.5');

    // The events' marks are drawn on each draw: run the draw hook as uPlot would.
    const plot = plots[0]!;
    const fakeU = {
      ctx: new Proxy({}, { get: () => () => undefined, set: () => true }),
      bbox: { left: 0, top: 0, width: 300, height: 200 },
      scales: { x: { min: 0, max: 2e9 } },
      valToPos: () => 10,
    };
    for (const hook of plot.opts.hooks!.draw!) hook!(fakeU as never);
    const marks = screen.getAllByTestId('price-plot-mark');
    expect(marks.map((m) => [m.textContent, m.title])).toEqual([
      ['W', 'Wicket: 87/3 (12.4)'],
      ['S', 'Market suspended'],
    ]);
    // At the same place (this fake puts every time at 10 px), the second mark goes a row lower.
    expect(marks.map((m) => m.style.top)).toEqual(['0px', '18px']);

    // A tap on a mark shows its event's line under the chart.
    fireEvent.click(marks[0]!);
    expect(screen.getByTestId('price-chart-picked').textContent).toBe('12:41:07 Wicket: 87/3 (12.4)');

    const list = screen.getByRole('list', { name: 'Match events' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['12:41:07 Wicket: 87/3 (12.4)', '12:42:30 Market suspended']);
  });

  it('says "No trades yet" before the first trade, and draws nothing', () => {
    render(<PriceChart history={{ ...history, intervals: [], events: [] }} />);
    expect(screen.getByText('No trades yet')).toBeTruthy();
    expect(screen.queryByTestId('price-plot')).toBeNull();
    expect(plots).toHaveLength(0);
  });
});
