import {
  PRICE_HISTORY_INTERVALS,
  type MarketView,
  type PriceHistoryInterval,
  type RunnerView,
} from '@exchange/contracts';
import { useState } from 'react';
import { Modal, Spinner } from '@/components';
import { usePriceHistory } from '../api/get-price-history';
import { PriceChart } from './price-chart';

/** The chart's body: the interval switch, then the runner's history (kept live while open). */
function PriceChartPanel({ market, runner }: { market: MarketView; runner: RunnerView }) {
  // In play, the last minutes by the second; before, the day so far by the minute.
  const [interval, setChosen] = useState<PriceHistoryInterval>(market.in_play ? '1s' : '1m');
  const history = usePriceHistory(market.market_id, runner.selection_id, interval, runner.total_matched);
  return (
    <>
      <div className="price-chart__intervals" role="group" aria-label="Interval">
        {PRICE_HISTORY_INTERVALS.map((i) => (
          <button
            key={i}
            type="button"
            className="price-chart__interval"
            aria-pressed={i === interval}
            onClick={() => setChosen(i)}
            // The dialog opens with the focus on the interval shown.
            data-autofocus={i === interval || undefined}
          >
            {i}
          </button>
        ))}
      </div>
      {history.error ? (
        <p role="alert" className="price-chart__error">
          {history.error.message}
        </p>
      ) : history.data ? (
        <PriceChart history={history.data} />
      ) : (
        <Spinner />
      )}
    </>
  );
}

/** An exchange runner's Chart button: its traded price over time, volume and the match's events. */
export function PriceChartButton({ market, runner }: { market: MarketView; runner: RunnerView }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="runner__chart-btn"
        aria-label={`Price chart of ${runner.name}, ${market.name}`}
        onClick={() => setOpen(true)}
        data-testid={`chart-${market.market_id}-${runner.selection_id}`}
      >
        Chart
      </button>
      {open && (
        <Modal
          title={`${runner.name}: ${market.name}`}
          onClose={() => setOpen(false)}
          testId="price-chart-modal"
          size="lg"
        >
          <PriceChartPanel market={market} runner={runner} />
        </Modal>
      )}
    </>
  );
}
