/**
 * The bet queue (docs/adr/0015-bet-path.md, ADR 31, ADR 45): the path of one bet, top to bottom.
 *
 *   1. check on arrival      risk.ts: refused at once what the market refuses now;
 *   2. the bet delay         bet-delay.ts: in play, the market's delay;
 *   3. the market's lane     market-cache.ts: bets and changes of a market one at a time, in
 *                            arrival order; bets wait in their market's open batch;
 *   4. recheck after delay   risk.ts again, on the state the bet is matched against (bet-alone.ts);
 *   5. matching              matching.ts: against the book in memory, or priced by the house;
 *   6. the writer            ../money/: one group commit for every batch ready, or alone;
 *   7. commit events         commits.ts: told after the commit, then the bettor is answered.
 *
 * Group commit: when a market's batch has its turn in the lane it is ready, and every batch ready
 * at that moment, on this market or any other, goes out in the same commit: one transaction and
 * one round trip (markets, then accounts, locked in id order; each bet checked as if alone).
 * While that commit is in flight, the next batches fill up. A bet the batch cannot take as
 * planned (after a bet of its market that was not written) is placed alone afterwards, still in
 * its market's lane (bet-alone.ts).
 */
import type { PlacedBet } from '@exchange/contracts';
import { AppError } from '../../lib/errors.ts';
import { orderByClientRef, writeBetBatches, type BatchOutcome } from '../money/index.ts';
import { placedAnswer, repeatAnswer } from './answers.ts';
import { LoneBets, type LoneBetDeps } from './bet-alone.ts';
import { waitBetDelay } from './bet-delay.ts';
import { betForLimits, type BettorCheck } from './bettor-limits.ts';
import type { BetRequest, PlaceOptions } from './bet-request.ts';
import { betCommitted, versionMoved } from './commits.ts';
import type { MarketState } from './market-state.ts';
import type { Pending } from './matching.ts';
import { refuse } from './refusals.ts';
import { checkBet } from './risk.ts';

interface QueuedBet {
  req: BetRequest;
  resolve: (bet: PlacedBet) => void;
  reject: (error: unknown) => void;
}

/** A market's batch whose turn in the lane has come, waiting for the next group commit. */
interface ReadyBatch {
  marketId: number;
  bets: QueuedBet[];
  /** Hands back, to the lane after the commit, what is left: bets to place alone, refusals to settle. */
  done: (left: LeftOver) => void;
}

/** What a group commit leaves to its market's lane: bets placed alone, then refusals settled. */
interface LeftOver {
  /** The state the batch was rechecked on (none: the batch did not get that far). */
  market?: MarketState;
  alone: QueuedBet[];
  refused: { q: QueuedBet; error: unknown }[];
}

/** A batch's bets matched in memory, in order, and those the recheck after the delay refused. */
interface PlannedBatch {
  batch: ReadyBatch;
  market: MarketState;
  planned: { q: QueuedBet; pending: Pending }[];
  refused: { q: QueuedBet; error: unknown }[];
}

/** Most bets one market's batch takes. */
const MAX_BATCH = 64;
/** Most bets one group commit takes, over all its markets. */
const MAX_COMMIT = 512;
/**
 * Group commits in flight at once. One: the bets that arrive meanwhile make the next commit
 * larger, which costs less per bet than a second commit in parallel (measured: two in flight
 * gave smaller commits and no better rate on 2 cores). Two would be safe: a market is in one
 * commit at a time (its lane waits for it), and both lock markets, then accounts, in id order.
 */
const MAX_IN_FLIGHT = 1;

/** The lone path's parts; `writer` is the one-bet write (group commit with the statement writer only). */
export interface BetQueueDeps extends LoneBetDeps {
  groupCommit: boolean;
  sleep: (ms: number) => Promise<void>;
  /** The bettor's own and his agent's limits (bettor-limits.ts), judged after the market's checks. */
  checkBettor?: BettorCheck;
  /** Told of a group commit that failed (other than a lost race): its bets are then placed alone. */
  onCommitError?: (error: unknown) => void;
}

export class BetQueue {
  /**
   * Transactions of group commits (and how many were written set-wise, as one statement), the
   * markets' batches written in them, and their bets; the group commits that failed (nothing
   * written, their bets placed alone).
   */
  readonly stats = { commits: 0, setwiseCommits: 0, batches: 0, batchedBets: 0, failedCommits: 0 };
  /** Per market, the batch still taking newcomers. */
  private readonly open = new Map<number, QueuedBet[]>();
  private ready: ReadyBatch[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly alone: LoneBets;

  constructor(private readonly deps: BetQueueDeps) {
    this.alone = new LoneBets(deps);
  }

  /** Changes of a market queued after this call must not be overtaken by bets arriving later. */
  closeBatch(marketId: number): void {
    this.open.delete(marketId);
  }

  /** Places a bet on `market` (as the service found it for the request): the path above, steps 1 to 7. */
  async place(req: BetRequest, market: MarketState, options: PlaceOptions): Promise<PlacedBet> {
    try {
      await this.checkOnArrival(market, req);
      // Inside the try: a repeat of an accepted bet gets its first answer, though the first one
      // may have used up the limit it would now be judged against.
      const limits = this.deps.checkBettor ? await this.deps.checkBettor(betForLimits(market, req)) : undefined;
      await waitBetDelay(market, options, this.deps.sleep, limits?.extraDelayMs);
      return await (this.deps.groupCommit ? this.joinBatch(req) : this.placeInLane(req));
    } catch (error) {
      // A repeat of an accepted bet gets its first answer even if the market has moved on since.
      if (req.clientRef && error instanceof AppError && error.code !== 'DUPLICATE_BET') {
        const existing = await orderByClientRef(this.deps.db, req.userId, req.clientRef);
        if (existing) return repeatAnswer(this.deps.db, existing, req);
      }
      throw error;
    }
  }

  /**
   * Refuses at once, before any delay or queue, what the market refuses now. A refusal from
   * memory another process has moved past (reopened the market, moved its rates) is left to the
   * recheck after the delay, on the reloaded state.
   */
  private async checkOnArrival(market: MarketState, req: BetRequest): Promise<void> {
    try {
      checkBet(market, req, this.deps.clock);
    } catch (error) {
      if (!(error instanceof AppError) || !(await this.deps.cache.isBehind(market))) throw error;
    }
  }

  /** Without group commit: the bet alone, in its market's lane. */
  private placeInLane(req: BetRequest): Promise<PlacedBet> {
    this.closeBatch(req.marketId);
    return this.deps.cache.chain(req.marketId, () => this.alone.place(req));
  }

  /** Joins the market's open batch, or opens one, which takes its turn in the lane. */
  private joinBatch(req: BetRequest): Promise<PlacedBet> {
    return new Promise<PlacedBet>((resolve, reject) => {
      const queued: QueuedBet = { req, resolve, reject };
      const open = this.open.get(req.marketId);
      if (open && open.length < MAX_BATCH) {
        open.push(queued);
        return;
      }
      const bets = [queued];
      this.open.set(req.marketId, bets);
      void this.deps.cache.chain(req.marketId, async () => {
        const left = await new Promise<LeftOver>((done) => {
          this.ready.push({ marketId: req.marketId, bets, done });
          this.schedule();
        });
        await this.settleLeftOver(left);
      });
    });
  }

  /** After the commit, in the lane: the bets to place alone, in order, then the refusals. */
  private async settleLeftOver({ market, alone, refused }: LeftOver): Promise<void> {
    for (const q of alone) {
      try {
        q.resolve(await this.alone.place(q.req));
      } catch (error) {
        q.reject(error);
      }
    }
    for (const { q, error } of refused) {
      try {
        // Refused on a state that is not the database's (another process moved the market, or
        // the commit was cut short): decided alone, on the reloaded state.
        if (market && (await this.deps.cache.isBehind(market))) q.resolve(await this.alone.place(q.req));
        else q.reject(error);
      } catch (e) {
        q.reject(e);
      }
    }
  }

  /** Starts the next group commit once the one in flight is done, after this turn's arrivals. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.ready.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.commitReady();
    });
  }

  private async commitReady(): Promise<void> {
    if (this.inFlight >= MAX_IN_FLIGHT) return;
    const taken: ReadyBatch[] = [];
    let bets = 0;
    while (this.ready.length > 0 && (taken.length === 0 || bets + this.ready[0]!.bets.length <= MAX_COMMIT)) {
      const batch = this.ready.shift()!;
      // From here on, newcomers to its market start the next batch.
      if (this.open.get(batch.marketId) === batch.bets) this.open.delete(batch.marketId);
      taken.push(batch);
      bets += batch.bets.length;
    }
    if (taken.length === 0) return;
    this.inFlight++;
    this.schedule();
    try {
      // A bet with nothing to share a commit with takes the one-statement path.
      if (bets === 1) taken[0]!.done({ alone: taken[0]!.bets, refused: [] });
      else await this.commitTogether(taken);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }

  /** Steps 4 to 7 for every ready batch: recheck and match in memory, one commit, events and answers. */
  private async commitTogether(batches: ReadyBatch[]): Promise<void> {
    const planned = await this.planBatches(batches);
    const writing = planned.filter((g) => g.planned.length > 0);
    let commit: Awaited<ReturnType<typeof writeBetBatches>>;
    let failed = false;
    const startedAt = performance.now();
    try {
      // Undefined: the commit lost a race and wrote nothing; its bets are placed alone.
      commit = writing.length > 0 ? await writeBetBatches(this.deps.db, writing.map((g) => g.planned.map((p) => p.pending.plan))) : undefined;
    } catch (error) {
      // Nothing was written. The error may be one bet's (a constraint it breaks) or everyone's
      // (the database gone): each bet is placed alone, as after a lost race, and so gets its own
      // answer, the error included when it is its own; the commit's error is reported, not kept.
      this.stats.failedCommits++;
      this.deps.onCommitError?.(error);
      commit = undefined;
      failed = true;
    }
    if (writing.length > 0) {
      const bets = commit?.outcomes.reduce((sum, o) => sum + o.written.length, 0) ?? 0;
      this.deps.writes.emit({ bets, durationMs: performance.now() - startedAt, failed });
    }
    if (commit?.outcomes.some((o) => o.written.length > 0)) {
      this.stats.commits++;
      if (commit.setwise) this.stats.setwiseCommits++;
    }
    const outcomeOf = new Map(writing.map((g, i) => [g, commit?.outcomes[i] ?? { written: [] }]));
    for (const group of planned) this.answerBatch(group, outcomeOf.get(group) ?? { written: [] });
  }

  /**
   * Each batch's bets rechecked (the recheck after the delay) and matched in memory, one after
   * another; memory moves ahead bet by bet, and is reloaded if the write fails.
   */
  private async planBatches(batches: readonly ReadyBatch[]): Promise<PlannedBatch[]> {
    const { cache, matcher, clock } = this.deps;
    let states: Map<number, MarketState>;
    try {
      states = await cache.statesOf(batches.map((b) => b.marketId));
    } catch (error) {
      for (const batch of batches) {
        for (const q of batch.bets) q.reject(error);
        batch.done({ alone: [], refused: [] });
      }
      return [];
    }
    const out: PlannedBatch[] = [];
    for (const batch of batches) {
      const market = states.get(batch.marketId);
      if (!market) {
        for (const q of batch.bets) q.reject(refuse.marketNotFound());
        batch.done({ alone: [], refused: [] });
        continue;
      }
      const group: PlannedBatch = { batch, market, planned: [], refused: [] };
      try {
        for (const q of batch.bets) {
          let price: number;
          try {
            price = checkBet(market, q.req, clock);
          } catch (error) {
            group.refused.push({ q, error });
            continue;
          }
          const pending = await matcher.plan(market, q.req, price);
          matcher.apply(market, pending);
          group.planned.push({ q, pending });
        }
      } catch (error) {
        cache.markStale(batch.marketId);
        for (const q of batch.bets) q.reject(error);
        batch.done({ alone: [], refused: [] });
        continue;
      }
      out.push(group);
    }
    return out;
  }

  /** Commit events and answers for the bets written; the rest handed back to the lane. */
  private answerBatch(group: PlannedBatch, outcome: BatchOutcome): void {
    const { planned, market } = group;
    outcome.written.forEach((w, i) => {
      const { q, pending } = planned[i]!;
      // Memory holds the whole batch: it is the state committed by the last bet only, and only
      // if all of it was written. The bets before it go without a state, so a listener takes one
      // snapshot per batch, not one per bet.
      const last = i === planned.length - 1;
      this.deps.committed.emit(betCommitted(pending.plan, last ? market : null));
      q.resolve(placedAnswer(pending.plan.order, false, w.balancePaise, w.exposurePaise));
    });
    if (outcome.written.length > 0) {
      this.stats.batches++;
      this.stats.batchedBets += outcome.written.length;
    }
    let alone: QueuedBet[] = [];
    if (outcome.written.length < planned.length) {
      // Memory ran ahead of what was written: reload, and place the rest one by one.
      this.deps.cache.markStale(market.id);
      // A bet refused for funds or found a repeat wrote the version alone: with nothing written
      // before it, no event tells the market's watchers (the view carries the version).
      if (outcome.written.length === 0 && outcome.stopped !== undefined && outcome.stopped !== 'stale')
        this.deps.committed.emit(versionMoved(market.id, null));
      alone = planned.slice(outcome.written.length).map((p) => p.q);
      if (outcome.stopped === 'funds') {
        // Refused on exactly the state it would have met alone.
        alone[0]!.reject(refuse.insufficientFunds());
        alone = alone.slice(1);
      }
    }
    group.batch.done({ market, alone, refused: group.refused });
  }
}
