/**
 * The trading ladder's figures, free of React: which prices the rows show, where the ladder is
 * centred, and what closing the bettor's position on the runner at a row's price locks in (the
 * cash out's hedge, exchange-rules.md "Cash out", solved by the engine's quoteCashOut).
 */
import type { CurrentBet, Ladder, LadderLevel } from '@exchange/contracts';
import {
  LADDER,
  LADDER_SIZE,
  MAX_STAKE_PAISE,
  nearestValidPrice,
  quoteCashOut,
  runnerPnl,
  tickOfPrice,
  type RunnerBet,
} from '@exchange/engine';

/** Rows above and below the centre: 25 prices on screen. */
export const LADDER_HALF_ROWS = 12;

/** Decimal odds as the engine's hundredths (2.5 -> 250). */
export const hundredths = (odds: number) => Math.round(odds * 100);

/** The tick of decimal odds, the nearest ladder price when they are not one. */
export const tickOf = (odds: number) => tickOfPrice(nearestValidPrice(hundredths(odds)));

/** Decimal odds of a tick. */
export const oddsOfTick = (tick: number) => LADDER[tick]! / 100;

/** The ticks shown around `centre`, highest price first (Betfair's ladder: the odds rise upwards). */
export function visibleTicks(centre: number): number[] {
  // Kept whole at the ends of the ladder: the window stops at 1000 and at 1.01.
  const top = Math.min(LADDER_SIZE - 1, Math.max(centre + LADDER_HALF_ROWS, LADDER_HALF_ROWS * 2));
  return Array.from({ length: LADDER_HALF_ROWS * 2 + 1 }, (_, i) => top - i);
}

/** The centre a ladder opens on: the last traded price, else the middle of the best back and lay, else 2.0. */
export function centreTickOf(ladder: Pick<Ladder, 'last_traded_price' | 'levels'>): number {
  if (ladder.last_traded_price !== null) return tickOf(ladder.last_traded_price);
  let bestBack: number | null = null;
  let bestLay: number | null = null;
  for (const level of ladder.levels) {
    if (level.back > 0) bestBack = level.price;
    if (level.lay > 0 && bestLay === null) bestLay = level.price;
  }
  if (bestBack !== null && bestLay !== null) return Math.round((tickOf(bestBack) + tickOf(bestLay)) / 2);
  const one = bestBack ?? bestLay;
  return tickOf(one ?? 2);
}

/** The levels by tick, for the rows' look-ups. */
export function levelsByTick(levels: readonly LadderLevel[]): Map<number, LadderLevel> {
  return new Map(levels.map((level) => [tickOf(level.price), level]));
}

/** Stands for every other runner: the outcome "this runner loses". */
const FIELD = -1;

/** The matched part of the bettor's bets on the runner, as the engine counts them. */
export function matchedRunnerBets(bets: readonly CurrentBet[], selectionId: number): RunnerBet[] {
  return bets
    .filter((b) => b.selection_id === selectionId && b.kind === 'EXCHANGE' && b.matched_stake > 0)
    .map((b) => ({
      selectionId,
      side: b.side === 'LAY' ? 'LAY' : 'BACK',
      price: hundredths(b.avg_odds),
      sizePaise: hundredths(b.matched_stake),
      matched: true,
    }));
}

/** The bettor's P&L in rupees from their matched bets on the runner, if it wins and if it loses; null without any. */
export function runnerPosition(bets: readonly RunnerBet[]): { win: number; lose: number } | null {
  if (bets.length === 0) return null;
  const selectionId = bets[0]!.selectionId;
  const pnl = runnerPnl([selectionId, FIELD], bets);
  return { win: pnl.get(selectionId)! / 100, lose: pnl.get(FIELD)! / 100 };
}

/**
 * What closing the position at `odds` locks in on every outcome, in rupees: the cash out's hedge
 * (quoteCashOut) on a market of this runner and "any other", with the whole hedge offered at
 * `odds` on this runner. Back S at B closed by a lay at P locks S x (B / P - 1). Null without a
 * position to close; 0 when it is already even.
 */
export function profitIfClosed(bets: readonly RunnerBet[], odds: number): number | null {
  if (bets.length === 0) return null;
  const selectionId = bets[0]!.selectionId;
  const price = nearestValidPrice(hundredths(odds));
  const level = [{ price, sizePaise: MAX_STAKE_PAISE }];
  const quote = quoteCashOut({
    offers: [
      { selectionId, availableToBack: level, availableToLay: level },
      { selectionId: FIELD, availableToBack: [], availableToLay: [] },
    ],
    bets,
  });
  if (quote.available) return quote.valuePaise / 100;
  if (quote.reason === 'NOTHING_TO_CASH_OUT') return runnerPosition(bets)!.lose;
  return null;
}
