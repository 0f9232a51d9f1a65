import WebSocket from 'ws';
import { LIVE_PATH, type MarketView, type MatchDetail } from '@exchange/contracts';
import { LiveClient, type LiveSocket, type LiveStatus } from '../../apps/web/src/lib/live/connection.ts';
import { mergeMarketChanges } from '../../apps/web/src/lib/live/market-cache.ts';
import { callApi } from './client.ts';
import { sleep } from './workload.ts';

/**
 * Live after faults: WebSocket clients on every process of the cluster, subscribed to the
 * workload's markets for the whole run, each keeping its books as the web app does (the web's own
 * LiveClient: images, deltas in seq order, a gap or a reconnect -> a fresh image; the web's
 * mergeMarketChanges applies a delta). A client whose socket drops (its process killed) reconnects
 * to the next process in turn. `verify` compares each client's book of each market with the
 * server's (match/getMatchDetail on every process), on what the live view carries: everything of
 * the market but the caller's own exposure and positions.
 */
export interface LiveFigures {
  clients: number;
  markets: number;
  images: number;
  deltas: number;
  /** Sockets opened again after a drop (a killed process, a server going away). */
  reconnects: number;
  /** Gaps in a market's seq seen on an open socket (each asked for a new image). */
  gaps: number;
  /** verify() calls, and the (client, market) books found unequal to the server's at the last try of each. */
  verifications: number;
  mismatches: number;
  /** The first mismatches, for the report. */
  examples: string[];
}

interface Watcher {
  live: LiveClient;
  /** The socket now: a market stopped while it is open is a gap (not a drop). */
  socket?: WebSocket;
  /** The process this client reaches now (an index into origins). */
  at: number;
  books: Map<number, MarketView>;
  /** Per market: the server time of the last image or delta applied (when the book was last told). */
  told: Map<number, number>;
  readies: number;
  status: () => LiveStatus;
}

/** What the live view carries of a market: all but the subscriber's own exposure and positions. */
function shared(market: MarketView): unknown {
  const { exposure: _e, fancy_positions: _f, market_id: _m, runners, ...rest } = market;
  return { ...rest, runners: runners.map(({ position: _p, ...r }) => r) };
}

/** JSON with sorted keys: a delta's runner and the image's may list their fields in another order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The fields (paths) where two books differ, each with both values. */
function difference(held: unknown, server: unknown, path = ''): string[] {
  if (canonical(held) === canonical(server)) return [];
  if (held && server && typeof held === 'object' && typeof server === 'object' && Array.isArray(held) === Array.isArray(server)) {
    const keys = [...new Set([...Object.keys(held), ...Object.keys(server)])];
    return keys.flatMap((k) => difference((held as Record<string, unknown>)[k], (server as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
  }
  return [`${path}: ${canonical(held)} / ${canonical(server)}`];
}

export class LiveWatch {
  private readonly watchers: Watcher[] = [];
  private readonly watched: number[] = [];
  private closing = false;
  private readonly releases = new Map<number, (() => void)[]>();
  readonly figures: LiveFigures = { clients: 0, markets: 0, images: 0, deltas: 0, reconnects: 0, gaps: 0, verifications: 0, mismatches: 0, examples: [] };

  /** `tokens`: bettors' sessions, one per client, spread over the processes in turn. */
  constructor(
    private readonly origins: string[],
    private readonly matchId: () => number | undefined,
    tokens: string[],
  ) {
    tokens.forEach((token, i) => this.watchers.push(this.open(token, i % origins.length)));
    this.figures.clients = this.watchers.length;
  }

  private open(token: string, home: number): Watcher {
    let firstUrl = true;
    const w: Watcher = { at: home, books: new Map(), told: new Map(), readies: 0, status: () => w.live.status } as Watcher;
    w.live = new LiveClient({
      // The first socket goes to its home process; each later one to the next process in turn,
      // so a client of a killed process comes back on a live one (or on the restarted one).
      url: () => {
        if (!firstUrl) w.at = (w.at + 1) % this.origins.length;
        firstUrl = false;
        return `${this.origins[w.at]!.replace(/^http/, 'ws')}${LIVE_PATH}`;
      },
      token: () => token,
      createSocket: (url) => (w.socket = new WebSocket(url)) as unknown as LiveSocket,
      handlers: {
        message: (m) => {
          if (m.type === 'ready' && w.readies++ > 0) this.figures.reconnects++;
          if (m.type === 'market_image') {
            this.figures.images++;
            w.books.set(m.market_id, m.market);
            w.told.set(m.market_id, m.at);
          } else if (m.type === 'market_delta') {
            const book = w.books.get(m.market_id);
            if (!book) return;
            this.figures.deltas++;
            w.books.set(m.market_id, mergeMarketChanges(book, m.changes));
            w.told.set(m.market_id, m.at);
          }
        },
        marketStopped: (id) => {
          if (!this.closing && w.socket?.readyState === WebSocket.OPEN && this.watched.includes(id)) this.figures.gaps++;
          w.books.delete(id);
        },
      },
    });
    w.live.retainUser();
    return w;
  }

  /** Every client subscribes to the market (at most the socket's limit: the oldest is let go). */
  watch(marketId: number): void {
    this.watched.push(marketId);
    this.figures.markets++;
    this.releases.set(marketId, this.watchers.map((w) => w.live.retainMarkets([marketId])));
    while (this.watched.length > 50) {
      const old = this.watched.shift()!;
      this.releases.get(old)?.forEach((release) => release());
    }
  }

  /**
   * Waits until every client is connected and holds an image of every watched market, lets the
   * pushes settle, then compares each book with each process's getMatchDetail. A book that differs
   * is looked at again for a few seconds (a push may be on its way); one still different is a
   * mismatch. Call it with the load paused: a book under load is always a little behind.
   */
  async verify(label: string, token: string): Promise<{ label: string; mismatches: string[] }> {
    this.figures.verifications++;
    const deadline = Date.now() + 30_000;
    const missing = () =>
      this.watchers.flatMap((w, i) => (w.status() !== 'open' ? [`client ${i}: ${w.status()}`] : this.watched.filter((id) => !w.books.has(id)).map((id) => `client ${i}: no image of market ${id}`)));
    while (missing().length > 0 && Date.now() < deadline) await sleep(200);
    await sleep(1_500);
    let found: string[] = [];
    for (let round = 0; round < 6; round++) {
      found = [...missing()];
      const servers = await this.serverBooks(token);
      for (const [origin, markets] of servers) if (typeof markets === 'string') found.push(`${origin}: getMatchDetail ${markets}`);
      for (const [i, w] of this.watchers.entries())
        for (const id of this.watched) {
          const book = w.books.get(id);
          if (!book) continue;
          for (const [origin, markets] of servers) {
            if (typeof markets === 'string') continue;
            const server = markets.get(id);
            if (!server) found.push(`client ${i}, market ${id}: not in ${origin}'s getMatchDetail`);
            else {
              const diff = difference(shared(book), shared(server));
              if (diff.length > 0)
                found.push(`client ${i} (on process ${w.at}, last told ${new Date(w.told.get(id) ?? 0).toISOString()}), market ${id}, held / ${origin}: ${diff.slice(0, 4).join('; ')}`);
            }
          }
        }
      if (found.length === 0) break;
      await sleep(500);
    }
    this.figures.mismatches += found.length;
    this.figures.examples.push(...found.slice(0, 3).map((f) => `${label}: ${f}`));
    return { label, mismatches: found };
  }

  /** The watched markets as each process's match/getMatchDetail shows them. */
  private async serverBooks(token: string): Promise<Map<string, Map<number, MarketView> | string>> {
    const out = new Map<string, Map<number, MarketView> | string>();
    const matchId = this.matchId();
    for (const origin of this.origins) {
      const res = await callApi(origin, 'getMatchDetail', { match_id: matchId }, token);
      if (res.kind !== 'ok') {
        out.set(origin, res.kind === 'refused' ? `refused ${res.code}` : `unanswered (${res.error})`);
        continue;
      }
      const markets = (res.data as MatchDetail).markets;
      out.set(origin, new Map(markets.filter((m) => this.watched.includes(m.market_id)).map((m) => [m.market_id, m])));
    }
    return out;
  }

  close(): void {
    this.closing = true;
    for (const w of this.watchers) w.live.close();
  }
}
