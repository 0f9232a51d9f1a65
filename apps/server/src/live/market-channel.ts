/**
 * The market channel (ADR 22): a socket subscribes to markets (at most `maxMarkets`), gets each
 * one's image at once, then its stream's deltas and its own positions (market-stream.ts). A
 * market has one stream while anyone here watches it.
 *
 * A database away (a restart, a failover) is never said as "no such market": a subscriber's
 * image is tried again for about IMAGE_RETRY_MS, then the client is told to subscribe again.
 */
import { AppError, passwordChangeRequired } from '../lib/errors.ts';
import type { MarketCommitted } from '../services/betting/index.ts';
import type { MarketState } from '../services/betting/index.ts';
import type { Connection } from './connections.ts';
import { marketImage } from './market-frames.ts';
import { MarketStream, type MarketStreamDeps } from './market-stream.ts';

/** How long a subscriber's image is tried again while the database is away. */
const IMAGE_RETRY_MS = 15_000;

export interface MarketChannelDeps extends MarketStreamDeps {
  maxMarkets: number;
  /** A market got its first subscriber here, or lost its last: its match's watchers change. */
  streamOpened: (stream: MarketStream) => void;
  streamClosed: (stream: MarketStream) => void;
}

export class MarketChannel {
  private readonly streams = new Map<number, MarketStream>();

  constructor(private readonly deps: MarketChannelDeps) {}

  async subscribe(connection: Connection, marketIds: number[]): Promise<void> {
    const { connections, maxMarkets } = this.deps;
    // Like the HTTP calls (ADR 25): until the password is changed, the user channel only.
    if (connection.user?.mustChangePassword) {
      connections.send(connection, {
        type: 'error',
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: passwordChangeRequired().message,
        market_ids: marketIds,
      });
      return;
    }
    const fresh = [...new Set(marketIds)];
    const room = maxMarkets - connection.markets.size;
    const added = fresh.filter((id) => !connection.markets.has(id));
    const refused = added.slice(Math.max(0, room));
    if (refused.length > 0) {
      connections.send(connection, {
        type: 'error',
        code: 'TOO_MANY_MARKETS',
        message: `At most ${maxMarkets} markets per connection`,
        market_ids: refused,
      });
    }
    const taken = fresh.filter((id) => !refused.includes(id));
    // Slots are held before the awaits, so two subscribe messages cannot pass the bound together.
    for (const id of taken) connection.markets.add(id);
    const missing: number[] = [];
    const unavailable: number[] = [];
    await Promise.all(
      taken.map(async (marketId) => {
        const state = await this.imageState(connection, marketId);
        if (state === 'missing' || state === 'unavailable') {
          (state === 'missing' ? missing : unavailable).push(marketId);
          connection.markets.delete(marketId);
          return;
        }
        if (!state || !connections.has(connection) || !connection.markets.has(marketId) || !connection.user)
          return;
        let stream = this.streams.get(marketId);
        if (!stream) {
          stream = new MarketStream(marketId, state, this.deps);
          this.streams.set(marketId, stream);
          this.deps.streamOpened(stream);
        }
        stream.subscribers.add(connection);
        // The image is as new as memory now; the next delta (seq + 1) may repeat some of it, harmlessly.
        connections.send(connection, {
          type: 'market_image',
          market_id: marketId,
          seq: stream.seq,
          at: Date.now(),
          market: marketImage(state, connection.user.userId),
        });
      }),
    );
    if (missing.length > 0)
      connections.send(connection, {
        type: 'error',
        code: 'MARKET_NOT_FOUND',
        message: 'No such market',
        market_ids: missing,
      });
    if (unavailable.length > 0)
      connections.send(connection, {
        type: 'error',
        code: 'MARKET_UNAVAILABLE',
        message: 'The market cannot be read now; subscribe again shortly',
        market_ids: unavailable,
      });
  }

  unsubscribe(connection: Connection, marketIds: number[]): void {
    for (const id of marketIds) {
      if (connection.markets.delete(id)) this.leave(connection, id);
    }
  }

  /** The connection is gone: it leaves every market it watched. */
  dropped(connection: Connection): void {
    for (const marketId of connection.markets) this.leave(connection, marketId);
    connection.markets.clear();
  }

  /** A commit on a market: its stream, if anyone here watches it, owes its subscribers the change. */
  committed(event: MarketCommitted): void {
    this.streams.get(event.marketId)?.committed(event);
  }

  /** Every watched market is read again (the broker came back: commits may have been missed). */
  resync(now: number): void {
    for (const stream of this.streams.values()) stream.resync(now);
  }

  stop(): void {
    for (const stream of this.streams.values()) stream.stop();
  }

  /**
   * The market for a subscriber's image. A database away is not "no such market": the load is
   * tried again while the socket still wants it, for about IMAGE_RETRY_MS, then the client is
   * told to ask again. Undefined: the subscriber went away meanwhile.
   */
  private async imageState(
    connection: Connection,
    marketId: number,
  ): Promise<MarketState | 'missing' | 'unavailable' | undefined> {
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
      if (!this.deps.connections.has(connection) || !connection.markets.has(marketId)) return undefined;
    }
  }

  private leave(connection: Connection, marketId: number): void {
    const stream = this.streams.get(marketId);
    if (!stream) return;
    stream.subscribers.delete(connection);
    if (stream.subscribers.size === 0) {
      stream.close();
      this.streams.delete(marketId);
      this.deps.streamClosed(stream);
    }
  }
}
