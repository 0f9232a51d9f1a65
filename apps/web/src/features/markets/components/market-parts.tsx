import type { MarketView } from '@exchange/contracts';
import { formatAmount, formatRupees } from '@/lib/format';

/** The text across a market's rows (or a fancy row) that is not taking bets; null while it is open. */
export function overlayText(status: MarketView['status']): string | null {
  if (status === 'OPEN') return null;
  if (status === 'BALL_RUNNING') return 'BALL RUNNING';
  if (status === 'CLOSED') return 'CLOSED';
  return 'SUSPENDED';
}

/** A settled market's result in words: the winners, the run total, or void. */
export function resultText(market: Pick<MarketView, 'result' | 'runners'>): string {
  const result = market.result;
  if (!result) return '';
  if (result.kind === 'VOID') return 'Void';
  if (result.kind === 'RUNS') return `Result: ${result.runs ?? '-'}`;
  const names = market.runners.filter((r) => result.winner_ids.includes(r.selection_id)).map((r) => r.name);
  return names.length ? `Winner: ${names.join(', ')}` : '';
}

/** The translucent overlay across a row's price boxes: SUSPENDED / BALL RUNNING in red, or CLOSED. */
export function RowOverlay({ text, testId }: { text: string | null; testId?: string }) {
  if (!text) return null;
  const warning = text === 'SUSPENDED' || text === 'BALL RUNNING';
  return (
    <div className={`row-overlay${warning ? '' : ' row-overlay--closed'}`} data-testid={testId}>
      <span>{text}</span>
    </div>
  );
}

/** In a market's title bar: its state when not open, and the result once settled. */
export function MarketState({
  market,
  testId,
}: {
  market: Pick<MarketView, 'status' | 'result' | 'runners'>;
  testId: string;
}) {
  const text = overlayText(market.status);
  if (!text) return null;
  const result = resultText(market);
  return (
    <span className={`market__state market__state--${market.status.toLowerCase()}`} data-testid={testId}>
      {text}
      {result && ` · ${result}`}
    </span>
  );
}

export function StakeLimits({ market }: { market: Pick<MarketView, 'min_stake' | 'max_stake'> }) {
  return (
    <span className="market__limits">
      Min: {formatRupees(market.min_stake)} | Max: {formatRupees(market.max_stake)}
    </span>
  );
}

const tone = (n: number) => (n > 0 ? 'profit' : n < 0 ? 'loss' : 'muted');

/**
 * Under a runner's name: the bettor's profit/loss if it wins (green or red); while a stake is
 * typed, the figure it would become; while the cash-out panel is open, the figure after the
 * cash out (`cashOutAfter`), named so.
 */
export function RunnerPosition({
  testId,
  position,
  preview,
  cashOutAfter,
  show,
}: {
  testId: string;
  position: number;
  preview: number | undefined;
  cashOutAfter?: number | undefined;
  show: boolean;
}) {
  if (!show && preview === undefined) return null;
  const id = testId.slice('position-'.length);
  return (
    <span className="runner__position">
      <span className={tone(position)} data-testid={testId}>
        {formatAmount(position)}
      </span>
      {preview !== undefined && (
        <span className={`runner__preview ${tone(preview)}`} data-testid={`preview-${id}`}>
          » {formatAmount(preview)}
        </span>
      )}
      {cashOutAfter !== undefined && (
        <span className="runner__after">
          after cash out{' '}
          <span className={tone(cashOutAfter)} data-testid={`cash-out-after-${id}`}>
            {formatAmount(cashOutAfter)}
          </span>
        </span>
      )}
    </span>
  );
}
