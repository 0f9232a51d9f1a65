/**
 * Which process matches which market (ADR 65): rendezvous hashing over the processes alive now.
 * Each process says it is alive every second over the broker; one unheard for a few seconds (or
 * that said it is leaving) is gone, and its markets pass to the process that scores next for
 * each, which rebuilds their books from the database at their next bet. Every process computes
 * the same owner from the same set, with no table and no election; while two processes disagree
 * (a second after a start or a death) both may match a market, which costs a reload per commit
 * and nothing else: the version check at each write keeps the book right (ADR 45).
 */
import type { ClusterBus } from './bus.ts';

export interface MarketOwnersOptions {
  /** How often this process says it is alive. */
  heartbeatMs?: number;
  /** A process unheard this long is gone. */
  goneAfterMs?: number;
}

export class MarketOwners {
  /** The other processes heard, with when they were last heard. */
  private readonly peers = new Map<string, number>();
  private readonly gone = new Set<(processId: string) => void>();
  private readonly stops: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Owner by market, for the set of processes as it is now (emptied when it changes). */
  private readonly owners = new Map<number, string>();
  private readonly heartbeatMs: number;
  private readonly goneAfterMs: number;

  constructor(
    private readonly bus: ClusterBus,
    options: MarketOwnersOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 1_000;
    this.goneAfterMs = options.goneAfterMs ?? 3_500;
  }

  get self(): string {
    return this.bus.processId;
  }

  start(): void {
    const heard = ({ processId }: { processId: string }) => this.heard(processId);
    this.stops.push(
      this.bus.on('alive', heard),
      // A process that starts is told at once who is there, not a second later.
      this.bus.on('joined', (peer) => {
        this.heard(peer.processId);
        this.bus.publish('alive', { processId: this.self });
      }),
      this.bus.on('leaving', ({ processId }) => this.drop(processId)),
    );
    this.bus.publish('alive', { processId: this.self });
    this.timer = setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
  }

  /** Stops the heartbeat and tells the others to take this process's markets now. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const stop of this.stops.splice(0)) stop();
    this.bus.publish('leaving', { processId: this.self });
  }

  /** The processes that match markets now, this one among them, sorted. */
  live(): string[] {
    return [this.self, ...this.peers.keys()].sort();
  }

  /** The process that matches `marketId` now. */
  ownerOf(marketId: number): string {
    let owner = this.owners.get(marketId);
    if (owner === undefined) {
      let best = -1;
      for (const processId of this.live()) {
        const score = rendezvousScore(processId, marketId);
        if (score > best) [best, owner] = [score, processId];
      }
      this.owners.set(marketId, owner!);
    }
    return owner!;
  }

  /** Calls `listener` with each process found gone (unheard, leaving, or not serving a call). */
  onGone(listener: (processId: string) => void): () => void {
    this.gone.add(listener);
    return () => this.gone.delete(listener);
  }

  /** A call to `processId` found nobody serving it: gone now, not at the next heartbeat. */
  drop(processId: string): void {
    if (processId === this.self || !this.peers.delete(processId)) return;
    this.owners.clear();
    for (const listener of this.gone) listener(processId);
  }

  private heard(processId: string): void {
    if (processId === this.self) return;
    if (!this.peers.has(processId)) this.owners.clear();
    this.peers.set(processId, Date.now());
  }

  private beat(): void {
    this.bus.publish('alive', { processId: this.self });
    const before = Date.now() - this.goneAfterMs;
    for (const [processId, at] of this.peers) if (at < before) this.drop(processId);
  }
}

/** A process's score for a market (FNV-1a over both, then mixed): the highest score owns it. */
export function rendezvousScore(processId: string, marketId: number): number {
  let h = 0x811c9dc5;
  const key = `${processId}#${marketId}`;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // FNV's low bits mix poorly for keys that differ only at the end: a finaliser spreads them.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
