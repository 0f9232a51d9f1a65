import type { PriceHistory } from '@exchange/contracts';
import { lazy, Suspense, useState } from 'react';
import { formatIst, formatOdds, formatRupees } from '@/lib/format';
import { eventLine, historySummary } from '../lib/price-chart';

const PricePlot = lazy(() => import('./price-plot'));

/**
 * A runner's price history: the last traded price and the volume (or the interval under the
 * cursor), the plot (lazy, with uPlot), and the match's events as a plain list a screen reader
 * reads ("12:41:07 Wicket: 87/3 (12.4)"); a tapped mark on the plot shows its event's line.
 */
export function PriceChart({ history }: { history: PriceHistory }) {
  const [hovered, setHovered] = useState<number | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const summary = historySummary(history);
  const at = hovered === null ? undefined : history.intervals[hovered];
  const pickedEvent = picked === null ? undefined : history.events[picked];
  return (
    <div className="price-chart" data-testid="price-chart">
      {summary ? (
        <p className="price-chart__summary" data-testid="price-chart-summary">
          {at ? (
            <>
              <span>{formatIst(at.start).slice(11)}</span>
              <span>
                O {formatOdds(at.open)} H {formatOdds(at.high)} L {formatOdds(at.low)} C{' '}
                <b>{formatOdds(at.close)}</b>
              </span>
              <span>Vol {formatRupees(at.volume)}</span>
            </>
          ) : (
            <>
              <span>
                Last price <b data-testid="price-chart-last">{formatOdds(summary.last)}</b>
              </span>
              <span>
                Traded <b data-testid="price-chart-volume">{formatRupees(summary.volume)}</b>
              </span>
            </>
          )}
        </p>
      ) : (
        <p className="price-chart__empty muted" data-testid="price-chart-empty">
          No trades yet
        </p>
      )}
      {summary && (
        <Suspense fallback={<div className="price-plot" />}>
          <PricePlot history={history} onHover={setHovered} onPickEvent={setPicked} />
        </Suspense>
      )}
      {pickedEvent && (
        <p className="price-chart__picked" aria-live="polite" data-testid="price-chart-picked">
          {eventLine(pickedEvent)}
        </p>
      )}
      {history.events.length > 0 && (
        <>
          <h3 className="price-chart__events-title">Match events</h3>
          <ol className="price-chart__events" aria-label="Match events" data-testid="price-chart-events">
            {history.events.map((e, i) => (
              <li
                key={`${e.at}-${i}`}
                className={`price-chart__event price-chart__event--${e.kind.toLowerCase()}`}
              >
                {eventLine(e)}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
