/**
 * Settling a market from its result (exchange-rules.md): every matched bet's outcome and each
 * user's net P&L and commission. Pure: the ledger postings are made from this by ledger-model.ts.
 *
 * Exactness and rounding: each bet's P&L is kept exact (BigInt, in 1/(100 x L) paise, L the
 * least common multiple of the dead-heat tie counts) and each user's net is the exact sum rounded
 * down to whole paise, the same rounding pnl.ts applies to exposure, so a loss never exceeds the
 * exposure that was reserved for it. A bet's own pnlPaise is its exact P&L rounded down; the
 * rows of a user can therefore sum to a few paise less than the user's net, never more.
 */
import { MAX_PRICE, MIN_PRICE, type Price } from './ladder.ts';
import { assertStake, type Paise } from './money.ts';
import type { SelectionId, Side, UserId } from './order-book.ts';
import { exactFancyBetPnl, floorToPaise, type FancyBet } from './pnl.ts';
import { priceAfterRemovals, type RaceMarketType, type Removal } from './racing.ts';

/** A matched bet on a runner: one per matched portion (fill), at the price it matched at. */
export interface MatchedRunnerBet {
  betId: string;
  userId: UserId;
  selectionId: SelectionId;
  side: Side;
  price: Price;
  sizePaise: Paise;
  /** When it matched, on the scale of Removal.atSeq; needed only when the market has non-runners. */
  matchedSeq?: number;
}

export interface MatchedFancyBet extends FancyBet {
  betId: string;
  userId: UserId;
}

export type RunnerStatus = 'WINNER' | 'LOSER' | 'PLACED' | 'REMOVED';

export interface RunnerResult {
  selectionId: SelectionId;
  status: RunnerStatus;
  /** A WINNER or PLACED runner that is one of `tiedRunners` runners dead-heating for `places` places. */
  deadHeat?: { places: number; tiedRunners: number };
  /** REMOVED: the non-runner's reduction factor (basis points) and when it was removed. */
  reductionFactorBps?: number;
  removedAtSeq?: number;
}

/** EXCHANGE: the users are each other's counterparties; BOOKMAKER and FANCY: the house is. */
export type MarketKind = 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';

export type SettlementInput =
  | {
      kind: 'EXCHANGE' | 'BOOKMAKER';
      bets: readonly MatchedRunnerBet[];
      /** A result for every runner that has bets, or VOID for the whole market. */
      result: 'VOID' | readonly RunnerResult[];
      /** Which non-runner rules apply; WIN when not given. */
      raceMarket?: RaceMarketType;
      /** Commission on each user's net winnings, basis points (500 = 5%). */
      commissionBps: number;
    }
  | { kind: 'FANCY'; bets: readonly MatchedFancyBet[]; result: 'VOID' | { runs: number }; commissionBps: number };

export type BetOutcomeKind = 'WON' | 'LOST' | 'VOID';

export interface BetOutcome {
  betId: string;
  userId: UserId;
  outcome: BetOutcomeKind;
  pnlPaise: Paise;
  /** Runner bets: the price settled at, after any non-runner reductions. */
  settledPrice?: Price;
}

export interface UserSettlement {
  userId: UserId;
  /** Net P&L on the market before commission (positive: the user won). */
  netPnlPaise: Paise;
  /** Commission charged on a net win (0 on a net loss). */
  commissionPaise: Paise;
}

export interface Settlement {
  kind: MarketKind;
  /** By user id, ascending. */
  users: UserSettlement[];
  /** In the order the bets were given. */
  bets: BetOutcome[];
}

interface ExactOutcome {
  outcome: BetOutcomeKind;
  /** Exact P&L in 1/unitsPerPaisa paise. */
  exact: bigint;
  settledPrice?: Price;
}

export function settleMarket(input: SettlementInput): Settlement {
  if (!Number.isInteger(input.commissionBps) || input.commissionBps < 0 || input.commissionBps > 10_000) {
    throw new RangeError(`Commission must be 0..10000 basis points: ${input.commissionBps}`);
  }
  const { unitsPerPaisa, outcomes } = input.kind === 'FANCY' ? settleFancy(input.bets, input.result) : settleRunners(input.bets, input.result, input.raceMarket ?? 'WIN');
  if (input.kind === 'EXCHANGE') {
    // Every matched exchange bet has its counterparty among the bets: the exact P&L nets to zero.
    const total = outcomes.reduce((sum, o) => sum + o.exact, 0n);
    if (total !== 0n) throw new RangeError(`Exchange bets do not net to zero (${total}): a counterparty's bets are missing`);
  }

  const exactByUser = new Map<UserId, bigint>();
  const bets: BetOutcome[] = input.bets.map((bet, i) => {
    const o = outcomes[i]!;
    exactByUser.set(bet.userId, (exactByUser.get(bet.userId) ?? 0n) + o.exact);
    const row: BetOutcome = { betId: bet.betId, userId: bet.userId, outcome: o.outcome, pnlPaise: floorToPaise(o.exact, unitsPerPaisa) };
    if (o.settledPrice !== undefined) row.settledPrice = o.settledPrice;
    return row;
  });
  const users = [...exactByUser]
    .sort(([a], [b]) => a - b)
    .map(([userId, exact]) => {
      const netPnlPaise = floorToPaise(exact, unitsPerPaisa);
      // Rounded down: commission never exceeds the stated rate of the winnings.
      const commissionPaise = netPnlPaise > 0 ? Math.floor((netPnlPaise * input.commissionBps) / 10_000) : 0;
      return { userId, netPnlPaise, commissionPaise };
    });
  return { kind: input.kind, users, bets };
}

function settleRunners(
  bets: readonly MatchedRunnerBet[],
  result: 'VOID' | readonly RunnerResult[],
  raceMarket: RaceMarketType,
): { unitsPerPaisa: bigint; outcomes: ExactOutcome[] } {
  for (const bet of bets) {
    if (!Number.isInteger(bet.price) || bet.price < MIN_PRICE || bet.price > MAX_PRICE) throw new RangeError(`Not a price: ${bet.price}`);
    if (bet.side !== 'BACK' && bet.side !== 'LAY') throw new RangeError(`Unknown side: ${String(bet.side)}`);
    assertStake(bet.sizePaise, 'Bet size');
  }
  if (result === 'VOID') return { unitsPerPaisa: 100n, outcomes: bets.map(() => ({ outcome: 'VOID', exact: 0n })) };

  const byRunner = new Map<SelectionId, RunnerResult>();
  for (const r of result) {
    if (byRunner.has(r.selectionId)) throw new RangeError(`Runner ${r.selectionId} has two results`);
    assertRunnerResult(r);
    byRunner.set(r.selectionId, r);
  }
  const removals: Removal[] = result
    .filter((r) => r.status === 'REMOVED')
    .map((r) => ({ selectionId: r.selectionId, reductionFactorBps: r.reductionFactorBps ?? 0, atSeq: r.removedAtSeq ?? 0 }));
  // One unit for every bet: 1/(100 x L) paise, L = lcm of the dead-heat tie counts.
  const lcm = result.reduce((l, r) => (r.deadHeat ? leastCommonMultiple(l, BigInt(r.deadHeat.tiedRunners)) : l), 1n);

  const outcomes = bets.map((bet): ExactOutcome => {
    const runner = byRunner.get(bet.selectionId);
    if (!runner) throw new RangeError(`No result for runner ${bet.selectionId}`);
    if (runner.status === 'REMOVED') return { outcome: 'VOID', exact: 0n };
    const price = priceAfterRemovals(bet, removals, raceMarket);
    const size = BigInt(bet.sizePaise);
    // The back bet's P&L; a lay's is its negation.
    let backExact: bigint;
    if (runner.status === 'LOSER') {
      backExact = -size * 100n * lcm;
    } else {
      // Dead heat: the stake splits into places/tied paid at full odds and the rest lost.
      const places = BigInt(runner.deadHeat?.places ?? 1);
      const tied = BigInt(runner.deadHeat?.tiedRunners ?? 1);
      backExact = size * (places * BigInt(price - 100) - 100n * (tied - places)) * (lcm / tied);
    }
    const backerWon = runner.status !== 'LOSER';
    const won = bet.side === 'BACK' ? backerWon : !backerWon;
    return { outcome: won ? 'WON' : 'LOST', exact: bet.side === 'BACK' ? backExact : -backExact, settledPrice: price };
  });
  return { unitsPerPaisa: 100n * lcm, outcomes };
}

function assertRunnerResult(r: RunnerResult): void {
  if (!['WINNER', 'LOSER', 'PLACED', 'REMOVED'].includes(r.status)) throw new RangeError(`Unknown runner status: ${String(r.status)}`);
  if (r.deadHeat) {
    const { places, tiedRunners } = r.deadHeat;
    if (r.status !== 'WINNER' && r.status !== 'PLACED') throw new RangeError('Only a winning or placed runner can dead-heat');
    if (!Number.isInteger(places) || !Number.isInteger(tiedRunners) || places < 1 || tiedRunners < 2 || places > tiedRunners || tiedRunners > 100) {
      throw new RangeError(`Not a dead heat: ${places} places among ${tiedRunners} runners`);
    }
  }
  if (r.status === 'REMOVED' && (r.reductionFactorBps === undefined || r.removedAtSeq === undefined)) {
    throw new RangeError(`Removed runner ${r.selectionId} needs its reduction factor and removal time`);
  }
}

function settleFancy(bets: readonly MatchedFancyBet[], result: 'VOID' | { runs: number }): { unitsPerPaisa: bigint; outcomes: ExactOutcome[] } {
  if (result !== 'VOID' && (!Number.isSafeInteger(result.runs) || result.runs < 0)) throw new RangeError(`Not a run total: ${result.runs}`);
  const outcomes = bets.map((bet): ExactOutcome => {
    if (result === 'VOID') return { outcome: 'VOID', exact: 0n };
    const exact = exactFancyBetPnl(bet, result.runs);
    return { outcome: exact > 0n ? 'WON' : 'LOST', exact };
  });
  return { unitsPerPaisa: 100n, outcomes };
}

function leastCommonMultiple(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return (a / x) * b;
}
