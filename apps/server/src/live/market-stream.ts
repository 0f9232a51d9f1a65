/**
 * One watched market's stream (ADR 22): what its subscribers were sent, and what they are owed.
 *
 * - A commit marks the stream dirty. It is flushed at most once per conflation window: the
 *   shared view is compared with the one last sent, and the changes go out as one delta with the
 *   market's next sequence number, serialized once for all of its subscribers.
 * - Positions are per user: after a flush, each affected user who watches the market gets its
 *   own position message (nobody else's socket sees it).
 * - A commit carries the market's state: the view is snapshotted then. A commit without it (the
 *   other processes' of a cluster, a group commit cut short) has the market read again, through
 *   its queue, at the flush.
 * - A failed flush (the database away) sends nothing and keeps what it owed, for a try after
 *   FLUSH_RETRY_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LivePosition } from '@exchange/contracts';
import type { MarketCommitted } from '../services/betting/index.ts';
import type { BettingService } from '../services/betting/index.ts';
import type { MarketState } from '../services/betting/index.ts';
import type { Connection, Connections } from './connections.ts';
import { marketChanges, sharedMarketView, userPosition, type SharedMarketView } from './market-frames.ts';
import { FLUSH_RETRY_MS } from './windowed-flush.ts';

/** What every stream of a hub shares. */
export interface MarketStreamDeps {
  betting: Pick<BettingService, 'committedState'>;
  connections: Connections;
  log: FastifyBaseLogger;
  conflateMs: number;
  /** The hub's counters: deltas serialized. */
  stats: { deltas: number };
  /** A delta was written to the subscribers' sockets, `lagMs` after the newest commit it carries (the metrics). */
  deltaSent: (lagMs: number) => void;
}

export class MarketStream {
  readonly subscribers = new Set<Connection>();
  /** The market's match (null for a race's market): its score goes to this stream's subscribers. */
  readonly matchId: number | null;
  seq = 0;
  /** The shared view as last sent (or as when the stream started). */
  private sent: SharedMarketView;
  private dirty = false;
  private since = 0;
  private at = 0;
  /** The newest committed view not sent yet, snapshotted when its commit was told. */
  private latest: SharedMarketView | null = null;
  /** Watching users' new positions (null: to be read with the market). */
  private positions = new Map<number, Omit<LivePosition, 'type'> | null>();
  /** Memory ran ahead of a commit: read the market through its queue at the flush. */
  private reread = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlushAt = 0;
  private flushing = false;
  /** No subscriber is left: a flush in flight sends nothing. */
  private closed = false;

  constructor(
    readonly marketId: number,
    state: MarketState,
    private readonly deps: MarketStreamDeps,
  ) {
    this.matchId = state.row.matchId;
    this.sent = sharedMarketView(state);
  }

  /** A commit on this market: its view (or a reread) and its users' positions are owed. */
  committed(event: MarketCommitted): void {
    if (!this.dirty) this.since = event.committedAt;
    this.dirty = true;
    this.at = Math.max(this.at, event.committedAt);
    for (const userId of event.userIds) if (this.watchedBy(userId)) this.positions.set(userId, null);
    const state = event.state;
    if (state) {
      // Snapshot now: the state object moves on with the next bet, before that bet commits.
      this.latest = sharedMarketView(state);
      this.reread = false;
      // Positions not touched since they were read stay as read: only this commit's users (and
      // any a commit without state left unread) are read now.
      for (const [userId, position] of this.positions)
        if (position === null) this.positions.set(userId, userPosition(state, userId));
    } else this.reread = true;
    this.schedule();
  }

  /** Commits may have been missed: the market and every subscriber's position are read again. */
  resync(now: number): void {
    if (!this.dirty) this.since = now;
    this.dirty = true;
    this.at = Math.max(this.at, now);
    this.reread = true;
    for (const connection of this.subscribers)
      if (connection.user) this.positions.set(connection.user.userId, null);
    this.schedule();
  }

  /** The hub stops: no flush is started any more. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** The last subscriber left. */
  close(): void {
    this.stop();
    this.closed = true;
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    const wait = Math.max(0, this.lastFlushAt + this.deps.conflateMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  private async flush(): Promise<void> {
    if (!this.dirty || this.closed) return;
    this.flushing = true;
    this.lastFlushAt = Date.now();
    const { since, at, reread } = this;
    let latest = this.latest;
    let positions = this.positions;
    this.dirty = false;
    this.latest = null;
    this.positions = new Map();
    this.reread = false;
    this.at = 0;
    try {
      if (reread) {
        const state = await this.deps.betting.committedState(this.marketId);
        if (this.closed) return;
        latest = sharedMarketView(state);
        positions = new Map([...positions.keys()].map((userId) => [userId, userPosition(state, userId)]));
      }
      const changes = latest && marketChanges(this.sent, latest);
      if (latest && changes) {
        this.seq++;
        this.sent = latest;
        this.deps.connections.broadcast(this.subscribers, {
          type: 'market_delta',
          market_id: this.marketId,
          seq: this.seq,
          at,
          since,
          changes,
        });
        this.deps.stats.deltas++;
        this.deps.deltaSent(Date.now() - at);
      }
      for (const [userId, position] of positions) {
        const watching = [...(this.deps.connections.ofUser(userId) ?? [])].filter((c) =>
          this.subscribers.has(c),
        );
        if (position && watching.length > 0)
          this.deps.connections.broadcast(watching, { type: 'position', ...position });
      }
    } catch (error) {
      this.deps.log.warn({ err: error, marketId: this.marketId }, 'live: market flush failed');
      // Nothing was sent: the change is still owed. Read the market again at the next window
      // (its subscribers would otherwise hold the old book until some later change).
      if (!this.closed) {
        this.dirty = true;
        this.reread = true;
        this.since = this.since || since;
        this.at = Math.max(this.at, at);
        for (const userId of positions.keys()) this.positions.set(userId, null);
        // Not at the next window: a database restart takes seconds, and every stream would try.
        this.lastFlushAt = Date.now() + FLUSH_RETRY_MS - this.deps.conflateMs;
      }
    } finally {
      this.flushing = false;
      if (this.dirty) this.schedule();
    }
  }

  private watchedBy(userId: number): boolean {
    for (const connection of this.deps.connections.ofUser(userId) ?? [])
      if (this.subscribers.has(connection)) return true;
    return false;
  }
}
