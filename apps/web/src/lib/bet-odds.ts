import type { BetOutcome, CurrentBet } from '@exchange/contracts';
import { oddsToPrice } from '@exchange/engine';

type PricedBet = Pick<CurrentBet, 'kind' | 'odds' | 'run' | 'rate'>;

/**
 * The price the bettor asked, as in its box: decimal odds on the exchange, the whole-number
 * rate on a bookmaker market, the line and rate on a fancy line.
 */
export function betPriceLabel(bet: PricedBet): string {
  if (bet.kind === 'FANCY') return `${bet.run ?? '-'} / ${bet.rate ?? '-'}`;
  if (bet.kind === 'BOOKMAKER') return String(bet.rate ?? '-');
  return bet.odds.toFixed(2);
}

/**
 * The average price the bet was matched at, in the same form as the asked price; a dash while
 * nothing is matched. An exchange taker may be matched at better odds than it asked, so every
 * screen listing a bet shows both (issue 9).
 */
export function matchedPriceLabel(bet: PricedBet & Pick<CurrentBet, 'avg_odds' | 'matched_stake'>): string {
  if (bet.matched_stake === 0 || bet.avg_odds === 0) return '-';
  if (bet.kind === 'FANCY') return betPriceLabel(bet);
  if (bet.kind === 'BOOKMAKER') return String(oddsToPrice(bet.avg_odds) - 100);
  return bet.avg_odds.toFixed(2);
}

const OUTCOME_LABELS: Record<BetOutcome, string> = { WON: 'Won', LOST: 'Lost', VOID: 'Void' };
export const betOutcomeLabel = (outcome: BetOutcome): string => OUTCOME_LABELS[outcome];
