/**
 * One WebSocket to `/ws` shared by everything in the tab. Hooks retain markets (counted, so two
 * components on one market share its subscription) and the user channel; the socket is open
 * while anything is retained and a token is known. It authenticates with the API's bearer token,
 * reconnects with exponential back-off and jitter, subscribes again after a reconnect (every
 * market gets a fresh image), and checks each market's sequence: a gap asks for a new image.
 */
import {
  LIVE_CLOSE,
  LIVE_LIMITS,
  LiveServerMessage,
  type LiveClientMessage,
  type LiveServerMessage as ServerMessage,
} from '@exchange/contracts';
import { reconnectDelay } from './backoff';

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'unauthorized';

/** The part of the browser's WebSocket the client uses (Node's `ws` has it too, for tests). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
const OPEN = 1;

export interface LiveHandlers {
  /** Every message that passed the sequence check (images, deltas in order, user channel). */
  message(message: ServerMessage): void;
  /** A market's stream stopped or broke (unsubscribed, gap, socket down): its live copy is stale. */
  marketStopped(marketId: number): void;
}

export interface LiveClientOptions {
  url: () => string;
  token: () => string | null;
  createSocket: (url: string) => LiveSocket;
  handlers: LiveHandlers;
  random?: () => number;
  /** How long the socket stays open after the last hook let go (page changes remount hooks). */
  idleCloseMs?: number;
}

export class LiveClient {
  private socket: LiveSocket | null = null;
  /** The token the open socket authenticated with. */
  private socketToken: string | null = null;
  private statusValue: LiveStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  private readonly marketRefs = new Map<number, number>();
  private userRefs = 0;
  /** Last sequence seen per market with an image; absent until the image comes. */
  private readonly seqs = new Map<number, number>();
  /** Markets sent to the server (the rest wait for the next sync). */
  private readonly subscribed = new Set<number>();
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  /** Markets the server could not read for their image (its database away): asked for again. */
  private marketRetry: ReturnType<typeof setTimeout> | null = null;
  private syncQueued = false;
  private refusedToken: string | null = null;
  private heartbeatMs: number = LIVE_LIMITS.heartbeatMs;

  constructor(private readonly options: LiveClientOptions) {}

  get status(): LiveStatus {
    return this.statusValue;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Keeps markets streamed until the returned release is called. */
  retainMarkets(marketIds: readonly number[]): () => void {
    const ids = [...new Set(marketIds)].filter((id) => Number.isInteger(id) && id > 0);
    for (const id of ids) this.marketRefs.set(id, (this.marketRefs.get(id) ?? 0) + 1);
    this.changed();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const id of ids) {
        const left = (this.marketRefs.get(id) ?? 1) - 1;
        if (left > 0) this.marketRefs.set(id, left);
        else this.marketRefs.delete(id);
      }
      this.changed();
    };
  }

  /** Keeps the socket open for the user channel (balance, bets) until released. */
  retainUser(): () => void {
    this.userRefs++;
    this.changed();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.userRefs--;
      this.changed();
    };
  }

  /** Drops the socket (logout): nothing reconnects until something is retained again with a token. */
  close(): void {
    this.clearTimers();
    this.dropSocket();
    this.setStatus('idle');
  }

  private get wanted(): boolean {
    return this.userRefs > 0 || this.marketRefs.size > 0;
  }

  private changed(): void {
    if (this.wanted) {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
      // Another login in this tab: the socket must not go on pushing the previous user's channel.
      if (this.socket && this.options.token() !== this.socketToken) {
        this.dropSocket();
        this.attempt = 0;
      }
      if (!this.socket && !this.reconnectTimer) this.connect();
      else this.queueSync();
    } else if (this.socket && !this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.idleTimer = null;
        if (!this.wanted) this.close();
      }, this.options.idleCloseMs ?? 5_000);
    } else {
      this.queueSync();
    }
  }

  private connect(): void {
    const token = this.options.token();
    // No token, or the one the server just refused: wait for a login (the next retain).
    if (!token || token === this.refusedToken) {
      this.setStatus(token ? 'unauthorized' : 'idle');
      return;
    }
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = this.options.createSocket(this.options.url());
    this.socket = socket;
    this.socketToken = token;
    socket.onopen = () => this.send({ op: 'auth', token });
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.armWatchdog();
      this.receive(event.data, token);
    };
    socket.onerror = () => undefined; // onclose follows and decides
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lostStreams();
      if (event.code === LIVE_CLOSE.UNAUTHORIZED) {
        this.refusedToken = token;
        this.setStatus('unauthorized');
        return;
      }
      this.scheduleReconnect();
    };
    this.armWatchdog();
  }

  private receive(data: unknown, token: string): void {
    let message: ServerMessage;
    try {
      message = LiveServerMessage.parse(JSON.parse(String(data)));
    } catch {
      return; // a message this client does not know (a newer server): ignored
    }
    switch (message.type) {
      case 'ready':
        this.attempt = 0;
        this.refusedToken = null;
        this.heartbeatMs = message.heartbeat_ms;
        this.setStatus('open');
        this.subscribed.clear();
        this.queueSync();
        break;
      case 'market_image':
        if (!this.marketRefs.has(message.market_id)) return;
        this.seqs.set(message.market_id, message.seq);
        break;
      case 'market_delta': {
        const last = this.seqs.get(message.market_id);
        if (last === undefined || message.seq <= last) return; // before the image, or already in it
        if (message.seq !== last + 1) {
          // A gap: what we hold is no longer the market. Ask for a fresh image.
          this.seqs.delete(message.market_id);
          this.options.handlers.marketStopped(message.market_id);
          this.send({ op: 'subscribe', market_ids: [message.market_id] });
          return;
        }
        this.seqs.set(message.market_id, message.seq);
        break;
      }
      case 'error':
        if (message.code === 'UNAUTHORIZED') this.refusedToken = token;
        // Markets refused (unknown, over the limit) stay off the stream; their pages keep polling.
        for (const id of message.market_ids ?? []) this.seqs.delete(id);
        if (message.code === 'MARKET_UNAVAILABLE') this.subscribeAgainLater(message.market_ids ?? []);
        break;
    }
    this.options.handlers.message(message);
  }

  /** Sends the difference between the markets retained and those subscribed (once per tick). */
  private queueSync(): void {
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  private sync(): void {
    if (this.statusValue !== 'open') return;
    const add = [...this.marketRefs.keys()].filter((id) => !this.subscribed.has(id));
    const remove = [...this.subscribed].filter((id) => !this.marketRefs.has(id));
    if (remove.length > 0) {
      for (const id of remove) {
        this.subscribed.delete(id);
        this.seqs.delete(id);
        this.options.handlers.marketStopped(id);
      }
      for (const chunk of chunks(remove)) this.send({ op: 'unsubscribe', market_ids: chunk });
    }
    const room = LIVE_LIMITS.maxMarketsPerSocket - this.subscribed.size;
    const taken = add.slice(0, Math.max(0, room));
    for (const id of taken) this.subscribed.add(id);
    if (taken.length > 0) this.send({ op: 'subscribe', market_ids: taken });
  }

  /** Not subscribed after all: the next sync, a second or two on, asks for them again. */
  private subscribeAgainLater(marketIds: number[]): void {
    for (const id of marketIds) this.subscribed.delete(id);
    if (this.marketRetry) return;
    this.marketRetry = setTimeout(() => {
      this.marketRetry = null;
      this.queueSync();
    }, reconnectDelay(2, this.options.random));
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Every market loses its stream at once (socket closed). */
  private lostStreams(): void {
    for (const id of this.seqs.keys()) this.options.handlers.marketStopped(id);
    this.seqs.clear();
    this.subscribed.clear();
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private scheduleReconnect(): void {
    if (!this.wanted) {
      this.setStatus('idle');
      return;
    }
    const delay = reconnectDelay(this.attempt++, this.options.random);
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted && !this.socket) this.connect();
    }, delay);
  }

  /** A socket silent for two heartbeats (and a margin) is dead even if the browser has not noticed. */
  private armWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      const socket = this.socket;
      if (!socket) return;
      this.socket = null;
      socket.onclose = null;
      socket.close();
      this.lostStreams();
      this.scheduleReconnect();
    }, this.heartbeatMs * 2 + 5_000);
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000); // browsers let a page close with 1000 or 3000-4999 only
    }
    this.lostStreams();
  }

  private clearTimers(): void {
    for (const t of [this.reconnectTimer, this.idleTimer, this.watchdog, this.marketRetry]) if (t) clearTimeout(t);
    this.reconnectTimer = this.idleTimer = this.watchdog = this.marketRetry = null;
    this.attempt = 0;
  }

  private setStatus(status: LiveStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    this.statusListeners.forEach((fn) => fn());
  }
}

function chunks(ids: number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += LIVE_LIMITS.maxMarketsPerSocket)
    out.push(ids.slice(i, i + LIVE_LIMITS.maxMarketsPerSocket));
  return out;
}
