/**
 * The message broker between the server processes of one cluster (ADR 37): NATS core pub/sub,
 * at most once. What travels over it is only ever a hint (a push to deliver, a cache entry to
 * drop): the database stays the truth, so a message lost while the broker is away can make a
 * page late, never money wrong. Listeners hear when the link goes down and comes back, so the
 * caches that trust the hints can stop trusting memory meanwhile and drop what they may have
 * missed.
 */
import { connect, ErrorCode, Events, type NatsConnection } from 'nats';

export interface Broker {
  readonly kind: 'nats' | 'none';
  publish(subject: string, payload: Uint8Array): void;
  subscribe(subject: string, handler: (payload: Uint8Array) => void): void;
  /**
   * Asks whoever serves `subject` and waits for its answer (request and reply, ADR 65). Rejects
   * with `NoResponder` at once when nobody serves it, and after `timeoutMs` with no answer.
   */
  request(subject: string, payload: Uint8Array, timeoutMs: number): Promise<Uint8Array>;
  /** Answers the requests on `subject` with what `handler` resolves to. */
  serve(subject: string, handler: (payload: Uint8Array) => Promise<Uint8Array>): void;
  /** Connected now: what others publish reaches this process. Always true without a broker. */
  isUp(): boolean;
  /** Told `false` when the link drops and `true` when it is back. */
  onStatus(listener: (up: boolean) => void): () => void;
  /** A round trip to the broker within `timeoutMs` (the readiness check). */
  ping(timeoutMs: number): Promise<boolean>;
  /** Messages published and heard since the process connected (the metrics, ADR 61). */
  messageCounts(): { sent: number; received: number };
  close(): Promise<void>;
}

/** One process, no broker: nothing to publish to, nobody else to hear. */
export const noBroker: Broker = {
  kind: 'none',
  publish: () => undefined,
  subscribe: () => undefined,
  request: () => Promise.reject(new NoResponder('no broker')),
  serve: () => undefined,
  isUp: () => true,
  onStatus: () => () => undefined,
  ping: async () => true,
  messageCounts: () => ({ sent: 0, received: 0 }),
  close: async () => undefined,
};

/** A request nobody serves (its process is gone), or whose answer did not come in time. */
export class NoResponder extends Error {
  constructor(
    message: string,
    /** True when the request may have reached its server (no answer in time): it may have been done. */
    readonly mayHaveRun = false,
  ) {
    super(message);
    this.name = 'NoResponder';
  }
}

export class NatsBroker implements Broker {
  readonly kind = 'nats';
  private up = true;
  private readonly listeners = new Set<(up: boolean) => void>();

  private constructor(private readonly nc: NatsConnection) {
    void this.watch();
  }

  /** Connects (retrying until the broker answers, then reconnecting forever after a drop). */
  static async connect(url: string, name: string): Promise<NatsBroker> {
    const nc = await connect({
      servers: url,
      name,
      waitOnFirstConnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      reconnectJitter: 100,
      // A dead link is noticed within about 4 s even when no TCP reset comes (a cut cable).
      pingInterval: 2_000,
      maxPingOut: 2,
    });
    return new NatsBroker(nc);
  }

  publish(subject: string, payload: Uint8Array): void {
    if (this.nc.isClosed()) return;
    this.nc.publish(subject, payload);
  }

  subscribe(subject: string, handler: (payload: Uint8Array) => void): void {
    this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (!err) handler(msg.data);
      },
    });
  }

  async request(subject: string, payload: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    if (this.nc.isClosed()) throw new NoResponder('the broker link is closed');
    try {
      return (await this.nc.request(subject, payload, { timeout: timeoutMs })).data;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === ErrorCode.NoResponders) throw new NoResponder(`nobody serves ${subject}`);
      if (code === ErrorCode.Timeout) throw new NoResponder(`no answer on ${subject} within ${timeoutMs} ms`, true);
      throw error;
    }
  }

  serve(subject: string, handler: (payload: Uint8Array) => Promise<Uint8Array>): void {
    this.nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err || !msg.reply) return;
        void handler(msg.data).then(
          (answer) => {
            if (!this.nc.isClosed()) msg.respond(answer);
          },
          () => undefined,
        );
      },
    });
  }

  isUp(): boolean {
    return this.up && !this.nc.isClosed();
  }

  messageCounts(): { sent: number; received: number } {
    // The NATS client's own counters: every message published or delivered on this connection.
    const { outMsgs, inMsgs } = this.nc.stats();
    return { sent: outMsgs, received: inMsgs };
  }

  onStatus(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async ping(timeoutMs: number): Promise<boolean> {
    if (!this.isUp()) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([this.nc.flush().then(() => true, () => false), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.close();
  }

  private async watch(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === Events.Disconnect) this.set(false);
      else if (status.type === Events.Reconnect) this.set(true);
    }
  }

  private set(up: boolean): void {
    if (this.up === up) return;
    this.up = up;
    for (const listener of this.listeners) listener(up);
  }
}
