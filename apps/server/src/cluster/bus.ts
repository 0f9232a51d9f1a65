/**
 * What the processes of one cluster tell each other (ADR 37), typed, over the broker. A process
 * publishes each of its commits once; the others hear it and do what they would have done for a
 * commit of their own: push to their sockets, drop the cache entries it made stale. A process
 * never hears its own messages (it has handled its commit already).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { BetNotice } from '../services/betting/index.ts';
import type { LoginGuess } from '../services/login-limiter.ts';
import type { StoredNotification } from '../services/notifications/index.ts';
import { noBroker, type Broker } from './broker.ts';

export interface ClusterMessages {
  /** A market's change committed: the hub rereads it, the market cache drops it. */
  market: { marketId: number; userIds: number[]; bets: BetNotice[]; committedAt: number };
  /** A match row changed, or its result (the main market settled or rolled back). */
  match: { matchId: number; committedAt: number };
  /** Balances moved outside betting (casino, payments, chips, a voided win). */
  balance: { userIds: number[] };
  /** A payment request of this user was made or decided (the console's nudge). */
  payment: { userId: number };
  /** A session ended (logout: its token hash) or all of a user's (password change, lock). */
  session: { tokenHash: string } | { userId: number };
  /** A password guess counted or taken back: the login limit holds across the processes. */
  login: LoginGuess;
  /** A notification stored for this user (ADR 51): every process pushes it to the user's sockets it holds. */
  notification: StoredNotification;
  /**
   * A process (re)started. A process killed between a commit and its messages leaves the others
   * holding what that commit changed: they drop every cache (balances, sessions, markets) when it
   * comes back.
   */
  joined: { processId: string };
  /** A process is alive (every second, ADR 65): the processes heard lately match the markets. */
  alive: { processId: string };
  /** A process is shutting down: its markets go to the others at once. */
  leaving: { processId: string };
}

export type ClusterTopic = keyof ClusterMessages;
const TOPICS: ClusterTopic[] = ['market', 'match', 'balance', 'payment', 'session', 'login', 'notification', 'joined', 'alive', 'leaving'];

interface Envelope {
  from: string;
  body: unknown;
}

/** How long a call's answer may wait for its commit's messages to reach the broker. */
const SETTLE_TIMEOUT_MS = 100;

export class ClusterBus {
  private readonly handlers = new Map<ClusterTopic, Set<(body: never) => void>>();
  /** Something was published since the last flush began. */
  private unflushed = false;
  /** The flush that covers everything published before it began. */
  private lastFlush: Promise<unknown> = Promise.resolve();

  constructor(
    readonly broker: Broker,
    /** Subjects are `<prefix>.<topic>`: several clusters can share one broker. */
    private readonly prefix: string,
    readonly processId: string = newProcessId(),
  ) {
    for (const topic of TOPICS) {
      broker.subscribe(`${prefix}.${topic}`, (payload) => this.receive(topic, payload));
    }
  }

  /** A bus for one process: nothing goes anywhere, nothing comes. */
  static local(): ClusterBus {
    return new ClusterBus(noBroker, 'local');
  }

  get clustered(): boolean {
    return this.broker.kind !== 'none';
  }

  publish<K extends ClusterTopic>(topic: K, body: ClusterMessages[K]): void {
    if (!this.clustered) return;
    const envelope: Envelope = { from: this.processId, body };
    this.broker.publish(`${this.prefix}.${topic}`, Buffer.from(JSON.stringify(envelope)));
    this.unflushed = true;
  }

  /**
   * Resolves once what was published so far has reached the broker (one round trip, shared by
   * the calls answering meanwhile; bounded, and skipped while the broker is down). A call that
   * committed awaits it before it answers, so a caller who then asks another process finds that
   * process told already, but for the broker's last hop.
   */
  settle(): Promise<unknown> {
    if (this.unflushed && this.broker.isUp()) {
      this.unflushed = false;
      this.lastFlush = this.broker.ping(SETTLE_TIMEOUT_MS);
    }
    return this.lastFlush;
  }

  /**
   * Asks process `to` (request and reply over the broker, ADR 65) and resolves to its answer; the
   * broker's NoResponder when it does not serve (gone) or did not answer within `timeoutMs`.
   */
  async ask(to: string, body: unknown, timeoutMs: number): Promise<unknown> {
    const answer = await this.broker.request(`${this.prefix}.calls.${to}`, Buffer.from(JSON.stringify(body)), timeoutMs);
    return JSON.parse(Buffer.from(answer).toString('utf8'));
  }

  /** Answers what the others ask this process with what `handler` resolves to. */
  answer(handler: (body: unknown) => Promise<unknown>): void {
    this.broker.serve(`${this.prefix}.calls.${this.processId}`, async (payload) => {
      const answer = await handler(JSON.parse(Buffer.from(payload).toString('utf8')));
      return Buffer.from(JSON.stringify(answer));
    });
  }

  /** Listens to what the other processes publish on `topic`; returns the unsubscribe. */
  on<K extends ClusterTopic>(topic: K, handler: (body: ClusterMessages[K]) => void): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler as (body: never) => void);
    return () => set.delete(handler as (body: never) => void);
  }

  private receive(topic: ClusterTopic, payload: Uint8Array): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(Buffer.from(payload).toString('utf8')) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === this.processId) return;
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        (handler as (body: unknown) => void)(envelope.body);
      } catch {
        // One listener's failure must not keep the message from the others.
      }
    }
  }
}

/** Unique per process start: host, pid and a random part (a restarted pid is a new process). */
export function newProcessId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** The subject prefix of the cluster on this database: processes of one cluster share it. */
export function subjectPrefixFor(databaseUrl: string): string {
  return `exchange.${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16)}`;
}
