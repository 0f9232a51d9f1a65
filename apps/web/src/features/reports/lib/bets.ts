import type { BetSide, CurrentBet } from '@exchange/contracts';

const SIDE_LABELS: Record<BetSide, string> = { BACK: 'Back', LAY: 'Lay', YES: 'Yes', NO: 'No' };

export const betSideLabel = (side: BetSide): string => SIDE_LABELS[side];

/** Back and Yes bets are tinted blue, lay and No pink, as on the bet slip. */
export const isBackSide = (side: BetSide): boolean => side === 'BACK' || side === 'YES';

/**
 * The price as the bettor chose it in its box: decimal odds on the exchange, the whole-number
 * rate on a bookmaker market, the line and rate on a fancy line.
 */
export function betPriceLabel(bet: Pick<CurrentBet, 'kind' | 'odds' | 'run' | 'rate'>): string {
  if (bet.kind === 'FANCY') return `${bet.run ?? '-'} / ${bet.rate ?? '-'}`;
  if (bet.kind === 'BOOKMAKER') return String(bet.rate ?? '-');
  return bet.odds.toFixed(2);
}

/** Only an exchange bet waits in the book; its unmatched rest can be taken back. */
export const canCancel = (bet: Pick<CurrentBet, 'kind' | 'unmatched_stake'>): boolean =>
  bet.kind === 'EXCHANGE' && bet.unmatched_stake > 0;
