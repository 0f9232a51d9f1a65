/**
 * The bet slip's arithmetic, free of React: odds stepping on the ladder, stake parsing, profit
 * and liability, validity, and each runner's projected profit/loss while a stake is typed.
 * Amounts are rupees at the edges and integer paise inside, like the rest of the product.
 */
import type { BetStatus, MarketKind } from '@exchange/contracts';
import {
  MAX_PRICE,
  MIN_PRICE,
  backWinningsPaise,
  fancyPnlAt,
  nearestValidPrice,
  oddsToPrice,
  paiseToRupees,
  paiseToRupeesUnchecked,
  priceToOdds,
  projectedPnl,
  roundToPaise,
  tickDown,
  tickUp,
} from '@exchange/engine';

export type SlipSide = 'BACK' | 'LAY' | 'YES' | 'NO';

/** What a click on a price box picks: the market, the runner (or fancy line) and the side. */
export interface SlipPick {
  matchId: number;
  marketId: number;
  kind: MarketKind;
  marketName: string;
  /** null on a fancy line. */
  selectionId: number | null;
  runnerName: string;
  side: SlipSide;
  /** Exchange: decimal odds; bookmaker: the rate (45 = 1.45); fancy: the rate. */
  odds: number;
  /** Fancy: the runs line of the box. */
  line: number | null;
  inPlay: boolean;
  betDelayMs: number;
  minStake: number;
  maxStake: number;
}

/** The open slip: the pick plus what the bettor typed. */
export interface SlipDraft extends SlipPick {
  oddsText: string;
  stakeText: string;
}

export const isBackSide = (side: SlipSide) => side === 'BACK' || side === 'YES';

/** The odds field's text for a pick: exchange odds with 2 decimals, rates as whole numbers. */
export function oddsText(kind: MarketKind, odds: number): string {
  return kind === 'EXCHANGE' ? odds.toFixed(2) : String(Math.round(odds));
}

/** A positive amount typed by the bettor with at most 2 decimals, else null. */
export function parseAmount(text: string): number | null {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n > 0 ? n : null;
}

/** Decimal odds in hundredths of the draft (exchange: as typed; bookmaker: 1 + rate/100), or null. */
function priceHundredths(kind: MarketKind, text: string): number | null {
  const odds = parseAmount(text);
  if (odds === null) return null;
  if (kind === 'EXCHANGE') return oddsToPrice(odds);
  return Number.isInteger(odds) ? 100 + odds : null;
}

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

const INR = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
export const formatRupees = (n: number) => `₹${INR.format(n)}`;

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

/**
 * Each runner's profit/loss (rupees) if the draft is placed and matched at its odds, on top of
 * the positions the server reports; null when the draft is not for this market or not a number
 * yet. P&L is linear in the bets, so the candidate alone is projected and added.
 */
export function projectedPositions(
  market: { market_id: number; runners: readonly { selection_id: number; position: number }[] },
  draft: SlipDraft | null,
): Map<number, number> | null {
  if (!draft || draft.marketId !== market.market_id || draft.selectionId === null) return null;
  if (draft.side !== 'BACK' && draft.side !== 'LAY') return null;
  const stake = parseAmount(draft.stakeText);
  const price = priceHundredths(draft.kind, draft.oddsText);
  if (stake === null || price === null || price < MIN_PRICE || price > MAX_PRICE) return null;
  const delta = projectedPnl(
    { kind: 'RUNNERS', runners: market.runners.map((r) => r.selection_id), bets: [] },
    { selectionId: draft.selectionId, side: draft.side, price, sizePaise: roundToPaise(stake) },
  );
  return new Map(
    market.runners.map((r) => [
      r.selection_id,
      paiseToRupees(roundToPaise(r.position) + (delta.get(r.selection_id) ?? 0)),
    ]),
  );
}

/**
 * A fancy line's worst case (rupees, negative: a loss) once the typed YES / NO bet is added to
 * the bettor's book, null when the draft is not for this line. The book is the server's P&L by
 * run total; the worst case can only change where a book range or the new bet's line begins.
 */
export function projectedFancyWorst(
  market: { market_id: number; fancy_positions: readonly { from_runs: number; pnl: number }[] },
  draft: SlipDraft | null,
): number | null {
  if (!draft || draft.marketId !== market.market_id || (draft.side !== 'YES' && draft.side !== 'NO'))
    return null;
  const stake = parseAmount(draft.stakeText);
  if (stake === null || draft.line === null) return null;
  const bet = { side: draft.side, line: draft.line, ratePercent: draft.odds, sizePaise: roundToPaise(stake) };
  const book = [...market.fancy_positions].sort((a, b) => a.from_runs - b.from_runs);
  const bookAt = (runs: number) => roundToPaise(book.filter((r) => r.from_runs <= runs).at(-1)?.pnl ?? 0);
  const points = new Set([0, draft.line, ...book.map((r) => r.from_runs)]);
  return paiseToRupees(Math.min(...[...points].map((runs) => bookAt(runs) + fancyPnlAt([bet], runs))));
}

/**
 * Available sizes as the boxes show them: whole rupees under 1,000, then thousands with one
 * decimal under 10k (1.2k), whole thousands to a million (35k), then millions (1.5m).
 */
export function formatSize(rupees: number): string {
  const trim = (n: number) => n.toFixed(1).replace(/\.0$/, '');
  if (rupees < 1_000) return String(Math.floor(rupees));
  if (rupees < 10_000) return `${trim(Math.floor(rupees / 100) / 10)}k`;
  if (rupees < 1_000_000) return `${Math.floor(rupees / 1_000)}k`;
  return `${trim(Math.floor(rupees / 100_000) / 10)}m`;
}

/** Decimal odds in a price box, as Betfair prints them: 2.04, 3.4, 10, 1000. */
export function formatOdds(odds: number): string {
  return String(Number(odds.toFixed(2)));
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
