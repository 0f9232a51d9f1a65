/**
 * The live push hub of one server process (ADR 22): authenticated sockets, their market
 * subscriptions and the user channel.
 *
 * - A commit of the betting service marks its market dirty. Each market is flushed at most once
 *   per conflation window (100 ms): the shared view is rebuilt from memory, compared with the
 *   one last sent, and the changes go out as one delta with the market's next sequence number,
 *   serialized once for all of its subscribers.
 * - Positions are per user: after a flush, each affected user who watches the market gets its
 *   own position message (nobody else's socket sees it).
 * - The user channel is coalesced the same way: one balance read for all affected users who are
 *   connected, then each gets its balance and bet changes.
 * - So is the match channel: a match row the feed changed (its score, in play, finished), or the
 *   settlement of the market holding its result, marks the match; one read of all marked
 *   matches per window, and each match's `match_score` is serialized once for every socket
 *   subscribed to any of its markets.
 * - The console's nudges (ADR 36): a user's balance or exposure moved, or a payment request of
 *   its was made or decided; every connected agent and root above it hears `console` once per
 *   topic and window (console-nudges.ts).
 */
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_LIMITS,
  LiveClientMessage,
  type LiveBetChangeKind,
  type LivePosition,
  type LiveServerMessage,
} from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema/index.ts';
import { AppError, passwordChangeRequired, SESSION_EXPIRED_MESSAGE } from '../lib/errors.ts';
import { balanceView } from '../services/money/index.ts';
import type { MarketCommitted, MatchCommitted } from '../services/betting/commits.ts';
import type { BettingService } from '../services/betting/service.ts';
import type { MarketState } from '../services/betting/market-state.ts';
import type { AuthUser, SessionCheck, SessionStore } from '../services/sessions.ts';
import type { Clock } from '../lib/time.ts';
import { matchScores, mayDecideMatch } from '../services/match-state.ts';
import { ConsoleNudges } from './console-nudges.ts';
import { marketChanges, marketImage, sharedMarketView, userPosition, type SharedMarketView } from './market-frames.ts';
import { WindowedFlush } from './windowed-flush.ts';

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
}

export interface LiveDeps {
  db: Db;
  betting: BettingService;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  /** The app's clock: whether a match has started (its state) is read against it. */
  clock: Clock;
}

interface Client {
  socket: WebSocket;
  user: AuthUser | null;
  token: string | null;
  markets: Set<number>;
  alive: boolean;
  authTimer: ReturnType<typeof setTimeout> | null;
}

interface MarketStream {
  marketId: number;
  /** The market's match (null for a race's market): its score goes to this stream's subscribers. */
  matchId: number | null;
  subscribers: Set<Client>;
  seq: number;
  /** The shared view as last sent (or as when the stream started). */
  sent: SharedMarketView;
  dirty: boolean;
  since: number;
  at: number;
  /** The newest committed view not sent yet, snapshotted when its commit was told. */
  latest: SharedMarketView | null;
  /** Watching users' new positions (null: to be read with the market). */
  positions: Map<number, Omit<LivePosition, 'type'> | null>;
  /** Memory ran ahead of a commit: read the market through its queue at the flush. */
  reread: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  lastFlushAt: number;
  flushing: boolean;
}

interface PendingUser {
  balance: boolean;
  bets: { market_id: number; bet_id: number | null; change: LiveBetChangeKind }[];
}

const OPEN = 1;
/** How long a subscriber's image is tried again while the database is away. */
const IMAGE_RETRY_MS = 15_000;
/** After a failed flush (the database away), the wait before the next try. */
const FLUSH_RETRY_MS = 1_000;

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
}

export class LiveHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly streams = new Map<number, MarketStream>();
  /** The streamed markets of each match: who hears the match's score. */
  private readonly matchStreams = new Map<number, Set<MarketStream>>();
  /** Matches changed since the last match flush, with the newest change's time. */
  private pendingMatches = new Map<number, number>();
  /** The last `match_score` sent per watched match, to send nothing when nothing changed. */
  private readonly sentScores = new Map<number, string>();
  /** Main markets seen settled: their rollback can take a match's result away again. */
  private readonly settledMain = new Map<number, number>();
  private readonly matchFlush: WindowedFlush;
  private pendingUsers = new Map<number, PendingUser>();
  private readonly userFlush: WindowedFlush;
  private readonly consoles: ConsoleNudges;
  /** Authenticated sockets of agents and the root. */
  private consoleSockets = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private readonly stops: (() => void)[] = [];
  private readonly conflateMs: number;
  private readonly heartbeatMs: number;
  private readonly authTimeoutMs: number;
  private readonly maxMarkets: number;
  private readonly maxSocketsPerUser: number;
  private readonly maxBufferedBytes: number;
  /** Deltas and position messages sent (tests and the bench read it). */
  readonly stats = { deltas: 0, frames: 0, slowConsumers: 0, matchScores: 0 };

  constructor(
    private readonly deps: LiveDeps,
    options: LiveOptions = {},
  ) {
    this.conflateMs = options.conflateMs ?? LIVE_LIMITS.conflateMs;
    this.heartbeatMs = options.heartbeatMs ?? LIVE_LIMITS.heartbeatMs;
    this.authTimeoutMs = options.authTimeoutMs ?? LIVE_LIMITS.authTimeoutMs;
    this.maxMarkets = options.maxMarketsPerSocket ?? LIVE_LIMITS.maxMarketsPerSocket;
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? 20;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    const warn = (what: string) => (error: unknown) => this.deps.log.warn({ err: error }, `live: ${what} flush failed`);
    this.userFlush = new WindowedFlush(this.conflateMs, () => this.flushUsers(), () => this.pendingUsers.size > 0, warn('user'), FLUSH_RETRY_MS);
    this.matchFlush = new WindowedFlush(this.conflateMs, () => this.flushMatches(), () => this.pendingMatches.size > 0, warn('match'), FLUSH_RETRY_MS);
    this.consoles = new ConsoleNudges({
      db: deps.db,
      windowMs: options.consoleConflateMs ?? LIVE_LIMITS.consoleConflateMs,
      anyConsole: () => this.consoleSockets > 0,
      connected: (userId) => this.byUser.has(userId),
      deliver: (topic, userIds) => this.broadcast([...userIds].flatMap((userId) => [...(this.byUser.get(userId) ?? [])]), { type: 'console', topic }),
      onError: warn('console'),
    });
  }

  /** Starts listening to commits and the heartbeat. */
  start(sources: LiveSources): void {
    this.stops.push(this.deps.betting.onCommitted((event) => this.committed(event)));
    this.stops.push(this.deps.betting.onMatchCommitted((event) => this.matchCommitted(event)));
    for (const source of sources.balances) this.stops.push(source((userId) => this.userChanged(userId)));
    for (const source of sources.paymentRequests) this.stops.push(source((userId) => this.consoles.nudge(userId, 'payment_requests')));
    for (const source of sources.markets ?? []) this.stops.push(source((event) => this.committed({ ...event, state: null })));
    for (const source of sources.matches ?? []) this.stops.push(source((event) => this.matchCommitted(event)));
    for (const source of sources.resyncs ?? []) this.stops.push(source(() => this.resync()));
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.userFlush.stop();
    this.matchFlush.stop();
    this.consoles.stop();
    for (const stream of this.streams.values()) if (stream.timer) clearTimeout(stream.timer);
    for (const client of this.clients) client.socket.close(LIVE_CLOSE.SHUTTING_DOWN, 'server shutting down');
  }

  get socketCount(): number {
    return this.clients.size;
  }

  // ---- sockets ------------------------------------------------------------------------------

  /** A new socket: authenticated by `token` (query) at once, or by its first message. */
  accept(socket: WebSocket, token: string | null): void {
    const client: Client = { socket, user: null, token: null, markets: new Set(), alive: true, authTimer: null };
    this.clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (data: RawData) => void this.receive(client, data));
    socket.on('close', () => this.drop(client));
    socket.on('error', () => this.drop(client));
    if (token) void this.authenticate(client, token);
    else {
      client.authTimer = setTimeout(() => this.refuse(client, LIVE_CLOSE.AUTH_TIMEOUT, 'No auth message in time'), this.authTimeoutMs);
    }
  }

  private async receive(client: Client, data: RawData): Promise<void> {
    client.alive = true;
    let message: LiveClientMessage;
    try {
      message = LiveClientMessage.parse(JSON.parse(String(data)));
    } catch {
      // Who first, then what (ADR 25): an anonymous socket learns nothing about the messages.
      if (client.user) this.send(client, { type: 'error', code: 'BAD_MESSAGE', message: 'Not a message this server knows' });
      else this.refuse(client, LIVE_CLOSE.UNAUTHORIZED, 'Authenticate first');
      return;
    }
    if (message.op === 'auth') {
      if (!client.user) await this.authenticate(client, message.token);
      return;
    }
    if (!client.user) {
      this.refuse(client, LIVE_CLOSE.UNAUTHORIZED, 'Authenticate first');
      return;
    }
    if (message.op === 'subscribe') await this.subscribe(client, message.market_ids);
    else this.unsubscribe(client, message.market_ids);
  }

  private async authenticate(client: Client, token: string): Promise<void> {
    let check: SessionCheck;
    try {
      check = await this.deps.sessions.authenticate(token);
    } catch (error) {
      // The database is away, not the session: "try again later" (1013) makes the client reconnect
      // with its backoff; a 4401 would have logged a bettor out over a database restart.
      this.deps.log.warn({ err: error }, 'live: session check failed');
      if (client.socket.readyState === OPEN) client.socket.close(LIVE_CLOSE.TRY_AGAIN_LATER, 'Try again later');
      this.drop(client);
      return;
    }
    const { user, expired } = check;
    if (client.socket.readyState !== OPEN) return;
    if (!user) {
      this.refuseSession(client, expired);
      return;
    }
    if (client.authTimer) clearTimeout(client.authTimer);
    client.authTimer = null;
    client.user = user;
    client.token = token;
    if (user.role !== 'user') this.consoleSockets++;
    let mine = this.byUser.get(user.userId);
    if (!mine) this.byUser.set(user.userId, (mine = new Set()));
    mine.add(client);
    // Beyond the bound, the user's oldest socket goes (a forgotten tab), not the new one.
    if (mine.size > this.maxSocketsPerUser) mine.values().next().value?.socket.close(LIVE_CLOSE.SHUTTING_DOWN, 'Too many sockets for this user');
    this.send(client, { type: 'ready', user_id: user.userId, heartbeat_ms: this.heartbeatMs, max_markets: this.maxMarkets });
  }

  private refuse(client: Client, code: number, reason: string, errorCode: 'UNAUTHORIZED' | 'SESSION_EXPIRED' = 'UNAUTHORIZED'): void {
    if (code === LIVE_CLOSE.UNAUTHORIZED) this.send(client, { type: 'error', code: errorCode, message: reason });
    client.socket.close(code, reason);
    this.drop(client);
  }

  /** A token refused: said as the HTTP calls say it, expired (ADR 42) or ended. */
  private refuseSession(client: Client, expired: boolean): void {
    if (expired) this.refuse(client, LIVE_CLOSE.UNAUTHORIZED, SESSION_EXPIRED_MESSAGE, 'SESSION_EXPIRED');
    else this.refuse(client, LIVE_CLOSE.UNAUTHORIZED, 'Your session has ended. Please log in again.');
  }

  private drop(client: Client): void {
    if (!this.clients.delete(client)) return;
    if (client.authTimer) clearTimeout(client.authTimer);
    for (const marketId of client.markets) this.leave(client, marketId);
    client.markets.clear();
    if (client.user) {
      if (client.user.role !== 'user') this.consoleSockets--;
      const mine = this.byUser.get(client.user.userId);
      mine?.delete(client);
      if (mine?.size === 0) this.byUser.delete(client.user.userId);
    }
  }

  // ---- subscriptions ------------------------------------------------------------------------

  private async subscribe(client: Client, marketIds: number[]): Promise<void> {
    // Like the HTTP calls (ADR 25): until the password is changed, the user channel only.
    if (client.user?.mustChangePassword) {
      this.send(client, {
        type: 'error',
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: passwordChangeRequired().message,
        market_ids: marketIds,
      });
      return;
    }
    const fresh = [...new Set(marketIds)];
    const room = this.maxMarkets - client.markets.size;
    const added = fresh.filter((id) => !client.markets.has(id));
    const refused = added.slice(Math.max(0, room));
    if (refused.length > 0) {
      this.send(client, {
        type: 'error',
        code: 'TOO_MANY_MARKETS',
        message: `At most ${this.maxMarkets} markets per connection`,
        market_ids: refused,
      });
    }
    const taken = fresh.filter((id) => !refused.includes(id));
    // Slots are held before the awaits, so two subscribe messages cannot pass the bound together.
    for (const id of taken) client.markets.add(id);
    const missing: number[] = [];
    const unavailable: number[] = [];
    await Promise.all(
      taken.map(async (marketId) => {
        const state = await this.imageState(client, marketId);
        if (state === 'missing' || state === 'unavailable') {
          (state === 'missing' ? missing : unavailable).push(marketId);
          client.markets.delete(marketId);
          return;
        }
        if (!state || !this.clients.has(client) || !client.markets.has(marketId) || !client.user) return;
        let stream = this.streams.get(marketId);
        if (!stream) {
          stream = {
            marketId,
            matchId: state.row.matchId,
            subscribers: new Set(),
            seq: 0,
            sent: sharedMarketView(state),
            dirty: false,
            since: 0,
            at: 0,
            latest: null,
            positions: new Map(),
            reread: false,
            timer: null,
            lastFlushAt: 0,
            flushing: false,
          };
          this.streams.set(marketId, stream);
          if (stream.matchId !== null) {
            let ofMatch = this.matchStreams.get(stream.matchId);
            if (!ofMatch) this.matchStreams.set(stream.matchId, (ofMatch = new Set()));
            ofMatch.add(stream);
          }
        }
        stream.subscribers.add(client);
        // The image is as new as memory now; the next delta (seq + 1) may repeat some of it, harmlessly.
        this.send(client, {
          type: 'market_image',
          market_id: marketId,
          seq: stream.seq,
          at: Date.now(),
          market: marketImage(state, client.user.userId),
        });
      }),
    );
    if (missing.length > 0)
      this.send(client, { type: 'error', code: 'MARKET_NOT_FOUND', message: 'No such market', market_ids: missing });
    if (unavailable.length > 0)
      this.send(client, {
        type: 'error',
        code: 'MARKET_UNAVAILABLE',
        message: 'The market cannot be read now; subscribe again shortly',
        market_ids: unavailable,
      });
  }

  /**
   * The market for a subscriber's image. A database away (a restart, a failover) is not "no such
   * market": the load is tried again while the socket still wants it, for about IMAGE_RETRY_MS,
   * then the client is told to ask again. Undefined: the subscriber went away meanwhile.
   */
  private async imageState(client: Client, marketId: number): Promise<MarketState | 'missing' | 'unavailable' | undefined> {
    const deadline = Date.now() + IMAGE_RETRY_MS;
    for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
      try {
        return await this.deps.betting.committedState(marketId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'MARKET_NOT_FOUND') return 'missing';
        if (Date.now() + wait > deadline) {
          this.deps.log.warn({ err: error, marketId }, 'live: market image failed');
          return 'unavailable';
        }
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (!this.clients.has(client) || !client.markets.has(marketId)) return undefined;
    }
  }

  private unsubscribe(client: Client, marketIds: number[]): void {
    for (const id of marketIds) {
      if (client.markets.delete(id)) this.leave(client, id);
    }
  }

  private leave(client: Client, marketId: number): void {
    const stream = this.streams.get(marketId);
    if (!stream) return;
    stream.subscribers.delete(client);
    if (stream.subscribers.size === 0) {
      if (stream.timer) clearTimeout(stream.timer);
      this.streams.delete(marketId);
      const ofMatch = stream.matchId === null ? undefined : this.matchStreams.get(stream.matchId);
      if (ofMatch?.delete(stream) && ofMatch.size === 0) {
        const matchId = stream.matchId!;
        this.matchStreams.delete(matchId);
        this.sentScores.delete(matchId);
        for (const [marketId, ofThat] of this.settledMain) if (ofThat === matchId) this.settledMain.delete(marketId);
      }
    }
  }

  // ---- commits ------------------------------------------------------------------------------

  private committed(event: MarketCommitted): void {
    const stream = this.streams.get(event.marketId);
    if (stream) {
      if (!stream.dirty) stream.since = event.committedAt;
      stream.dirty = true;
      stream.at = Math.max(stream.at, event.committedAt);
      for (const userId of event.userIds) if (this.watches(userId, stream)) stream.positions.set(userId, null);
      const state = event.state;
      if (state) {
        // Snapshot now: the state object moves on with the next bet, before that bet commits.
        stream.latest = sharedMarketView(state);
        stream.reread = false;
        // Positions not touched since they were read stay as read: only this commit's users (and
        // any a commit without state left unread) are read now.
        for (const [userId, position] of stream.positions)
          if (position === null) stream.positions.set(userId, userPosition(state, userId));
      } else stream.reread = true;
      this.scheduleMarket(stream);
    }
    for (const userId of event.userIds) {
      this.consoles.nudge(userId, 'downline');
      if (this.byUser.has(userId)) this.touch(userId).balance = true;
    }
    for (const bet of event.bets)
      if (this.byUser.has(bet.userId))
        this.touch(bet.userId).bets.push({ market_id: event.marketId, bet_id: bet.betId, change: bet.change });
    if (this.pendingUsers.size > 0) this.userFlush.schedule();
    this.mainMarketCommitted(event);
  }

  /**
   * The match's result is its main market's (ADR 27): that market settling or rolling back
   * changes the match's state, whether or not anyone streams that market itself.
   */
  private mainMarketCommitted(event: MarketCommitted): void {
    // A commit without state (a group commit cut short) is a bet, and bets do not settle markets.
    const row = event.state?.row;
    const matchId = row?.matchId;
    if (!row || matchId === null || matchId === undefined || !mayDecideMatch(row.marketType) || !this.matchStreams.has(matchId)) return;
    const wasSettled = this.settledMain.has(event.marketId);
    if (row.settledAt !== null) this.settledMain.set(event.marketId, matchId);
    else this.settledMain.delete(event.marketId);
    // A rollback of a market settled before anyone here watched it is known by its bets.
    const rolledBack = wasSettled || event.bets.some((b) => b.change === 'rolled_back');
    if (row.settledAt !== null || rolledBack) this.matchCommitted({ matchId, committedAt: event.committedAt });
  }

  /** A match row changed (the feed's score, in play, listed): its watchers hear it in the next window. */
  private matchCommitted(event: MatchCommitted): void {
    if (!this.matchStreams.has(event.matchId)) return;
    this.pendingMatches.set(event.matchId, Math.max(this.pendingMatches.get(event.matchId) ?? 0, event.committedAt));
    this.matchFlush.schedule();
  }

  private async flushMatches(): Promise<void> {
    const pending = this.pendingMatches;
    this.pendingMatches = new Map();
    const watched = [...pending.keys()].filter((matchId) => this.matchStreams.has(matchId));
    // One read for every match changed in this window, after the writes that changed them.
    const scores = await matchScores(this.deps.db, watched, this.deps.clock()).catch((error: unknown) => {
      // The database away: the scores are owed still (the flush tries again after its backoff).
      for (const [matchId, at] of pending) if (!this.pendingMatches.has(matchId)) this.pendingMatches.set(matchId, at);
      throw error;
    });
    for (const [matchId, fields] of scores) {
      const streams = this.matchStreams.get(matchId);
      if (!streams) continue;
      const shown = JSON.stringify(fields);
      if (this.sentScores.get(matchId) === shown) continue;
      this.sentScores.set(matchId, shown);
      const to = new Set<Client>();
      for (const stream of streams) for (const client of stream.subscribers) to.add(client);
      this.broadcast(to, { type: 'match_score', match_id: matchId, ...fields, at: pending.get(matchId)! });
      this.stats.matchScores++;
    }
  }

  /**
   * Everything watched is read again and what differs from what was sent goes out: after the
   * broker came back, the other processes' commits of the gap are in the database, not heard.
   */
  private resync(): void {
    const now = Date.now();
    for (const stream of this.streams.values()) {
      if (!stream.dirty) stream.since = now;
      stream.dirty = true;
      stream.at = Math.max(stream.at, now);
      stream.reread = true;
      for (const client of stream.subscribers) if (client.user) stream.positions.set(client.user.userId, null);
      this.scheduleMarket(stream);
    }
    for (const matchId of this.matchStreams.keys()) this.pendingMatches.set(matchId, now);
    if (this.pendingMatches.size > 0) this.matchFlush.schedule();
    for (const userId of this.byUser.keys()) this.touch(userId).balance = true;
    if (this.pendingUsers.size > 0) this.userFlush.schedule();
  }

  /** A balance moved outside betting (the casino wallet, a payment). */
  private userChanged(userId: number): void {
    this.consoles.nudge(userId, 'downline');
    if (!this.byUser.has(userId)) return;
    this.touch(userId).balance = true;
    this.userFlush.schedule();
  }

  /** What the next user flush tells a connected user. */
  private touch(userId: number): PendingUser {
    let pending = this.pendingUsers.get(userId);
    if (!pending) this.pendingUsers.set(userId, (pending = { balance: false, bets: [] }));
    return pending;
  }

  private scheduleMarket(stream: MarketStream): void {
    if (stream.timer || stream.flushing) return;
    const wait = Math.max(0, stream.lastFlushAt + this.conflateMs - Date.now());
    stream.timer = setTimeout(() => {
      stream.timer = null;
      void this.flushMarket(stream);
    }, wait);
  }

  private async flushMarket(stream: MarketStream): Promise<void> {
    if (!stream.dirty || this.streams.get(stream.marketId) !== stream) return;
    stream.flushing = true;
    stream.lastFlushAt = Date.now();
    const { since, at, reread } = stream;
    let latest = stream.latest;
    let positions = stream.positions;
    stream.dirty = false;
    stream.latest = null;
    stream.positions = new Map();
    stream.reread = false;
    stream.at = 0;
    try {
      if (reread) {
        const state = await this.deps.betting.committedState(stream.marketId);
        if (this.streams.get(stream.marketId) !== stream) return;
        latest = sharedMarketView(state);
        positions = new Map([...positions.keys()].map((userId) => [userId, userPosition(state, userId)]));
      }
      const changes = latest && marketChanges(stream.sent, latest);
      if (latest && changes) {
        stream.seq++;
        stream.sent = latest;
        this.broadcast(stream.subscribers, {
          type: 'market_delta',
          market_id: stream.marketId,
          seq: stream.seq,
          at,
          since,
          changes,
        });
        this.stats.deltas++;
      }
      for (const [userId, position] of positions) {
        const watching = [...(this.byUser.get(userId) ?? [])].filter((c) => stream.subscribers.has(c));
        if (position && watching.length > 0) this.broadcast(watching, { type: 'position', ...position });
      }
    } catch (error) {
      this.deps.log.warn({ err: error, marketId: stream.marketId }, 'live: market flush failed');
      // Nothing was sent: the change is still owed. Read the market again at the next window
      // (its subscribers would otherwise hold the old book until some later change).
      if (this.streams.get(stream.marketId) === stream) {
        stream.dirty = true;
        stream.reread = true;
        stream.since = stream.since || since;
        stream.at = Math.max(stream.at, at);
        for (const userId of positions.keys()) stream.positions.set(userId, null);
        // Not at the next window: a database restart takes seconds, and every stream would try.
        stream.lastFlushAt = Date.now() + FLUSH_RETRY_MS - this.conflateMs;
      }
    } finally {
      stream.flushing = false;
      if (stream.dirty) this.scheduleMarket(stream);
    }
  }

  private watches(userId: number, stream: MarketStream): boolean {
    for (const client of this.byUser.get(userId) ?? []) if (stream.subscribers.has(client)) return true;
    return false;
  }

  private async flushUsers(): Promise<void> {
    const pending = this.pendingUsers;
    this.pendingUsers = new Map();
    const wanted = [...pending].filter(([userId, p]) => p.balance && this.byUser.has(userId)).map(([userId]) => userId);
    // One read for everyone affected in this window, after the commits that moved them.
    let rows: { userId: number | null; balance: number; exposure: number }[] = [];
    try {
      if (wanted.length > 0)
        rows = await this.deps.db
          .select({ userId: ledgerAccounts.userId, balance: ledgerAccounts.balancePaise, exposure: ledgerAccounts.exposurePaise })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.userId, wanted));
    } catch (error) {
      // The database away: what was owed is owed still (the flush tries again after its backoff).
      for (const [userId, p] of pending) {
        const now = this.touch(userId);
        now.balance ||= p.balance;
        now.bets.unshift(...p.bets);
      }
      throw error;
    }
    const at = Date.now();
    for (const row of rows) {
      const clients = row.userId === null ? undefined : this.byUser.get(row.userId);
      if (clients)
        this.broadcast(clients, { type: 'balance', ...balanceView({ balancePaise: row.balance, exposurePaise: row.exposure }), at });
    }
    for (const [userId, p] of pending) {
      const clients = this.byUser.get(userId);
      if (clients && p.bets.length > 0) this.broadcast(clients, { type: 'bets', changes: p.bets, at });
    }
  }

  // ---- sending ------------------------------------------------------------------------------

  /** One serialization for every socket in `to`. */
  private broadcast(to: Iterable<Client>, message: LiveServerMessage): void {
    const frame = Buffer.from(JSON.stringify(message));
    for (const client of to) this.sendFrame(client, frame);
  }

  private send(client: Client, message: LiveServerMessage): void {
    this.sendFrame(client, Buffer.from(JSON.stringify(message)));
  }

  private sendFrame(client: Client, frame: Buffer): void {
    const socket = client.socket;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      // It cannot keep up: closing lets it reconnect and start again from fresh images.
      this.stats.slowConsumers++;
      socket.close(LIVE_CLOSE.SLOW_CONSUMER, 'Too slow to keep up');
      this.drop(client);
      return;
    }
    this.stats.frames++;
    socket.send(frame, { binary: false });
  }

  /**
   * Pings every socket; one that did not answer the last ping is dead. Sessions revoked or run out
   * are closed. The check is a use of the session: a page open on a match keeps it from its idle
   * end (ADR 42).
   */
  private async beat(): Promise<void> {
    const frame = Buffer.from(JSON.stringify({ type: 'heartbeat', at: Date.now() } satisfies LiveServerMessage));
    // A failed check (null: the database away) closes nothing; the next beat checks again.
    const checked = new Map<string, Promise<SessionCheck | null>>();
    for (const client of [...this.clients]) {
      if (!client.alive) {
        client.socket.terminate();
        this.drop(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
      this.sendFrame(client, frame);
      const token = client.token;
      if (!token) continue;
      let check = checked.get(token);
      if (!check) checked.set(token, (check = this.deps.sessions.authenticate(token).catch(() => null)));
      const result = await check;
      if (result && !result.user) this.refuseSession(client, result.expired);
    }
  }
}
