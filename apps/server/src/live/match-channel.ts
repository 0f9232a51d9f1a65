/**
 * The match channel (ADR 22): whoever watches any market of a match hears the match's score
 * (`match_score`). A match row the feed changed (its score, in play, finished), or the settlement
 * of the market holding its result, marks the match; one read of all marked matches per
 * conflation window, and each match's frame is serialized once for every socket subscribed to any
 * of its markets, and only when it differs from the one last sent.
 */
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';
import type { MarketCommitted, MatchCommitted } from '../services/betting/index.ts';
import { matchScores, mayDecideMatch } from '../services/match-state.ts';
import type { Connection, Connections } from './connections.ts';
import { WindowedFlush } from './windowed-flush.ts';

/** A watched market, as far as its match's score is concerned. */
export interface MatchWatchers {
  readonly matchId: number | null;
  readonly subscribers: ReadonlySet<Connection>;
}

export interface MatchChannelDeps {
  db: Db;
  /** The app's clock: whether a match has started (its state) is read against it. */
  clock: Clock;
  connections: Connections;
  windowMs: number;
  retryMs: number;
  onError: (error: unknown) => void;
  /** The hub's counters: scores sent. */
  stats: { matchScores: number };
}

export class MatchChannel {
  /** The streamed markets of each match: who hears the match's score. */
  private readonly watched = new Map<number, Set<MatchWatchers>>();
  /** Matches changed since the last flush, with the newest change's time. */
  private pending = new Map<number, number>();
  /** The last `match_score` sent per watched match, to send nothing when nothing changed. */
  private readonly sentScores = new Map<number, string>();
  /** Main markets seen settled: their rollback can take a match's result away again. */
  private readonly settledMain = new Map<number, number>();
  private readonly flush: WindowedFlush;

  constructor(private readonly deps: MatchChannelDeps) {
    this.flush = WindowedFlush.of(deps, () => this.send(), () => this.pending.size > 0);
  }

  /** A market of a match got its first subscriber here. */
  watch(market: MatchWatchers): void {
    if (market.matchId === null) return;
    let ofMatch = this.watched.get(market.matchId);
    if (!ofMatch) this.watched.set(market.matchId, (ofMatch = new Set()));
    ofMatch.add(market);
  }

  /** A market lost its last subscriber: with the match's last one, the match is forgotten. */
  unwatch(market: MatchWatchers): void {
    const ofMatch = market.matchId === null ? undefined : this.watched.get(market.matchId);
    if (ofMatch?.delete(market) && ofMatch.size === 0) {
      const matchId = market.matchId!;
      this.watched.delete(matchId);
      this.sentScores.delete(matchId);
      for (const [marketId, ofThat] of this.settledMain)
        if (ofThat === matchId) this.settledMain.delete(marketId);
    }
  }

  /**
   * The match's result is its main market's (ADR 27): that market settling or rolling back
   * changes the match's state, whether or not anyone streams that market itself.
   */
  mainMarketCommitted(event: MarketCommitted): void {
    // A commit without state (a group commit cut short) is a bet, and bets do not settle markets.
    const row = event.state?.row;
    const matchId = row?.matchId;
    if (
      !row ||
      matchId === null ||
      matchId === undefined ||
      !mayDecideMatch(row.marketType) ||
      !this.watched.has(matchId)
    )
      return;
    const wasSettled = this.settledMain.has(event.marketId);
    if (row.settledAt !== null) this.settledMain.set(event.marketId, matchId);
    else this.settledMain.delete(event.marketId);
    // A rollback of a market settled before anyone here watched it is known by its bets.
    const rolledBack = wasSettled || event.bets.some((b) => b.change === 'rolled_back');
    if (row.settledAt !== null || rolledBack) this.committed({ matchId, committedAt: event.committedAt });
  }

  /** A match row changed (the feed's score, in play, listed): its watchers hear it in the next window. */
  committed(event: MatchCommitted): void {
    if (!this.watched.has(event.matchId)) return;
    this.pending.set(event.matchId, Math.max(this.pending.get(event.matchId) ?? 0, event.committedAt));
    this.flush.schedule();
  }

  /** Every watched match is read again (the broker came back: changes may have been missed). */
  resync(now: number): void {
    for (const matchId of this.watched.keys()) this.pending.set(matchId, now);
    if (this.pending.size > 0) this.flush.schedule();
  }

  stop(): void {
    this.flush.stop();
  }

  private async send(): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    const watched = [...pending.keys()].filter((matchId) => this.watched.has(matchId));
    // One read for every match changed in this window, after the writes that changed them.
    const scores = await matchScores(this.deps.db, watched, this.deps.clock()).catch((error: unknown) => {
      // The database away: the scores are owed still (the flush tries again after its backoff).
      for (const [matchId, at] of pending) if (!this.pending.has(matchId)) this.pending.set(matchId, at);
      throw error;
    });
    for (const [matchId, fields] of scores) {
      const markets = this.watched.get(matchId);
      if (!markets) continue;
      const shown = JSON.stringify(fields);
      if (this.sentScores.get(matchId) === shown) continue;
      this.sentScores.set(matchId, shown);
      const to = new Set<Connection>();
      for (const market of markets) for (const connection of market.subscribers) to.add(connection);
      this.deps.connections.broadcast(to, {
        type: 'match_score',
        match_id: matchId,
        ...fields,
        at: pending.get(matchId)!,
      });
      this.deps.stats.matchScores++;
    }
  }
}
