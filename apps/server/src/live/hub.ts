/**
 * The live push hub of one server process (ADR 22): it composes the sockets and the channels
 * they hear, and wires them to where changes are told.
 *
 * - connections.ts: the sockets, their authentication, the heartbeat (which re-checks sessions),
 *   and sending, one serialization per frame, with the slow consumer rule.
 * - market-channel.ts and market-stream.ts: subscriptions, images, and each watched market's
 *   conflated deltas and its watchers' positions.
 * - match-channel.ts: each watched match's `match_score`.
 * - user-channel.ts: each connected user's balance and bet changes.
 * - console-nudges.ts (ADR 36): a user's balance or exposure moved, or a payment request of its
 *   was made or decided; every connected agent and root above it hears `console` once per topic
 *   and window.
 * - notifications (ADR 51): each notification stored for a user goes to that user's sockets as
 *   it comes, from this process's store or from another process's over the bus.
 *
 * Every channel flushes at most once per conflation window (100 ms), after the commits it
 * carries; a flush that failed (the database away) keeps what it owes and tries again later.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_LIMITS } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';
import { CommitFeed, type MarketCommitted, type MatchCommitted } from '../services/betting/index.ts';
import type { BettingService } from '../services/betting/index.ts';
import type { StoredNotification } from '../services/notifications/index.ts';
import type { SessionStore } from '../services/sessions.ts';
import { Connections, type LiveSocket } from './connections.ts';
import { ConsoleNudges } from './console-nudges.ts';
import { MarketChannel } from './market-channel.ts';
import { MatchChannel } from './match-channel.ts';
import { UserChannel } from './user-channel.ts';
import { FLUSH_RETRY_MS } from './windowed-flush.ts';

export interface LiveOptions {
  conflateMs?: number;
  /** The console nudges' window (LIVE_LIMITS.consoleConflateMs by default). */
  consoleConflateMs?: number;
  heartbeatMs?: number;
  authTimeoutMs?: number;
  maxMarketsPerSocket?: number;
  /** Sockets one user may hold open (tabs, devices); the oldest is closed beyond it. */
  maxSocketsPerUser?: number;
  /** A socket whose unsent bytes exceed this is a slow consumer and is closed. */
  maxBufferedBytes?: number;
  /**
   * Hold the sockets in a child process, the socket host (ADR 62): fan-out off the loop that runs
   * the bet path. Off by default; server.ts turns it on with LIVE_SOCKET_HOST=1.
   */
  socketHost?: boolean;
}

export interface LiveDeps {
  db: Db;
  betting: BettingService;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  /** The app's clock: whether a match has started (its state) is read against it. */
  clock: Clock;
}

/** Where the hub hears of changes outside the betting service: each takes a listener, returns the unsubscribe. */
type Source<E> = (listener: (event: E) => void) => () => void;
export interface LiveSources {
  /** A user's balance moved outside betting (the casino wallet, a payment's decision). */
  balances: Source<number>[];
  /** A payment request of this user was made or decided. */
  paymentRequests: Source<number>[];
  /** Markets changed by the other processes of a cluster (ADR 37): without state, read again here. */
  markets?: Source<MarketCommitted>[];
  /** Match rows or results changed by the other processes. */
  matches?: Source<MatchCommitted>[];
  /** The broker went down or came back: commits of the others may have been missed. */
  resyncs?: Source<boolean>[];
  /** A notification stored for a user, here or by another process (ADR 51): sent as it is. */
  notifications?: Source<StoredNotification>[];
}

export class LiveHub {
  private readonly connections: Connections;
  private readonly markets: MarketChannel;
  private readonly matches: MatchChannel;
  private readonly users: UserChannel;
  private readonly consoles: ConsoleNudges;
  private readonly stops: (() => void)[] = [];
  /** Deltas and position messages sent (tests and the bench read it). */
  readonly stats = { deltas: 0, frames: 0, slowConsumers: 0, matchScores: 0, notifications: 0 };
  /** A socket whose unsent bytes pass this is a slow consumer (the socket host applies it too). */
  readonly maxBufferedBytes: number;
  /** Told of each market delta written: how long after its newest commit (the metrics, ADR 61). */
  private readonly deltasSent = new CommitFeed<number>();

  constructor(
    private readonly deps: LiveDeps,
    options: LiveOptions = {},
  ) {
    const conflateMs = options.conflateMs ?? LIVE_LIMITS.conflateMs;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    const maxMarkets = options.maxMarketsPerSocket ?? LIVE_LIMITS.maxMarketsPerSocket;
    const { db, betting, log } = deps;
    const stats = this.stats;
    const warn = (what: string) => (error: unknown) => log.warn({ err: error }, `live: ${what} flush failed`);
    this.connections = new Connections({
      sessions: deps.sessions,
      log,
      stats,
      limits: {
        heartbeatMs: options.heartbeatMs ?? LIVE_LIMITS.heartbeatMs,
        authTimeoutMs: options.authTimeoutMs ?? LIVE_LIMITS.authTimeoutMs,
        maxMarkets,
        maxSocketsPerUser: options.maxSocketsPerUser ?? 20,
        maxBufferedBytes: this.maxBufferedBytes,
      },
      events: {
        subscribe: (connection, marketIds) => this.markets.subscribe(connection, marketIds),
        unsubscribe: (connection, marketIds) => this.markets.unsubscribe(connection, marketIds),
        dropped: (connection) => this.markets.dropped(connection),
      },
    });
    const { connections } = this;
    const windowed = { connections, windowMs: conflateMs, retryMs: FLUSH_RETRY_MS };
    this.users = new UserChannel({ ...windowed, db, onError: warn('user') });
    this.matches = new MatchChannel({ ...windowed, db, clock: deps.clock, stats, onError: warn('match') });
    this.markets = new MarketChannel({
      betting,
      connections,
      log,
      stats,
      conflateMs,
      maxMarkets,
      deltaSent: (lagMs) => this.deltasSent.emit(lagMs),
      streamOpened: (stream) => this.matches.watch(stream),
      streamClosed: (stream) => this.matches.unwatch(stream),
    });
    this.consoles = new ConsoleNudges({
      db,
      windowMs: options.consoleConflateMs ?? LIVE_LIMITS.consoleConflateMs,
      anyConsole: () => connections.anyConsole,
      connected: (userId) => connections.isConnected(userId),
      deliver: (topic, userIds) => connections.broadcastToUsers(userIds, { type: 'console', topic }),
      onError: warn('console'),
    });
  }

  /** Starts listening to commits and the heartbeat. */
  start(sources: LiveSources): void {
    const { betting } = this.deps;
    this.stops.push(betting.onCommitted((event) => this.marketCommitted(event)));
    this.stops.push(betting.onMatchCommitted((event) => this.matches.committed(event)));
    for (const source of sources.balances) this.stops.push(source((userId) => this.balanceMoved(userId)));
    for (const source of sources.paymentRequests)
      this.stops.push(source((userId) => this.consoles.nudge(userId, 'payment_requests')));
    for (const source of sources.markets ?? [])
      this.stops.push(source((event) => this.marketCommitted({ ...event, state: null })));
    for (const source of sources.matches ?? [])
      this.stops.push(source((event) => this.matches.committed(event)));
    for (const source of sources.resyncs ?? []) this.stops.push(source(() => this.resync()));
    for (const source of sources.notifications ?? [])
      this.stops.push(source((stored) => this.notify(stored)));
    this.connections.start();
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.users.stop();
    this.matches.stop();
    this.consoles.stop();
    this.markets.stop();
    this.connections.stop();
  }

  get socketCount(): number {
    return this.connections.count;
  }

  /** Markets watched over every socket here. */
  get subscriptionCount(): number {
    return this.connections.subscriptionCount;
  }

  /** Calls `listener` with the push lag (ms from the newest commit it carries) of each market delta written. */
  onMarketDelta(listener: (lagMs: number) => void): () => void {
    return this.deltasSent.on(listener);
  }

  /** A new socket: authenticated by `token` (query) at once, or by its first message. */
  accept(socket: LiveSocket, token: string | null): void {
    this.connections.accept(socket, token);
  }

  private marketCommitted(event: MarketCommitted): void {
    this.markets.committed(event);
    // Their balance or exposure may have moved: their upline's console lists show it.
    for (const userId of event.userIds) this.consoles.nudge(userId, 'downline');
    this.users.committed(event);
    this.matches.mainMarketCommitted(event);
  }

  /** A notification of a user's: to each of the user's sockets here, at once (no window: each is its own message). */
  private notify(stored: StoredNotification): void {
    if (!this.connections.isConnected(stored.userId)) return;
    this.stats.notifications++;
    this.connections.broadcastToUsers([stored.userId], { type: 'notification', notification: stored.notification });
  }

  /** A balance moved outside betting (the casino wallet, a payment). */
  private balanceMoved(userId: number): void {
    this.consoles.nudge(userId, 'downline');
    this.users.balanceMoved(userId);
  }

  /**
   * Everything watched is read again and what differs from what was sent goes out: after the
   * broker came back, the other processes' commits of the gap are in the database, not heard;
   * after a process is found gone, its last commits may be too (the cluster calls it, ADR 65).
   */
  resync(): void {
    const now = Date.now();
    this.markets.resync(now);
    this.matches.resync(now);
    this.users.resync();
  }
}
