import type { HousePnl } from '@exchange/contracts';
import { SignedAmount } from '@/console/components';
import { formatAmount, formatDay } from '@/lib/format';
import { barLayout } from './bar-layout';

const pct = (n: number) => `${n}%`;

/**
 * The house's P&L of a period as horizontal bars, one per sport and one for the casino: green
 * when the house won, red when it lost, each with its figure; the period's total under them.
 */
export function PnlChart({ title, pnl, testId }: { title: string; pnl: HousePnl; testId: string }) {
  const { zero, bars } = barLayout(pnl.rows.map((r) => ({ key: r.key, label: r.label, value: r.house_pnl })));
  const days =
    pnl.from_date === pnl.to_date
      ? formatDay(pnl.from_date)
      : `${formatDay(pnl.from_date)} – ${formatDay(pnl.to_date)}`;
  return (
    <section className="console-card pnl-chart" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`}>
        {title} <span className="muted pnl-chart__days">{days}</span>
      </h2>
      {bars.length === 0 ? (
        <p className="muted" data-testid={`${testId}-empty`}>
          Nothing settled in this period.
        </p>
      ) : (
        <ul className="pnl-chart__rows">
          {bars.map((bar) => (
            <li key={bar.key} className="pnl-chart__row" data-testid={`${testId}-${bar.key}`}>
              <span className="pnl-chart__label">{bar.label}</span>
              <span className="pnl-chart__track">
                <span className="pnl-chart__axis" style={{ left: pct(zero) }} />
                <span
                  className={`pnl-chart__bar pnl-chart__bar--${bar.value < 0 ? 'loss' : 'win'}`}
                  style={{ left: pct(bar.start), width: pct(bar.width) }}
                >
                  {bar.figureAt === null && (
                    <span className="pnl-chart__figure pnl-chart__figure--on">{formatAmount(bar.value)}</span>
                  )}
                </span>
                {bar.figureAt !== null && (
                  <span
                    className={`pnl-chart__figure ${bar.value < 0 ? 'loss' : bar.value > 0 ? 'profit' : ''}`}
                    style={
                      'left' in bar.figureAt
                        ? { left: pct(bar.figureAt.left) }
                        : { right: pct(bar.figureAt.right) }
                    }
                  >
                    {formatAmount(bar.value)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="pnl-chart__total">
        Total <SignedAmount value={pnl.total} testId={`${testId}-total`} />
      </p>
    </section>
  );
}
