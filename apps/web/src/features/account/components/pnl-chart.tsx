import type { StatementDay } from '@exchange/contracts';
import { IST_TIME_ZONE, istDayStart } from '@exchange/contracts/ist';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAmount } from '@/lib/format';

const HEIGHT_PX = 220;
const HALF_DAY_S = 43_200;
const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** Unix seconds of an IST day's midnight: the bar of that day. */
const dayStart = (day: string) => istDayStart(day).getTime() / 1000;

/** Axis ticks stay short on a phone: 1.2K, 35K, 1.5L. */
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const tickLabels = (_: uPlot, ticks: number[]) => ticks.map((t) => compact.format(t));
const money = (_: uPlot, v: number | null) => (v == null ? '-' : formatAmount(v));

const DAY_S = 86_400;
/** Room for one dd/MM label. */
const DAY_TICK_PX = 64;
const dayLabel = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  timeZone: IST_TIME_ZONE,
});
/**
 * One tick per IST day, or every few days on a long period or a narrow screen, counted from
 * `anchor` (the latest day with a bar) both ways, so the day of the latest bar is always labelled.
 */
function daySplits(u: uPlot, anchor: number): number[] {
  const min = u.scales.x!.min! + HALF_DAY_S;
  const max = u.scales.x!.max! - HALF_DAY_S;
  const maxTicks = Math.max(2, Math.floor(u.width / DAY_TICK_PX));
  const step = Math.max(1, Math.ceil((max - min) / DAY_S / maxTicks)) * DAY_S;
  const from = Math.min(Math.max(anchor, min), max);
  const ticks: number[] = [];
  for (let t = from - Math.floor((from - min) / step) * step; t <= max; t += step) ticks.push(t);
  return ticks;
}
const dayTicks = (ticks: number[]) => ticks.map((t) => dayLabel.format(new Date(t * 1000)));

/** Bars grow from zero: the P&L scale always holds 0, with a little room past the longest bar. */
function withZero(_: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  const lo = Math.min(0, min ?? 0);
  const hi = Math.max(0, max ?? 0);
  const pad = (hi - lo || 1) * 0.1;
  return [lo < 0 ? lo - pad : 0, hi > 0 ? hi + pad : 1];
}

interface PnlChartProps {
  days: readonly StatementDay[];
  /** The period asked for (IST days): the x axis spans it, not just the days with transfers. */
  from: string;
  to: string;
}

/**
 * The statement's P&L per day as bars (profit green, loss red) and the balance at each day's end
 * as a line on its own scale; the legend shows the latest day until a day is hovered. uPlot draws it on a canvas; this module and uPlot load only when a
 * statement has days to draw (see the lazy import in the statement page).
 */
export default function PnlChart({ days, from, to }: PnlChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const profit = css('--profit') || '#0f8a3c';
    const loss = css('--loss') || '#d22';
    const bar = (label: string, colour: string): uPlot.Series => ({
      label,
      scale: 'pnl',
      fill: colour,
      stroke: colour,
      paths: bars,
      points: { show: false },
      value: money,
    });
    // The latest day with transfers: its bar is labelled and the legend shows it until hovered.
    const last = days.length - 1;
    const anchor = last < 0 ? dayStart(to) : dayStart(days[last]!.day);
    const showLatest = (u: uPlot) => {
      if (u.legend.idx == null && last >= 0) u.setLegend({ idx: last }, false);
    };
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT_PX,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), IST_TIME_ZONE),
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true, range: () => [dayStart(from) - HALF_DAY_S, dayStart(to) + HALF_DAY_S] },
          pnl: { range: withZero },
          balance: { auto: true },
        },
        series: [
          { label: 'Day', value: '{DD}/{MM}/{YYYY}' },
          bar('Profit', profit),
          bar('Loss', loss),
          {
            label: 'Balance',
            scale: 'balance',
            stroke: css('--theme-other') || '#1f6f99',
            width: 2,
            value: money,
          },
        ],
        hooks: { ready: [showLatest], setLegend: [showLatest] },
        axes: [
          {
            splits: (u) => daySplits(u, anchor),
            // The canvas has no text to find: the day labels drawn are also on the element.
            values: (_, ticks) => {
              const labels = dayTicks(ticks);
              el.dataset.dayLabels = labels.join(' ');
              return labels;
            },
          },
          { scale: 'pnl', values: tickLabels, size: 56 },
          { scale: 'balance', side: 1, grid: { show: false }, values: tickLabels, size: 56 },
        ],
      },
      [
        days.map((d) => dayStart(d.day)),
        // One series per colour: a day is either a profit or a loss bar.
        days.map((d) => (d.pnl >= 0 ? d.pnl : null)),
        days.map((d) => (d.pnl < 0 ? d.pnl : null)),
        days.map((d) => d.balance),
      ],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT_PX }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, from, to]);

  return <div ref={box} className="pnl-chart__plot" data-testid="statement-chart-plot" />;
}
