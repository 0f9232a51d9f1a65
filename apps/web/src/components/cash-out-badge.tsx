import type { CurrentBet } from '@exchange/contracts';
import './cash-out-badge.css';

const LABELS = { MANUAL: 'Cash out', AUTO: 'Auto cash out' } as const;

/** Marks a bet placed by a cash out (the bettor's, or its automatic rule's); nothing for an ordinary bet. */
export function CashOutBadge({ origin }: { origin: CurrentBet['cash_out'] }) {
  if (!origin) return null;
  return (
    <span className={`cash-out-badge cash-out-badge--${origin.toLowerCase()}`} data-testid="cash-out-badge">
      {LABELS[origin]}
    </span>
  );
}
