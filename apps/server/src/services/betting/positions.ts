/**
 * One user's bets in one market, kept in memory beside the order book so a bet's exposure is
 * computed without reading the user's history. P&L is linear in stake, so bets with the same
 * runner, side, price and matched flag (or fancy side, line and rate) are summed into one
 * bucket: the engine's exposure of the buckets equals the exposure of the bets.
 */
import {
  exposureAfter,
  fancyPositions,
  marketExposure,
  runnerPnl,
  type CandidateRunnerBet,
  type FancyBet,
  type FancyRange,
  type FancySide,
  type Paise,
  type RunnerBet,
  type RunnerPosition,
  type SelectionId,
  type Side,
} from '@exchange/engine';

export class UserPosition {
  readonly runnerBets = new Map<string, RunnerBet>();
  readonly fancyBets = new Map<string, FancyBet>();
  /** The exposure stored for this market (market_positions), i.e. reserved on the account. */
  exposurePaise = 0;

  clone(): UserPosition {
    const copy = new UserPosition();
    for (const [k, b] of this.runnerBets) copy.runnerBets.set(k, { ...b });
    for (const [k, b] of this.fancyBets) copy.fancyBets.set(k, { ...b });
    copy.exposurePaise = this.exposurePaise;
    return copy;
  }

  get isEmpty(): boolean {
    return this.runnerBets.size === 0 && this.fancyBets.size === 0 && this.exposurePaise === 0;
  }

  addRunner(selectionId: SelectionId, side: Side, price: number, matched: boolean, deltaPaise: Paise): void {
    if (deltaPaise === 0) return;
    const key = `${selectionId}:${side}:${price}:${matched ? 1 : 0}`;
    const size = (this.runnerBets.get(key)?.sizePaise ?? 0) + deltaPaise;
    if (size < 0) throw new Error(`Position bucket ${key} would go negative`);
    if (size === 0) this.runnerBets.delete(key);
    else this.runnerBets.set(key, { selectionId, side, price, matched, sizePaise: size });
  }

  addFancy(side: FancySide, line: number, ratePercent: number, deltaPaise: Paise): void {
    if (deltaPaise === 0) return;
    const key = `${side}:${line}:${ratePercent}`;
    const size = (this.fancyBets.get(key)?.sizePaise ?? 0) + deltaPaise;
    if (size < 0) throw new Error(`Fancy bucket ${key} would go negative`);
    if (size === 0) this.fancyBets.delete(key);
    else this.fancyBets.set(key, { side, line, ratePercent, sizePaise: size });
  }

  /** Drops every bet on a runner (a non-runner's bets are void). */
  dropRunner(selectionId: SelectionId): void {
    for (const [k, b] of this.runnerBets) if (b.selectionId === selectionId) this.runnerBets.delete(k);
  }

  /** Re-prices the matched bets (a non-runner's reduction on the bets matched before it). */
  repriceMatched(reprice: (bet: RunnerBet) => number): void {
    const matched = [...this.runnerBets.values()].filter((b) => b.matched);
    for (const b of matched) {
      const price = reprice(b);
      if (price === b.price) continue;
      this.addRunner(b.selectionId, b.side, b.price, true, -b.sizePaise);
      this.addRunner(b.selectionId, b.side, price, true, b.sizePaise);
    }
  }
}

/** How a market computes a position's exposure. */
export interface ExposureModel {
  fancy: boolean;
  /** Runners still in the market (not removed). */
  runners: readonly SelectionId[];
  /** Places paid: 1 for a single-winner market. */
  places: number;
}

/** The position's runner bets as the engine reads them (pnl.ts): on the market's runners still in it. */
function runnerPosition(model: ExposureModel, position: UserPosition): RunnerPosition {
  return { kind: 'RUNNERS', runners: model.runners, bets: [...position.runnerBets.values()], places: model.places };
}

/** The position's exposure: the engine's marketExposure of its buckets. */
export function positionExposure(model: ExposureModel, position: UserPosition): Paise {
  if (model.fancy) return position.fancyBets.size === 0 ? 0 : marketExposure({ kind: 'FANCY', bets: [...position.fancyBets.values()] });
  if (position.runnerBets.size === 0) return 0;
  return marketExposure(runnerPosition(model, position));
}

/** The position's exposure once a runner bet rests on it unmatched: the engine's exposureAfter. */
export function positionExposureAfter(model: ExposureModel, position: UserPosition, candidate: CandidateRunnerBet): Paise {
  return exposureAfter(runnerPosition(model, position), candidate);
}

/** The caller's P&L per runner (matched bets only), as the market page shows it. */
export function positionPnl(
  runners: readonly SelectionId[],
  position: UserPosition | undefined,
): Map<SelectionId, Paise> {
  if (!position || position.runnerBets.size === 0) return new Map(runners.map((r) => [r, 0]));
  return runnerPnl(runners, [...position.runnerBets.values()]);
}

export function positionFancyBook(position: UserPosition | undefined): FancyRange[] {
  if (!position || position.fancyBets.size === 0) return [];
  return fancyPositions([...position.fancyBets.values()]);
}

/**
 * Several users' positions as one, the bets of all of them together (P&L is linear in stake):
 * what an agent's downline stands to win or lose on a market, as one bettor's position shows it.
 * Its exposure is the sum of theirs, what their accounts reserve (one user's loss is not netted
 * against another's win).
 */
export function combinedPosition(positions: Iterable<UserPosition>): UserPosition {
  const all = new UserPosition();
  for (const p of positions) {
    for (const b of p.runnerBets.values()) all.addRunner(b.selectionId, b.side, b.price, b.matched, b.sizePaise);
    for (const b of p.fancyBets.values()) all.addFancy(b.side, b.line, b.ratePercent, b.sizePaise);
    all.exposurePaise += p.exposurePaise;
  }
  return all;
}
