/**
 * How a notification reads: amounts in rupees with 2 decimals ("₹1,250.00"), odds with 2
 * decimals ("2.50"), a bet as the bettor placed it ("Back India ₹100.00 at 2.50"), a market with
 * its match ("Match Odds (India v Australia)").
 */
import type { MarketCause } from '../betting/index.ts';

const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "₹1,250.00"; a negative amount reads as its size (the sentence says which way it went). */
export const rupees = (paise: number): string => `₹${INR.format(Math.abs(paise) / 100)}`;

/** Decimal odds from hundredths: "2.50". */
export const odds = (hundredths: number): string => (hundredths / 100).toFixed(2);

/** The market where it happened: "Match Odds (India v Australia)". */
export const marketText = (m: { marketLabel: string; matchName: string }): string =>
  `${m.marketLabel} (${m.matchName})`;

/** A bet's facts, as read with its market (an order row and names). */
export interface BetFacts {
  betId: number;
  userId: number;
  marketId: number;
  matchId: number;
  kind: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  side: 'BACK' | 'LAY' | 'YES' | 'NO';
  /** Hundredths of decimal odds (exchange), 100 + rate (bookmaker), the rate in percent (fancy). */
  price: number;
  line: number | null;
  sizePaise: number;
  matchedPaise: number;
  matchedValue: number;
  cancelledPaise: number;
  initialMatchedPaise: number;
  initialMatchedValue: number;
  cashOutId: number | null;
  runnerName: string | null;
  marketLabel: string;
  matchName: string;
}

const SIDE: Record<BetFacts['side'], string> = { BACK: 'Back', LAY: 'Lay', YES: 'Yes', NO: 'No' };

/**
 * The bet as placed: "Back India ₹100.00 at 2.50" (exchange and bookmaker: decimal odds),
 * "Yes 45 ₹100.00 at rate 90" (a fancy line: the market is the line's name).
 */
export function betText(b: BetFacts): string {
  if (b.kind === 'FANCY')
    return `${[SIDE[b.side], b.line].filter((part) => part !== null).join(' ')} ${rupees(b.sizePaise)} at rate ${b.price}`;
  return `${SIDE[b.side]} ${b.runnerName ?? 'selection'} ${rupees(b.sizePaise)} at ${odds(b.price)}`;
}

/** The average a matched amount got: "at 2.48" (a fancy bet: "at rate 90", its rate). */
export function matchedAt(b: Pick<BetFacts, 'kind' | 'price'>, matchedPaise: number, matchedValue: number): string {
  if (b.kind === 'FANCY') return `at rate ${b.price}`;
  return `at ${odds(matchedPaise === 0 ? b.price : Math.round(matchedValue / matchedPaise))}`;
}

/** Why the market took a rest, as the end of a sentence. */
export const CAUSE_TEXT: Record<MarketCause, string> = {
  closed: 'the market closed',
  non_runner: 'a runner was withdrawn (non-runner)',
  in_play: 'the market turned in play',
  suspended: 'the market was suspended',
};

/** "won ₹120.00", "lost ₹100.00", "broke even". */
export function resultText(pnlPaise: number): string {
  if (pnlPaise > 0) return `won ${rupees(pnlPaise)}`;
  if (pnlPaise < 0) return `lost ${rupees(pnlPaise)}`;
  return 'broke even';
}
