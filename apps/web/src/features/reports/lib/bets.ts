import type { BetSide, CurrentBet } from '@exchange/contracts';

const SIDE_LABELS: Record<BetSide, string> = { BACK: 'Back', LAY: 'Lay', YES: 'Yes', NO: 'No' };

export const betSideLabel = (side: BetSide): string => SIDE_LABELS[side];

/** Back and Yes bets are tinted blue, lay and No pink, as on the bet slip. */
export const isBackSide = (side: BetSide): boolean => side === 'BACK' || side === 'YES';

// The asked and matched price labels are shared with the match page's My Bets.
export { betPriceLabel, matchedPriceLabel } from '@/lib/bet-odds';

/** Only an exchange bet waits in the book; its unmatched rest can be taken back. */
export const canCancel = (bet: Pick<CurrentBet, 'kind' | 'unmatched_stake'>): boolean =>
  bet.kind === 'EXCHANGE' && bet.unmatched_stake > 0;
