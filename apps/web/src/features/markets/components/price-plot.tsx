import type { MatchEvent, PriceHistory } from '@exchange/contracts';
import { IST_TIME_ZONE } from '@exchange/contracts/ist';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatOdds } from '@/lib/format';
import {
  eventMark,
  INTERVAL_SECONDS,
  priceSeries,
  suspendedSpans,
  TIME_TICK_STEPS,
  timeLabel,
  timeSpan,
} from '../lib/price-chart';

const HEIGHT_PX = 240;
/** Marks of events close in time are stacked in rows, not drawn over each other. */
const MARK_GAP_PX = 22;
const MARK_ROW_PX = 18;
/** Room for one HH:mm:ss label under the time axis. */
const TIME_TICK_PX = 76;
/** The volume bars keep to the plot's lower part, under the price line. */
const VOLUME_SHARE = 0.28;
const PRICE_COLOUR = '#1f6f99';
const VOLUME_COLOUR = 'rgba(114, 187, 239, 0.75)';
const WHISKER_COLOUR = 'rgba(31, 111, 153, 0.45)';
const SUSPENDED_FILL = 'rgba(210, 34, 34, 0.1)';
const EVENT_COLOUR: Record<string, string> = {
  OFF: '#1b1f24',
  WICKET: '#d22',
  BOUNDARY: '#0a6bbf',
  GOAL: '#0f8a3c',
  SUSPENDED: '#d22',
  RESUMED: '#0f8a3c',
};

/** The events within the plotted time (the list under the chart has them all). */
const onPlot = (u: uPlot, events: readonly MatchEvent[]) =>
  events.filter((e) => {
    const t = Date.parse(e.at) / 1000;
    return t >= u.scales.x!.min! && t <= u.scales.x!.max!;
  });

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** The price scale leaves the plot's lower part to the volume bars. */
function priceRange(history: PriceHistory): uPlot.Range.MinMax {
  const lows = history.intervals.map((i) => i.low);
  const highs = history.intervals.map((i) => i.high);
  const lo = lows.length ? Math.min(...lows) : 1;
  const hi = highs.length ? Math.max(...highs) : 2;
  const pad = (hi - lo || hi * 0.05) * 0.15;
  const top = hi + pad;
  const bottom = lo - pad;
  // The line's lowest point sits just above the volume's share of the height.
  return [bottom - ((top - bottom) * VOLUME_SHARE) / (1 - VOLUME_SHARE), top];
}

interface PricePlotProps {
  history: PriceHistory;
  /** The interval under the cursor (its index), null when the cursor leaves. */
  onHover: (index: number | null) => void;
  /** An event's mark was tapped or clicked (its index in `history.events`). */
  onPickEvent: (index: number) => void;
}

/**
 * The runner's traded price by interval as a stepped line (each close held until the next
 * trade) with each interval's high-low whisker, the volume as bars on a scale of their own
 * under it, and the match's events as vertical lines with a mark (W, 4, 6, G, OFF...) whose
 * title is the event's text; a suspension is a shaded band until the market resumes. uPlot
 * draws it on a canvas; this module and uPlot load only when a chart is opened.
 */
export default function PricePlot({ history, onHover, onPickEvent }: PricePlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const shown = useRef(history);
  const handlers = useRef({ onHover, onPickEvent });
  useEffect(() => {
    handlers.current = { onHover, onPickEvent };
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    /** The events' marks over the canvas: positioned on each draw, their text as a title. */
    const marks = document.createElement('div');
    marks.className = 'price-plot__marks';
    const x = (u: uPlot, t: number) => Math.round(u.valToPos(t, 'x', true));

    const drawBands = (u: uPlot) => {
      const h = shown.current;
      const { ctx, bbox } = u;
      ctx.save();
      ctx.fillStyle = SUSPENDED_FILL;
      for (const [from, to] of suspendedSpans(h.events, u.scales.x!.max!)) {
        const left = Math.max(bbox.left, x(u, from));
        const right = Math.min(bbox.left + bbox.width, Math.max(x(u, to), left + 2));
        ctx.fillRect(left, bbox.top, right - left, bbox.height);
      }
      ctx.restore();
    };

    const drawWhiskersAndEvents = (u: uPlot) => {
      const h = shown.current;
      const { ctx, bbox } = u;
      ctx.save();
      ctx.lineWidth = Math.max(1, devicePixelRatio);
      ctx.strokeStyle = WHISKER_COLOUR;
      const half = (INTERVAL_SECONDS[h.interval] / 2) as number;
      ctx.beginPath();
      for (const i of h.intervals) {
        if (i.high === i.low) continue;
        const at = x(u, Date.parse(i.start) / 1000 + half);
        ctx.moveTo(at, u.valToPos(i.high, 'price', true));
        ctx.lineTo(at, u.valToPos(i.low, 'price', true));
      }
      ctx.stroke();
      ctx.setLineDash([4 * devicePixelRatio, 3 * devicePixelRatio]);
      for (const e of onPlot(u, h.events)) {
        const at = x(u, Date.parse(e.at) / 1000);
        ctx.strokeStyle = EVENT_COLOUR[e.kind] ?? '#1b1f24';
        ctx.beginPath();
        ctx.moveTo(at, bbox.top);
        ctx.lineTo(at, bbox.top + bbox.height);
        ctx.stroke();
      }
      ctx.restore();
      placeMarks(u);
    };

    const placeMarks = (u: uPlot) => {
      const h = shown.current;
      // A mark closer than MARK_GAP_PX to the one before it in its row goes a row lower.
      const rowEnds: number[] = [];
      marks.replaceChildren(
        ...onPlot(u, h.events).map((e) => {
          const index = h.events.indexOf(e);
          const left = Math.round(u.valToPos(Date.parse(e.at) / 1000, 'x'));
          let row = rowEnds.findIndex((end) => left - end >= MARK_GAP_PX);
          if (row < 0) row = rowEnds.length;
          rowEnds[row] = left;
          const mark = document.createElement('span');
          mark.className = `price-plot__mark price-plot__mark--${e.kind.toLowerCase()}`;
          mark.textContent = eventMark(e.kind, e.text);
          mark.title = e.text;
          mark.setAttribute('aria-hidden', 'true');
          mark.dataset.testid = 'price-plot-mark';
          mark.style.left = `${left}px`;
          mark.style.top = `${row * MARK_ROW_PX}px`;
          mark.addEventListener('click', () => handlers.current.onPickEvent(index));
          return mark;
        }),
      );
    };

    const u = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT_PX,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), IST_TIME_ZONE),
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        scales: {
          x: { time: true, range: () => timeSpan(shown.current) ?? [0, 1] },
          price: { range: () => priceRange(shown.current) },
          volume: {
            range: (_u, _min, max) => [0, Math.max(1, max ?? 0) / VOLUME_SHARE],
          },
        },
        series: [
          {},
          {
            label: 'Price',
            scale: 'price',
            stroke: PRICE_COLOUR,
            width: 2,
            paths: uPlot.paths.stepped?.({ align: 1, extend: true }),
            points: { show: (u) => u.data[0].length < 3, size: 6 },
          },
          {
            label: 'Volume',
            scale: 'volume',
            fill: VOLUME_COLOUR,
            stroke: VOLUME_COLOUR,
            paths: uPlot.paths.bars?.({ size: [0.7, 24], align: 1 }),
            points: { show: false },
          },
        ],
        axes: [
          {
            incrs: TIME_TICK_STEPS,
            space: TIME_TICK_PX,
            values: (_u, ticks, _axis, _space, step) => ticks.map((t) => timeLabel(t, step)),
          },
          { scale: 'price', values: (_u, ticks) => ticks.map(formatOdds), size: 44 },
          {
            scale: 'volume',
            side: 1,
            grid: { show: false },
            // Only 0 and the largest bar: the scale's upper part is the price's.
            splits: (u) => [0, Math.max(0, ...(u.data[2] as number[]))],
            values: (_u, ticks) => ticks.map((t) => compact.format(t)),
            size: 44,
          },
        ],
        hooks: {
          drawClear: [drawBands],
          draw: [drawWhiskersAndEvents],
          setCursor: [(u) => handlers.current.onHover(u.cursor.idx ?? null)],
        },
      },
      priceSeries(shown.current),
      el,
    );
    u.over.append(marks);
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: el.clientWidth, height: HEIGHT_PX }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, []);

  useEffect(() => {
    if (shown.current === history) return;
    shown.current = history;
    plot.current?.setData(priceSeries(history));
  }, [history]);

  return <div ref={box} className="price-plot" data-testid="price-plot" />;
}
