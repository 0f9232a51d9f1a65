/** A real WebSocket client of `/ws` for the live suites: collects every message with its arrival time. */
import WebSocket from 'ws';
import { LIVE_PATH, LiveServerMessage, type LiveClientMessage } from '@exchange/contracts';

export type Received = LiveServerMessage & { receivedAt: number };

export class LiveTestClient {
  readonly messages: Received[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      // Every message must match the contract: a parse failure fails the test that waits.
      const message = LiveServerMessage.parse(JSON.parse(String(data)));
      this.messages.push({ ...message, receivedAt: Date.now() });
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters.splice(0)) wake();
      }),
    );
  }

  /** Opens a socket to the server at `origin` (http://127.0.0.1:port); `token` goes in the query when given. */
  static async open(origin: string, options: { token?: string; autoPong?: boolean } = {}): Promise<LiveTestClient> {
    const url = new URL(LIVE_PATH, origin.replace(/^http/, 'ws'));
    if (options.token) url.searchParams.set('token', options.token);
    const socket = new WebSocket(url, { autoPong: options.autoPong ?? true });
    const client = new LiveTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** Opens and authenticates with a first `auth` message; resolves on `ready`. */
  static async connect(origin: string, token: string): Promise<LiveTestClient> {
    const client = await LiveTestClient.open(origin);
    client.send({ op: 'auth', token });
    await client.next((m) => m.type === 'ready');
    return client;
  }

  send(message: LiveClientMessage | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  /** How many messages have arrived: pass it as `from` to wait only for later ones. */
  mark(): number {
    return this.messages.length;
  }

  /** The first message from index `from` on that matches, waiting up to `timeoutMs` for it. */
  async next<T extends Received>(
    match: (m: Received) => m is T,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<T>;
  async next(match: (m: Received) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<Received>;
  async next(match: (m: Received) => boolean, { from = 0, timeoutMs = 5_000 } = {}): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED)
        throw new Error(`No matching live message within ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(from).map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Messages of a type from index `from` on. */
  all<K extends Received['type']>(type: K, from = 0): Extract<Received, { type: K }>[] {
    return this.messages.slice(from).filter((m): m is Extract<Received, { type: K }> => m.type === type);
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close();
    return this.closed;
  }
}
