/**
 * What the betting service tells listeners (the live push) after a change to a market has
 * committed: the market, the users whose balance, exposure or position may have moved, and the
 * bets that changed. Emitted only after the commit, so a listener never shows what a rollback
 * could undo.
 */
import type { MarketState, MarketRow, RunnerRow } from './market-state.ts';
import type { BetPlan } from '../money/index.ts';

export type BetChange = 'placed' | 'matched' | 'cancelled' | 'lapsed' | 'settled' | 'rolled_back';

/**
 * Why the market took an unmatched rest out of the book, when its owner did not: it closed, a
 * runner was withdrawn (a non-runner), it turned in play, or it was suspended (ball running too).
 */
export type MarketCause = 'closed' | 'non_runner' | 'in_play' | 'suspended';

export interface BetNotice {
  userId: number;
  /** Null when all of the user's bets on the market changed at once (settlement, rollback). */
  betId: number | null;
  change: BetChange;
  /**
   * On 'cancelled' and 'lapsed': the market's change that took the rest (the bettor's
   * notification). Absent when the bettor took it himself: a cancel, a cancel all, an edit to a
   * new price, a re-quote (those commits change neither the market's status, its in-play flag nor
   * its runners, and every change of the market's that takes rests changes one of them).
   */
  cause?: MarketCause;
  /** On 'placed': whether any of it matched on placement (a bet that only rests tells nobody). */
  matched?: boolean;
}

export interface MarketCommitted {
  marketId: number;
  /** Users whose balance, exposure or position on this market may have changed. */
  userIds: number[];
  bets: BetNotice[];
  /** Wall-clock time of the commit (ms since the epoch): pushes carry it, so delay can be measured. */
  committedAt: number;
  /**
   * The market in memory, exactly as committed, to be read during the call only (the next bet
   * changes it in place, even before its own commit). Null when memory is ahead of this change:
   * a group commit cut short (the market is reloaded before its next use), or a bet of a group
   * commit but its last, whose event carries the batch's state.
   */
  state: MarketState | null;
}

export type CommitListener = (event: MarketCommitted) => void;

/**
 * A match row changed: its score, its feed state, in play or listed (the feed's `match` event).
 * The listener reads the row itself: one read per conflation window, not one per ball.
 */
export interface MatchCommitted {
  matchId: number;
  committedAt: number;
}

export type MatchListener = (event: MatchCommitted) => void;

/**
 * A bet placement's write finished: a group commit, or one bet written alone (the metrics, ADR 61).
 * Told whether or not it wrote, so a slow or failed write is seen as well as a fast one.
 */
export interface BetWriteDone {
  /** Bets written: 0 when the write threw or lost its race (its bets are then placed alone). */
  bets: number;
  durationMs: number;
  /** The write threw: nothing was written (the database's error, or one bet's). */
  failed: boolean;
}

/** A placement answered: placed on a market of `kind`, or refused with `code`. */
export type PlacementDone = { kind: string; refused?: undefined } | { kind?: undefined; refused: string };

/** The listeners of one service, for one kind of event. */
export class CommitFeed<E = MarketCommitted> {
  private readonly listeners = new Set<(event: E) => void>();

  on(listener: (event: E) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: E): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // The change is committed whatever a listener does; listeners report their own failures.
      }
    }
  }
}

/** A bet written: the taker's bet placed, the makers' resting bets matched. */
export function betCommitted(plan: BetPlan, state: MarketState | null): MarketCommitted {
  const bets: BetNotice[] = [{ userId: plan.order.userId, betId: plan.order.id, change: 'placed', matched: plan.order.matchedPaise > 0 }];
  const makerOrders = new Set<number>();
  for (const f of plan.fills) {
    if (makerOrders.has(f.makerOrderId)) continue;
    makerOrders.add(f.makerOrderId);
    bets.push({ userId: f.makerUserId, betId: f.makerOrderId, change: 'matched' });
  }
  const users = new Set([...plan.exposures.map((e) => e.userId), ...bets.map((b) => b.userId)]);
  return { marketId: plan.marketId, userIds: [...users], bets, committedAt: Date.now(), state };
}

/**
 * A write that changed nothing but the market's version (a bet refused for funds, or found a
 * repeat, by the one-statement write: its lock bumps the version). The version is in the market's
 * view, so its watchers are owed it; nobody's balance, exposure or bets moved.
 */
export function versionMoved(marketId: number, state: MarketState | null): MarketCommitted {
  return { marketId, userIds: [], bets: [], committedAt: Date.now(), state };
}

/** What a market transaction needs to remember of the state before it, to tell what changed. */
export interface MarketSnapshot {
  row: MarketRow;
  runners: RunnerRow[];
  openOrders: Map<number, { userId: number; lapses: boolean }>;
  exposures: Map<number, number>;
}

export function snapshotMarket(market: MarketState): MarketSnapshot {
  const openOrders = new Map<number, { userId: number; lapses: boolean }>();
  for (const o of market.openOrders.values()) openOrders.set(o.id, { userId: o.userId, lapses: o.persistence === 'LAPSE' });
  const exposures = new Map<number, number>();
  for (const [userId, p] of market.positions) exposures.set(userId, p.exposurePaise);
  return { row: market.row, runners: market.runners, openOrders, exposures };
}

/**
 * A committed market transaction (cancel, status, rates, line, non-runner, settlement,
 * rollback), told from the state before and the state reloaded after: bets that left the book,
 * settled or re-opened, and users whose exposure moved (or everyone with a position when a
 * runner's status changed: their P&L per runner moved).
 */
export function marketTxCommitted(before: MarketSnapshot, after: MarketState): MarketCommitted {
  const bets: BetNotice[] = [];
  const users = new Set<number>();
  const settled = before.row.settledAt === null && after.settled;
  const rolledBack = before.row.settledAt !== null && !after.settled;
  const lapsing =
    after.row.status === 'SUSPENDED' || after.row.status === 'BALL_RUNNING' || (after.row.inPlay && !before.row.inPlay);
  const cause = causeOf(before, after);
  for (const [id, o] of before.openOrders) {
    if (after.openOrders.has(id) || settled) continue;
    const change = lapsing && o.lapses && after.row.status !== 'CLOSED' ? 'lapsed' : 'cancelled';
    bets.push(cause ? { userId: o.userId, betId: id, change, cause } : { userId: o.userId, betId: id, change });
  }
  if (settled) for (const userId of before.exposures.keys()) bets.push({ userId, betId: null, change: 'settled' });
  if (rolledBack) for (const userId of after.positions.keys()) bets.push({ userId, betId: null, change: 'rolled_back' });
  for (const b of bets) users.add(b.userId);

  const runnersMoved = before.runners.some((r) => after.runner(r.selectionId)?.status !== r.status);
  for (const userId of new Set([...before.exposures.keys(), ...after.positions.keys()])) {
    if (runnersMoved || (before.exposures.get(userId) ?? 0) !== after.positionOf(userId).exposurePaise) users.add(userId);
  }
  return { marketId: after.id, userIds: [...users], bets, committedAt: Date.now(), state: after };
}

/** The market's own change in this commit that takes unmatched rests, if any (see BetNotice.cause). */
function causeOf(before: MarketSnapshot, after: MarketState): MarketCause | undefined {
  const was = before.row;
  const now = after.row;
  if (now.status === 'CLOSED' && was.status !== 'CLOSED') return 'closed';
  if (before.runners.some((r) => r.status !== 'REMOVED' && after.runner(r.selectionId)?.status === 'REMOVED'))
    return 'non_runner';
  if (now.inPlay && !was.inPlay) return 'in_play';
  if ((now.status === 'SUSPENDED' || now.status === 'BALL_RUNNING') && now.status !== was.status) return 'suspended';
  return undefined;
}
