/**
 * The bet slip's own arithmetic, free of React: odds stepping on the ladder, profit and
 * liability, validity, and its words. The draft itself (pick, stake parsing, the ladders'
 * projections) is shared in lib/bet-slip. Amounts are rupees at the edges and integer paise
 * inside, like the rest of the product.
 */
import type { BetStatus, MarketKind } from '@exchange/contracts';
import {
  MAX_PRICE,
  MIN_PRICE,
  backWinningsPaise,
  nearestValidPrice,
  oddsToPrice,
  paiseToRupeesUnchecked,
  priceToOdds,
  roundToPaise,
  tickDown,
  tickUp,
} from '@exchange/engine';
import { isBackSide, parseAmount, priceHundredths, type SlipDraft } from '@/lib/bet-slip';
import { formatRupees } from '@/lib/format';

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

/**
 * What the bet wins and risks, in rupees (null while the fields are not numbers). Back: profit
 * stake x (odds - 1), liability the stake; lay the reverse. Fancy YES wins stake x rate / 100,
 * NO risks it. Winnings round down to the paisa, as the engine does.
 */
export function slipReturn(draft: Pick<SlipDraft, 'kind' | 'side' | 'oddsText' | 'stakeText' | 'odds'>): {
  profit: number;
  liability: number;
} | null {
  const stake = parseAmount(draft.stakeText);
  if (stake === null) return null;
  const stakePaise = roundToPaise(stake);
  const rate = draft.kind === 'FANCY' ? draft.odds : null;
  const price = rate !== null ? 100 + rate : priceHundredths(draft.kind, draft.oddsText);
  if (price === null) return null;
  const odds = paiseToRupeesUnchecked(backWinningsPaise(stakePaise, price));
  const whole = paiseToRupeesUnchecked(stakePaise);
  return isBackSide(draft.side) ? { profit: odds, liability: whole } : { profit: whole, liability: odds };
}

/** Why the slip cannot be placed yet (null: it can). */
export function slipError(draft: SlipDraft): string | null {
  if (draft.kind === 'EXCHANGE' && !isLadderOdds(draft.oddsText))
    return 'Odds must be a ladder price from 1.01 to 1000';
  if (draft.kind === 'BOOKMAKER' && priceHundredths('BOOKMAKER', draft.oddsText) === null)
    return 'Rate must be a whole number';
  const stake = parseAmount(draft.stakeText);
  if (stake === null) return 'Enter a stake';
  if (stake < draft.minStake) return `Minimum stake is ${formatRupees(draft.minStake)}`;
  if (stake > draft.maxStake) return `Maximum stake is ${formatRupees(draft.maxStake)}`;
  return null;
}

/** The toast after an accepted bet. */
export function placedText(status: BetStatus): string {
  if (status === 'MATCHED') return 'Bet Matched';
  if (status === 'PARTIAL') return 'Bet Partially Matched';
  return 'Bet Unmatched';
}

/** Seconds left of the in-play bet delay, shown beside the spinner (never below 0). */
export function delaySecondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}
