import type { PriceHistory } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { eventMark, MIN_SPAN_INTERVALS, suspendedSpans, timeLabel, timeSpan } from './price-chart';

const at = (s: number) => new Date(s * 1000).toISOString();
const history = (over: Partial<PriceHistory>): PriceHistory => ({
  market_id: 1,
  selection_id: 1,
  interval: '1m',
  intervals: [],
  events: [],
  ...over,
});
const interval = (start: number) => ({ start: at(start), open: 2, high: 2, low: 2, close: 2, volume: 10 });

describe('price chart marks and spans', () => {
  it('marks W, 4 / 6 from the text (else B), G, OFF, S and R', () => {
    expect(eventMark('WICKET', 'Wicket: 87/3 (12.4)')).toBe('W');
    expect(eventMark('BOUNDARY', 'Six: 93/3 (13.1)')).toBe('6');
    expect(eventMark('BOUNDARY', 'Four: 91/3 (13.0)')).toBe('4');
    expect(eventMark('BOUNDARY', 'Four: 42/1 (6.2)')).toBe('4');
    expect(eventMark('BOUNDARY', 'Boundary')).toBe('B');
    expect(eventMark('GOAL', "Goal: 1-0 (34')")).toBe('G');
    expect(eventMark('OFF', 'Off')).toBe('OFF');
    expect([eventMark('SUSPENDED', ''), eventMark('RESUMED', '')]).toEqual(['S', 'R']);
  });

  it('shades each suspension until the market resumes, an open one until the end', () => {
    const events = [
      { at: at(100), kind: 'SUSPENDED', text: 'Market suspended' },
      { at: at(130), kind: 'RESUMED', text: 'Market open' },
      { at: at(200), kind: 'WICKET', text: 'Wicket' },
      { at: at(300), kind: 'SUSPENDED', text: 'Market suspended' },
    ] as const;
    expect(suspendedSpans([...events], 400)).toEqual([
      [100, 130],
      [300, 400],
    ]);
  });

  it('spans the intervals and events, at least MIN_SPAN_INTERVALS intervals ending at the last', () => {
    expect(timeSpan(history({}))).toBeNull();
    expect(timeSpan(history({ intervals: [interval(6000)] }))).toEqual([
      6060 - MIN_SPAN_INTERVALS * 60,
      6060,
    ]);
    const long = history({
      intervals: [interval(0), interval(3600)],
      events: [{ at: at(4000), kind: 'WICKET', text: 'Wicket' }],
    });
    expect(timeSpan(long)).toEqual([0, 4000]);
    const early = history({
      intervals: [interval(6000)],
      events: [{ at: at(100), kind: 'OFF', text: 'Off' }],
    });
    expect(timeSpan(early)).toEqual([6060 - MIN_SPAN_INTERVALS * 60, 6060]);
    expect(timeSpan(history({ events: [{ at: at(100), kind: 'OFF', text: 'Off' }] }))).toEqual([
      100 - MIN_SPAN_INTERVALS * 60,
      100,
    ]);
  });

  it('labels ticks in IST, with seconds under a minute apart', () => {
    // 07:11:07 UTC is 12:41:07 IST.
    const t = Date.parse('2026-11-27T07:11:07Z') / 1000;
    expect(timeLabel(t, 5)).toBe('12:41:07');
    expect(timeLabel(t, 60)).toBe('12:41');
  });
});
