/**
 * Profit and loss and exposure (liability) of one user's bets in one market (exchange-rules.md).
 *
 * Exactness: a bet's win s x (p - 1) is s x (p - 100) / 100 paise, which need not be whole. The
 * sums are kept exact (BigInt, in hundredths of a paisa) and rounded once per runner (or per run
 * total) with Math.floor, i.e. toward the user's disadvantage: winnings round down, losses round
 * up, so the exposure reserved is never less than what settlement (which rounds the same exact
 * sum the same way, see settlement.ts) can take.
 */
import { MAX_PRICE, MIN_PRICE, type Price } from './ladder.ts';
import { assertStake, type Paise } from './money.ts';
import type { SelectionId, Side } from './order-book.ts';

/** A bet on a runner of an exchange or bookmaker market, for P&L and exposure. */
export interface RunnerBet {
  selectionId: SelectionId;
  side: Side;
  /** Odds in hundredths: a matched portion's price, or the order's asked price while unmatched. */
  price: Price;
  /** The backer's stake in paise (for a lay too: the layer risks size x (price - 1)). */
  sizePaise: Paise;
  /** Unmatched bets count only on their losing side. */
  matched: boolean;
}

export type FancySide = 'YES' | 'NO';

/** A fancy (session) bet: YES wins when runs >= line, NO when runs < line. */
export interface FancyBet {
  side: FancySide;
  /** The runs line, a whole number >= 0. */
  line: number;
  /** Rate in percent: YES at rate R wins s x R / 100; NO at rate R loses s x R / 100. */
  ratePercent: number;
  sizePaise: Paise;
}

/** P&L is constant from `fromRuns` up to the next range's `fromRuns` - 1 (the last range has no end). */
export interface FancyRange {
  fromRuns: number;
  pnlPaise: Paise;
}

/** A bookmaker rate r ("back 45" pays 45 per 100) as decimal odds in hundredths: 1 + r/100. */
export function bookmakerPrice(ratePaise: number): Price {
  if (!Number.isInteger(ratePaise) || ratePaise < 1 || ratePaise > MAX_PRICE - 100) throw new RangeError(`Not a bookmaker rate: ${ratePaise}`);
  return 100 + ratePaise;
}

/** Hundredths of a paisa per paisa: the unit of exact sums. */
const EXACT = 100n;

/** Rounds an exact amount (hundredths of a paisa) down to whole paise: toward the user's disadvantage. */
export function floorToPaise(exact: bigint, unitsPerPaisa: bigint = EXACT): Paise {
  const quotient = exact / unitsPerPaisa;
  const paise = Number(exact % unitsPerPaisa < 0n ? quotient - 1n : quotient);
  if (!Number.isSafeInteger(paise)) throw new RangeError(`P&L out of range: ${exact}`);
  return paise;
}

function assertRunnerBet(bet: RunnerBet): void {
  // Bookmaker prices (1 + rate/100) need not be on the exchange ladder, so any price in range is allowed.
  if (!Number.isInteger(bet.price) || bet.price < MIN_PRICE || bet.price > MAX_PRICE) throw new RangeError(`Not a price: ${bet.price}`);
  if (bet.side !== 'BACK' && bet.side !== 'LAY') throw new RangeError(`Unknown side: ${String(bet.side)}`);
  assertStake(bet.sizePaise, 'Bet size');
}

/**
 * What the bets on each runner add to the P&L, exact (hundredths of a paisa), when that runner
 * wins (or places) and when it does not, with matched bets counted fully and, when
 * `withUnmatched`, unmatched bets on their losing side only (a back as -s when its runner does
 * not win, a lay as -s(p-1) when it does). A market's P&L when the runners of W win is then
 * sum over all runners of lose + sum over W of (win - lose).
 */
function exactRunnerOutcomes(
  runners: readonly SelectionId[],
  bets: readonly RunnerBet[],
  withUnmatched: boolean,
): { win: Map<SelectionId, bigint>; lose: Map<SelectionId, bigint> } {
  const win = new Map<SelectionId, bigint>(runners.map((id) => [id, 0n]));
  const lose = new Map<SelectionId, bigint>(runners.map((id) => [id, 0n]));
  for (const bet of bets) {
    assertRunnerBet(bet);
    const winNow = win.get(bet.selectionId);
    if (winNow === undefined) throw new RangeError(`Bet on runner ${bet.selectionId}, which is not in the market`);
    if (!bet.matched && !withUnmatched) continue;
    const stake = BigInt(bet.sizePaise) * EXACT;
    const gain = BigInt(bet.sizePaise) * BigInt(bet.price - 100);
    const [ifWins, ifLoses] = bet.side === 'BACK' ? [bet.matched ? gain : 0n, -stake] : [-gain, bet.matched ? stake : 0n];
    win.set(bet.selectionId, winNow + ifWins);
    lose.set(bet.selectionId, lose.get(bet.selectionId)! + ifLoses);
  }
  return { win, lose };
}

/** P&L if each runner wins, exact (hundredths of a paisa), from the matched bets: runnerPnl unrounded. */
export function exactRunnerPnl(
  runners: readonly SelectionId[],
  bets: readonly RunnerBet[],
): Map<SelectionId, bigint> {
  const { win, lose } = exactRunnerOutcomes(runners, bets, false);
  let allLose = 0n;
  for (const l of lose.values()) allLose += l;
  return new Map([...win].map(([id, w]) => [id, allLose + w - lose.get(id)!]));
}

/** P&L in paise if each runner wins, from the matched bets (unmatched ones are ignored): the market's "book" view. */
export function runnerPnl(runners: readonly SelectionId[], bets: readonly RunnerBet[]): Map<SelectionId, Paise> {
  return new Map([...exactRunnerPnl(runners, bets)].map(([id, pnl]) => [id, floorToPaise(pnl)]));
}

/**
 * Exposure of an exchange or bookmaker market that pays `places` runners (1: a single winner;
 * horse PLACE: 2 to 4): max(0, -min over every set W of `places` runners of PL(W)), unmatched
 * bets on their losing side. PL(W) = sum of lose + sum over W of (win - lose) is lowest for W
 * the `places` runners with the smallest win - lose. Every runner places when `places` is the
 * field or more. A dead heat never costs more: its P&L lies between those of the tied runners
 * placing or not (settlement.ts pays a share of the stake at full odds and loses the rest).
 */
export function runnerExposure(runners: readonly SelectionId[], bets: readonly RunnerBet[], places = 1): Paise {
  if (!Number.isSafeInteger(places) || places < 1) throw new RangeError(`Places must be a whole number >= 1: ${places}`);
  const { win, lose } = exactRunnerOutcomes(runners, bets, true);
  let worst = 0n;
  const gains: bigint[] = [];
  for (const [id, w] of win) {
    const l = lose.get(id)!;
    worst += l;
    gains.push(w - l);
  }
  gains.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const gain of gains.slice(0, places)) worst += gain;
  return Math.max(0, -floorToPaise(worst));
}

function assertFancyBet(bet: FancyBet): void {
  if (bet.side !== 'YES' && bet.side !== 'NO') throw new RangeError(`Unknown fancy side: ${String(bet.side)}`);
  if (!Number.isSafeInteger(bet.line) || bet.line < 0) throw new RangeError(`Not a runs line: ${bet.line}`);
  if (!Number.isInteger(bet.ratePercent) || bet.ratePercent < 1 || bet.ratePercent > 100_000) throw new RangeError(`Not a fancy rate: ${bet.ratePercent}`);
  assertStake(bet.sizePaise, 'Bet size');
}

/** A fancy bet's exact P&L (hundredths of a paisa) when the innings ends on `runs`. */
export function exactFancyBetPnl(bet: FancyBet, runs: number): bigint {
  assertFancyBet(bet);
  const size = BigInt(bet.sizePaise);
  const yesWins = runs >= bet.line;
  if (bet.side === 'YES') return yesWins ? size * BigInt(bet.ratePercent) : -size * EXACT;
  return yesWins ? -size * BigInt(bet.ratePercent) : size * EXACT;
}

/** The user's P&L on a fancy market if the run total is `runs`. */
export function fancyPnlAt(bets: readonly FancyBet[], runs: number): Paise {
  let total = 0n;
  for (const bet of bets) total += exactFancyBetPnl(bet, runs);
  return floorToPaise(total);
}

/**
 * The fancy "book": P&L for every run total, as ranges. P&L only changes where some bet's line
 * is reached, so evaluating 0 and each line covers every integer total (the rules' "each line
 * and line - 1, and below the lowest / above the highest" names the same ranges from their ends).
 */
export function fancyPositions(bets: readonly FancyBet[]): FancyRange[] {
  const breakpoints = [...new Set([0, ...bets.map((b) => b.line)])].sort((a, b) => a - b);
  return breakpoints.map((fromRuns) => ({ fromRuns, pnlPaise: fancyPnlAt(bets, fromRuns) }));
}

/** Exposure of a fancy market: max(0, -min over run totals of the P&L). */
export function fancyExposure(bets: readonly FancyBet[]): Paise {
  return Math.max(0, -Math.min(...fancyPositions(bets).map((r) => r.pnlPaise)));
}

/** One user's bets in one market: on runners (exchange, bookmaker) or on a runs line (fancy). */
export type MarketPosition =
  | {
      kind: 'RUNNERS';
      runners: readonly SelectionId[];
      bets: readonly RunnerBet[];
      /** Runners paid (horse PLACE markets); 1 when not given. */
      places?: number;
    }
  | { kind: 'FANCY'; bets: readonly FancyBet[] };
export type RunnerPosition = Extract<MarketPosition, { kind: 'RUNNERS' }>;
export type FancyPosition = Extract<MarketPosition, { kind: 'FANCY' }>;
/** A bet on the slip, before it is placed (a runner bet's matched flag is decided by the book). */
export type CandidateRunnerBet = Omit<RunnerBet, 'matched'>;

export function marketExposure(position: MarketPosition): Paise {
  return position.kind === 'RUNNERS' ? runnerExposure(position.runners, position.bets, position.places) : fancyExposure(position.bets);
}

/**
 * The bet-slip preview: each runner's P&L (or the fancy book) if the candidate is placed and
 * matched at its price.
 */
export function projectedPnl(position: RunnerPosition, candidate: CandidateRunnerBet): Map<SelectionId, Paise>;
export function projectedPnl(position: FancyPosition, candidate: FancyBet): FancyRange[];
export function projectedPnl(position: MarketPosition, candidate: CandidateRunnerBet | FancyBet): Map<SelectionId, Paise> | FancyRange[] {
  if (position.kind === 'RUNNERS') return runnerPnl(position.runners, [...position.bets, { ...(candidate as CandidateRunnerBet), matched: true }]);
  return fancyPositions([...position.bets, candidate as FancyBet]);
}

/**
 * The market's exposure once the candidate is accepted, for the balance check (canAfford in
 * affordability.ts) before the bet is matched. A runner bet counts as unmatched:
 * matching (at its price or better) can only raise each runner's P&L, so this is the most the
 * bet can reserve.
 */
export function exposureAfter(position: RunnerPosition, candidate: CandidateRunnerBet): Paise;
export function exposureAfter(position: FancyPosition, candidate: FancyBet): Paise;
export function exposureAfter(position: MarketPosition, candidate: CandidateRunnerBet | FancyBet): Paise {
  if (position.kind === 'RUNNERS') return runnerExposure(position.runners, [...position.bets, { ...(candidate as CandidateRunnerBet), matched: false }], position.places);
  return fancyExposure([...position.bets, candidate as FancyBet]);
}
