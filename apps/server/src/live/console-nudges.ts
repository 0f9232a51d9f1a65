/**
 * The console's nudges (ADR 36): something of a user changed (a payment request, its balance or
 * exposure), so every agent and root above it, if connected, is told to refetch. Users are
 * mapped to their upline through parent ids kept in memory: they never change after an account
 * is created, and unknown ones are read in one query per window.
 */
import type { LiveConsoleTopic } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { ancestorsIn, parentsUpFrom } from '../services/downline.ts';
import { WindowedFlush } from './windowed-flush.ts';

/** Bound on remembered parents; past it the memory starts again (it refills from the database). */
const MAX_PARENTS = 100_000;

export interface ConsoleNudgeDeps {
  db: Db;
  windowMs: number;
  /** Whether any agent or root has a socket: nothing is done for bettors alone. */
  anyConsole: () => boolean;
  /** Whether this user has a socket. */
  connected: (userId: number) => boolean;
  /** Sends one nudge to the sockets of these users. */
  deliver: (topic: LiveConsoleTopic, userIds: ReadonlySet<number>) => void;
  onError: (error: unknown) => void;
}

export class ConsoleNudges {
  private pending = new Map<number, Set<LiveConsoleTopic>>();
  private readonly parents = new Map<number, number | null>();
  private readonly flush: WindowedFlush;

  constructor(private readonly deps: ConsoleNudgeDeps) {
    this.flush = new WindowedFlush(deps.windowMs, () => this.send(), () => this.pending.size > 0, deps.onError);
  }

  /** Something of `userId` changed: its upline hears `topic` in the next window. */
  nudge(userId: number, topic: LiveConsoleTopic): void {
    if (!this.deps.anyConsole()) return;
    let topics = this.pending.get(userId);
    if (!topics) this.pending.set(userId, (topics = new Set()));
    topics.add(topic);
    this.flush.schedule();
  }

  stop(): void {
    this.flush.stop();
  }

  private async send(): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    if (this.parents.size > MAX_PARENTS) this.parents.clear();
    // Chains are read whole, so a user in memory has its whole upline in memory.
    const unknown = [...pending.keys()].filter((userId) => !this.parents.has(userId));
    if (unknown.length > 0) {
      for (const [userId, parentId] of await parentsUpFrom(this.deps.db, unknown)) this.parents.set(userId, parentId);
    }
    const to = new Map<LiveConsoleTopic, Set<number>>();
    for (const [userId, topics] of pending) {
      for (const above of ancestorsIn(this.parents, userId)) {
        if (!this.deps.connected(above)) continue;
        for (const topic of topics) {
          let users = to.get(topic);
          if (!users) to.set(topic, (users = new Set()));
          users.add(above);
        }
      }
    }
    for (const [topic, userIds] of to) this.deps.deliver(topic, userIds);
  }
}
