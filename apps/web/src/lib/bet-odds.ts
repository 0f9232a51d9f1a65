import type { BetOutcome, CurrentBet, MarketKind } from '@exchange/contracts';
import {
  MAX_PRICE,
  MIN_PRICE,
  nearestValidPrice,
  oddsToPrice,
  priceToOdds,
  tickDown,
  tickUp,
} from '@exchange/engine';
import { parseAmount, priceHundredths } from './bet-slip';

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

/** Whether the typed exchange odds are a price of the ladder (1.01 to 1000). */
export function isLadderOdds(text: string): boolean {
  const price = priceHundredths('EXCHANGE', text);
  return price !== null && price >= MIN_PRICE && price <= MAX_PRICE && nearestValidPrice(price) === price;
}

/**
 * The odds one tick up (+1) or down (-1): the next price of the exchange ladder (an off-ladder
 * entry first snaps to the ladder in that direction), a bookmaker rate by 1. Fancy rates are
 * the house's and do not step.
 */
export function stepOdds(kind: MarketKind, text: string, dir: 1 | -1): string {
  if (kind === 'FANCY') return text;
  const typed = parseAmount(text);
  if (kind === 'BOOKMAKER') return String(Math.max(1, Math.round(typed ?? 0) + dir));
  if (typed === null) return priceToOdds(MIN_PRICE).toFixed(2);
  const price = oddsToPrice(typed);
  const snapped = nearestValidPrice(price, dir === 1 ? 'up' : 'down');
  const next = snapped !== price ? snapped : dir === 1 ? tickUp(snapped) : tickDown(snapped);
  return priceToOdds(next).toFixed(2);
}
