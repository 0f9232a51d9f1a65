/**
 * Partnership shares and the agents' commission (ADR 48): how the tree above a bettor shares the
 * bettor's result, in integer paise and basis points.
 *
 * - Each agent has a `partnership`: the part of its downline's P&L that it and the agents below
 *   it keep together. The root holds all of it (10,000 bp). A level holds its own figure less the
 *   next level's; the bettor's own agent holds all of its figure. So the shares of one bettor's
 *   chain always add up to 10,000 bp.
 * - The network's result on a bettor is minus the bettor's P&L: a bettor who loses 1,000 makes the
 *   levels win 1,000 between them. Every level but the bettor's agent takes its part rounded toward
 *   zero; the agent takes the rest, so the parts add up to the paisa.
 * - Commission is a rebate to the bettor, borne by the same levels in the same shares.
 */
import type { Paise } from './money.ts';

/** 100% in basis points. */
export const FULL_SHARE_BP = 10_000;

/** A level of a bettor's chain, from the root down to the bettor's agent, with its partnership figure. */
export interface ChainLevel {
  userId: number;
  /** The part of the downline's P&L this level and those below it keep (bp); the root's is FULL_SHARE_BP. */
  partnershipBp: number;
}

export interface LevelShare {
  userId: number;
  /** 0 for the root, then one more per level down. */
  depth: number;
  /** The level's own share (bp). */
  shareBp: number;
}

/**
 * The share of each level of a chain (root first, the bettor's agent last). A figure above its
 * parent's (a tree written by hand) is held to the parent's, so no share is ever negative.
 */
export function levelShares(chain: readonly ChainLevel[]): LevelShare[] {
  if (chain.length === 0) throw new RangeError('A chain has at least the root');
  const figures: number[] = [];
  chain.forEach((level, i) => {
    const own = i === 0 ? FULL_SHARE_BP : Math.max(0, Math.min(level.partnershipBp, figures[i - 1]!));
    figures.push(own);
  });
  return chain.map((level, i) => ({
    userId: level.userId,
    depth: i,
    shareBp: i === chain.length - 1 ? figures[i]! : figures[i]! - figures[i + 1]!,
  }));
}

/**
 * `amountPaise` split over the levels by their shares: each level but the last rounded toward
 * zero, the last (the bettor's agent) the rest. The parts add up to the amount exactly.
 */
export function splitByShares(amountPaise: Paise, shares: readonly LevelShare[]): Paise[] {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError(`Not a whole number of paise: ${amountPaise}`);
  const parts = shares.map((s) => Math.trunc((amountPaise * s.shareBp) / FULL_SHARE_BP));
  const last = shares.length - 1;
  parts[last] = amountPaise - parts.slice(0, last).reduce((sum, p) => sum + p, 0);
  // `-0` would print as 0 but is not `toBe(0)`.
  return parts.map((p) => p + 0);
}

/** The bettor's commission rates (bp), set by its agent. */
export interface CommissionRates {
  /** On the net loss of a match-odds or bookmaker market. */
  matchBp: number;
  /** On the matched stakes of a fancy (session) market, won or lost. */
  sessionBp: number;
  /** On the net loss of a casino bet. */
  casinoBp: number;
}

export type CommissionBase =
  | { kind: 'MATCH'; netPnlPaise: Paise }
  | { kind: 'SESSION'; stakesPaise: Paise }
  | { kind: 'CASINO'; netPnlPaise: Paise }
  /** A market that earns no commission (an exchange market other than match odds). */
  | { kind: 'NONE' };

/** The rebate a bettor is paid on one result, rounded down to the paisa; never negative. */
export function commissionOf(base: CommissionBase, rates: CommissionRates): Paise {
  const rate = (amount: Paise, bp: number) => Math.floor((Math.max(0, amount) * bp) / FULL_SHARE_BP);
  switch (base.kind) {
    case 'MATCH':
      return rate(-base.netPnlPaise, rates.matchBp);
    case 'SESSION':
      return rate(base.stakesPaise, rates.sessionBp);
    case 'CASINO':
      return rate(-base.netPnlPaise, rates.casinoBp);
    case 'NONE':
      return 0;
  }
}

export interface ResultSplit {
  userId: number;
  depth: number;
  shareBp: number;
  /** The level's part of the network's result (minus the bettor's P&L): positive when the bettor lost. */
  pnlSharePaise: Paise;
  /** The level's part of the bettor's commission: what it bears (never negative). */
  commissionSharePaise: Paise;
}

/** One bettor's result split over its chain: each level's share of the result and of the commission. */
export function splitResult(
  netPnlPaise: Paise,
  commissionPaise: Paise,
  chain: readonly ChainLevel[],
): ResultSplit[] {
  const shares = levelShares(chain);
  const pnl = splitByShares(-netPnlPaise, shares);
  const commission = splitByShares(commissionPaise, shares);
  return shares.map((s, i) => ({ ...s, pnlSharePaise: pnl[i]!, commissionSharePaise: commission[i]! }));
}

/**
 * What a child owes its parent on one result (positive: the child owes; negative: the parent
 * owes): the part that goes above the child, that is the shares of the parent and the levels
 * above it, less their part of the commission. `parentDepth` is the parent's depth in the chain;
 * for a bettor child (parent = its agent) that is the whole result with its commission.
 */
export function owedUp(split: readonly ResultSplit[], parentDepth: number): Paise {
  return split
    .filter((l) => l.depth <= parentDepth)
    .reduce((sum, l) => sum + l.pnlSharePaise - l.commissionSharePaise, 0);
}
