import type { HousePnl } from '@exchange/contracts';
import { SignedAmount } from '@/console/components';
import { formatAmount, formatDay } from '@/lib/format';
import { barLayout } from './bar-layout';

const pct = (n: number) => `${n}%`;

/**
 * The house's P&L of a period as horizontal bars, one per sport and one for the casino: green
 * when the house won, red when it lost, each with its figure, and the caller's own share of it
 * at the row's end (ADR 48); the period's totals under them.
 */
export function PnlChart({ title, pnl, testId }: { title: string; pnl: HousePnl; testId: string }) {
  const { zero, bars } = barLayout(pnl.rows.map((r) => ({ key: r.key, label: r.label, value: r.house_pnl })));
  const ownOf = new Map(pnl.rows.map((r) => [r.key, r.own_pnl]));
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
          <li className="pnl-chart__row pnl-chart__heads" aria-hidden="true">
            <span className="pnl-chart__label" />
            <span className="pnl-chart__heads-house">House P&amp;L</span>
            <span className="pnl-chart__own">My share</span>
          </li>
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
              <span className="pnl-chart__own" data-testid={`${testId}-${bar.key}-own`}>
                <span className="visually-hidden">My share </span>
                <SignedAmount value={ownOf.get(bar.key) ?? 0} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="pnl-chart__total">
        <span>
          Total <SignedAmount value={pnl.total} testId={`${testId}-total`} />
        </span>
        <span>
          My share <SignedAmount value={pnl.own_total} testId={`${testId}-own-total`} />
        </span>
      </p>
    </section>
  );
}
