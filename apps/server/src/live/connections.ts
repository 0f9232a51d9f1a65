/**
 * The sockets of the live push (ADR 22): who they are, whether they are alive, and what they may
 * be sent.
 *
 * - A socket authenticates with a token, on its URL or as its first message, within
 *   `authTimeoutMs`; before that it may say nothing else (ADR 25: who first, then what). A
 *   database away while the token is checked is "try again later", never a logout.
 * - A user holds at most `maxSocketsPerUser` sockets: beyond it the oldest goes.
 * - The heartbeat pings every socket; one that did not answer the last ping is dead. It also
 *   checks every socket's session again, which keeps the session from its idle end (ADR 42).
 * - Every frame is serialized once for all its sockets; a socket whose unsent bytes pass
 *   `maxBufferedBytes` is a slow consumer and is closed, to reconnect from fresh images.
 *
 * What an authenticated socket asks for (markets) is the channels' business: they hear it
 * through `ConnectionEvents`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RawData } from 'ws';
import { LIVE_CLOSE, LiveClientMessage, type LiveServerMessage } from '@exchange/contracts';
import { SESSION_EXPIRED_MESSAGE } from '../lib/errors.ts';
import type { AuthUser, SessionCheck, SessionStore } from '../services/sessions.ts';

/**
 * A socket as the connections use it: a `ws` socket in this process, or one held by the socket
 * host process (ADR 62), whose stand-in has the same shape.
 */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(frame: Buffer, options: { binary: boolean }): void;
  close(code: number, reason: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: RawData | string) => void): unknown;
  on(event: 'pong' | 'close' | 'error', listener: () => void): unknown;
}

/** One socket of the live push. */
export interface Connection {
  socket: LiveSocket;
  user: AuthUser | null;
  token: string | null;
  /** The markets it watches (the market channel keeps them). */
  markets: Set<number>;
  alive: boolean;
  authTimer: ReturnType<typeof setTimeout> | null;
}

export interface ConnectionLimits {
  heartbeatMs: number;
  authTimeoutMs: number;
  /** Told to the client in `ready`; the market channel holds it to this bound. */
  maxMarkets: number;
  maxSocketsPerUser: number;
  maxBufferedBytes: number;
}

/** What the channels hear from the sockets. */
export interface ConnectionEvents {
  subscribe: (connection: Connection, marketIds: number[]) => Promise<void>;
  unsubscribe: (connection: Connection, marketIds: number[]) => void;
  /** The connection is gone: what it watched is left. */
  dropped: (connection: Connection) => void;
}

export interface ConnectionDeps {
  sessions: SessionStore;
  log: FastifyBaseLogger;
  limits: ConnectionLimits;
  events: ConnectionEvents;
  /** The hub's counters: frames sent, slow consumers closed. */
  stats: { frames: number; slowConsumers: number };
}

const OPEN = 1;

export class Connections {
  private readonly all = new Set<Connection>();
  private readonly byUser = new Map<number, Set<Connection>>();
  /** Authenticated sockets of agents and the root. */
  private consoleSockets = 0;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly deps: ConnectionDeps) {}

  get count(): number {
    return this.all.size;
  }

  /** Markets watched, summed over the sockets (a market watched by two sockets counts twice). */
  get subscriptionCount(): number {
    let n = 0;
    for (const connection of this.all) n += connection.markets.size;
    return n;
  }

  /** Whether any agent or root has a socket here. */
  get anyConsole(): boolean {
    return this.consoleSockets > 0;
  }

  /** Whether this connection is still open (an await may have outlived it). */
  has(connection: Connection): boolean {
    return this.all.has(connection);
  }

  /** The user's sockets; undefined when it has none. */
  ofUser(userId: number): ReadonlySet<Connection> | undefined {
    return this.byUser.get(userId);
  }

  isConnected(userId: number): boolean {
    return this.byUser.has(userId);
  }

  connectedUsers(): IterableIterator<number> {
    return this.byUser.keys();
  }

  /** Starts the heartbeat. */
  start(): void {
    this.heartbeat = setInterval(() => void this.beat(), this.deps.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const connection of this.all)
      connection.socket.close(LIVE_CLOSE.SHUTTING_DOWN, 'server shutting down');
  }

  /** A new socket: authenticated by `token` (query) at once, or by its first message. */
  accept(socket: LiveSocket, token: string | null): void {
    const connection: Connection = {
      socket,
      user: null,
      token: null,
      markets: new Set(),
      alive: true,
      authTimer: null,
    };
    this.all.add(connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (data) => void this.receive(connection, data));
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
    if (token) void this.authenticate(connection, token);
    else {
      connection.authTimer = setTimeout(
        () => this.refuse(connection, LIVE_CLOSE.AUTH_TIMEOUT, 'No auth message in time'),
        this.deps.limits.authTimeoutMs,
      );
    }
  }

  /** One serialization for every socket in `to`. */
  broadcast(to: Iterable<Connection>, message: LiveServerMessage): void {
    const frame = Buffer.from(JSON.stringify(message));
    for (const connection of to) this.sendFrame(connection, frame);
  }

  /** One serialization for every socket of these users. */
  broadcastToUsers(userIds: Iterable<number>, message: LiveServerMessage): void {
    this.broadcast(
      [...userIds].flatMap((userId) => [...(this.byUser.get(userId) ?? [])]),
      message,
    );
  }

  send(connection: Connection, message: LiveServerMessage): void {
    this.sendFrame(connection, Buffer.from(JSON.stringify(message)));
  }

  private async receive(connection: Connection, data: RawData | string): Promise<void> {
    connection.alive = true;
    let message: LiveClientMessage;
    try {
      message = LiveClientMessage.parse(JSON.parse(String(data)));
    } catch {
      // Who first, then what (ADR 25): an anonymous socket learns nothing about the messages.
      if (connection.user)
        this.send(connection, {
          type: 'error',
          code: 'BAD_MESSAGE',
          message: 'Not a message this server knows',
        });
      else this.refuse(connection, LIVE_CLOSE.UNAUTHORIZED, 'Authenticate first');
      return;
    }
    if (message.op === 'auth') {
      if (!connection.user) await this.authenticate(connection, message.token);
      return;
    }
    if (!connection.user) {
      this.refuse(connection, LIVE_CLOSE.UNAUTHORIZED, 'Authenticate first');
      return;
    }
    if (message.op === 'subscribe') await this.deps.events.subscribe(connection, message.market_ids);
    else this.deps.events.unsubscribe(connection, message.market_ids);
  }

  private async authenticate(connection: Connection, token: string): Promise<void> {
    let check: SessionCheck;
    try {
      check = await this.deps.sessions.authenticate(token);
    } catch (error) {
      // The database is away, not the session: "try again later" (1013) makes the client reconnect
      // with its backoff; a 4401 would have logged a bettor out over a database restart.
      this.deps.log.warn({ err: error }, 'live: session check failed');
      if (connection.socket.readyState === OPEN)
        connection.socket.close(LIVE_CLOSE.TRY_AGAIN_LATER, 'Try again later');
      this.drop(connection);
      return;
    }
    const { user, expired } = check;
    if (connection.socket.readyState !== OPEN) return;
    if (!user) {
      this.refuseSession(connection, expired);
      return;
    }
    if (connection.authTimer) clearTimeout(connection.authTimer);
    connection.authTimer = null;
    connection.user = user;
    connection.token = token;
    if (user.role !== 'user') this.consoleSockets++;
    let mine = this.byUser.get(user.userId);
    if (!mine) this.byUser.set(user.userId, (mine = new Set()));
    mine.add(connection);
    // Beyond the bound, the user's oldest socket goes (a forgotten tab), not the new one.
    if (mine.size > this.deps.limits.maxSocketsPerUser)
      mine.values().next().value?.socket.close(LIVE_CLOSE.SHUTTING_DOWN, 'Too many sockets for this user');
    const { heartbeatMs, maxMarkets } = this.deps.limits;
    this.send(connection, {
      type: 'ready',
      user_id: user.userId,
      heartbeat_ms: heartbeatMs,
      max_markets: maxMarkets,
    });
  }

  private refuse(
    connection: Connection,
    code: number,
    reason: string,
    errorCode: 'UNAUTHORIZED' | 'SESSION_EXPIRED' = 'UNAUTHORIZED',
  ): void {
    if (code === LIVE_CLOSE.UNAUTHORIZED)
      this.send(connection, { type: 'error', code: errorCode, message: reason });
    connection.socket.close(code, reason);
    this.drop(connection);
  }

  /** A token refused: said as the HTTP calls say it, expired (ADR 42) or ended. */
  private refuseSession(connection: Connection, expired: boolean): void {
    if (expired) this.refuse(connection, LIVE_CLOSE.UNAUTHORIZED, SESSION_EXPIRED_MESSAGE, 'SESSION_EXPIRED');
    else this.refuse(connection, LIVE_CLOSE.UNAUTHORIZED, 'Your session has ended. Please log in again.');
  }

  private drop(connection: Connection): void {
    if (!this.all.delete(connection)) return;
    if (connection.authTimer) clearTimeout(connection.authTimer);
    this.deps.events.dropped(connection);
    if (connection.user) {
      if (connection.user.role !== 'user') this.consoleSockets--;
      const mine = this.byUser.get(connection.user.userId);
      mine?.delete(connection);
      if (mine?.size === 0) this.byUser.delete(connection.user.userId);
    }
  }

  private sendFrame(connection: Connection, frame: Buffer): void {
    const socket = connection.socket;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      // It cannot keep up: closing lets it reconnect and start again from fresh images.
      this.deps.stats.slowConsumers++;
      socket.close(LIVE_CLOSE.SLOW_CONSUMER, 'Too slow to keep up');
      this.drop(connection);
      return;
    }
    this.deps.stats.frames++;
    socket.send(frame, { binary: false });
  }

  /**
   * Pings every socket; one that did not answer the last ping is dead. Sessions revoked or run out
   * are closed. The check is a use of the session: a page open on a match keeps it from its idle
   * end (ADR 42).
   */
  private async beat(): Promise<void> {
    const frame = Buffer.from(
      JSON.stringify({ type: 'heartbeat', at: Date.now() } satisfies LiveServerMessage),
    );
    // A failed check (null: the database away) closes nothing; the next beat checks again.
    const checked = new Map<string, Promise<SessionCheck | null>>();
    for (const connection of [...this.all]) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.drop(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
      this.sendFrame(connection, frame);
      const token = connection.token;
      if (!token) continue;
      let check = checked.get(token);
      if (!check) checked.set(token, (check = this.deps.sessions.authenticate(token).catch(() => null)));
      const result = await check;
      if (result && !result.user) this.refuseSession(connection, result.expired);
    }
  }
}
