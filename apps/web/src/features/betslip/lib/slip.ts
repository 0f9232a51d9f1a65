/**
 * The bet slip's own arithmetic, free of React: profit and liability, validity, the delay.
 * The draft itself (pick, stake parsing, the ladders' projections) and placing it are shared in
 * lib/bet-slip, and stepping odds on the ladder in lib/bet-odds (the bet lists' editors step
 * them too).
 * Amounts are rupees at the edges and integer paise inside, like the rest of the product.
 */
import { backWinningsPaise, paiseToRupeesUnchecked, roundToPaise } from '@exchange/engine';
import { isLadderOdds } from '@/lib/bet-odds';
import { isBackSide, parseAmount, priceHundredths, type SlipDraft } from '@/lib/bet-slip';
import { formatRupees } from '@/lib/format';

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

/** Seconds left of the in-play bet delay, shown beside the spinner (never below 0). */
export function delaySecondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}
