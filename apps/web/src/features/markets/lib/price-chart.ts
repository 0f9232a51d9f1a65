/**
 * What the price chart draws, from a runner's market/getPriceHistory: the series uPlot takes
 * (unix seconds), the events' marks, the suspensions' bands and the events' lines as read aloud.
 */
import type { MatchEvent, MatchEventKind, PriceHistory, PriceHistoryInterval } from '@exchange/contracts';
import { formatIst, sumAmounts } from '@/lib/format';

export const INTERVAL_SECONDS: Record<PriceHistoryInterval, number> = { '1s': 1, '1m': 60, '5m': 300 };

const seconds = (iso: string) => Date.parse(iso) / 1000;

/** uPlot's columns: each interval's start, then its close, volume, high and low. */
export type PriceSeries = [x: number[], close: number[], volume: number[], high: number[], low: number[]];

export function priceSeries(history: PriceHistory): PriceSeries {
  const { intervals } = history;
  return [
    intervals.map((i) => seconds(i.start)),
    intervals.map((i) => i.close),
    intervals.map((i) => i.volume),
    intervals.map((i) => i.high),
    intervals.map((i) => i.low),
  ];
}

/** The chart spans at least this many intervals: a first trade is not a chart of one bar. */
export const MIN_SPAN_INTERVALS = 30;

/**
 * The time the chart spans (unix seconds): from the first interval's start to the end of the last
 * interval or the last event, whichever is later (only events, when there are no trades yet); at
 * least MIN_SPAN_INTERVALS intervals, the earlier time added before the first. An event before
 * the first interval (the contract sends none) stays in the list, off the plot.
 */
export function timeSpan(history: PriceHistory): [number, number] | null {
  const step = INTERVAL_SECONDS[history.interval];
  const starts = history.intervals.map((i) => seconds(i.start));
  const events = history.events.map((e) => seconds(e.at));
  const first = starts.length ? Math.min(...starts) : Math.min(...events);
  if (!Number.isFinite(first)) return null;
  const to = Math.max(...starts.map((s) => s + step), ...events.filter((t) => t >= first));
  return [Math.min(first, to - MIN_SPAN_INTERVALS * step), to];
}

/** A time axis label (IST): HH:mm:ss between ticks under a minute apart, else HH:mm. */
export function timeLabel(unixSeconds: number, tickStepSeconds: number): string {
  return formatIst(unixSeconds * 1000).slice(11, tickStepSeconds < 60 ? 19 : 16);
}

/** The steps between time ticks uPlot may choose (seconds): whole seconds, minutes and hours. */
export const TIME_TICK_STEPS = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
];

/** The short mark drawn at an event's line: W, 4 / 6 (a boundary said in words, else B), G, OFF, S and R. */
export function eventMark(kind: MatchEventKind, text: string): string {
  switch (kind) {
    case 'WICKET':
      return 'W';
    case 'BOUNDARY':
      // By its words: the text's numbers are the score and overs ("Four: 42/1 (6.2)").
      return /\bsix\b/i.test(text) ? '6' : /\bfour\b/i.test(text) ? '4' : 'B';
    case 'GOAL':
      return 'G';
    case 'OFF':
      return 'OFF';
    case 'SUSPENDED':
      return 'S';
    case 'RESUMED':
      return 'R';
  }
}

/** The spans the market was suspended (unix seconds); one still open ends at `end`. */
export function suspendedSpans(events: readonly MatchEvent[], end: number): [number, number][] {
  const spans: [number, number][] = [];
  let from: number | null = null;
  for (const e of events) {
    if (e.kind === 'SUSPENDED' && from === null) from = seconds(e.at);
    else if (e.kind === 'RESUMED' && from !== null) {
      spans.push([from, seconds(e.at)]);
      from = null;
    }
  }
  if (from !== null) spans.push([from, Math.max(from, end)]);
  return spans;
}

/** An event as the list under the chart reads it: "12:41:07 Wicket: 87/3 (12.4)" (IST). */
export function eventLine(event: MatchEvent): string {
  return `${formatIst(event.at).slice(11)} ${event.text}`;
}

/** The last interval's close and the stake matched over the whole history. */
export function historySummary(history: PriceHistory): { last: number; volume: number } | null {
  const last = history.intervals.at(-1);
  if (!last) return null;
  return { last: last.close, volume: sumAmounts(history.intervals.map((i) => i.volume)) };
}
