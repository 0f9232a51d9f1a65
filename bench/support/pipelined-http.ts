/**
 * The load generator's HTTP client: HTTP/1.1 over keep-alive sockets with pipelining, requests
 * written as prepared bytes and answers split by Content-Length. Nothing else: on a 2-core machine
 * shared with two servers and PostgreSQL, every microsecond the generator spends per request is
 * taken from the servers (undici or autocannon cost several times more per request: headers
 * objects, promises, a parser in WebAssembly). Good enough for the server's answers (Fastify
 * always sends Content-Length); anything else is counted as an error.
 */
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  body: Buffer;
}

/** What a request is waiting for: called with the answer, or with null if the socket failed. */
export type OnAnswer = (answer: Answer | null) => void;

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

/** A GET request's bytes, prepared once and written as many times as needed. */
export function getRequest(path: string, token?: string): Buffer {
  const auth = token ? `Authorization: Bearer ${token}\r\n` : '';
  return Buffer.from(`GET ${path} HTTP/1.1\r\nHost: bench\r\n${auth}\r\n`, 'latin1');
}

/** One keep-alive socket; answers arrive in the order the requests were written. */
export class PipelinedConnection {
  private readonly socket: Socket;
  private readonly waiting: OnAnswer[] = [];
  private buffered: Buffer = Buffer.alloc(0);
  private corked = false;
  failed = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    const fail = () => this.fail();
    socket.on('error', fail);
    socket.on('close', fail);
  }

  static open(port: number): Promise<PipelinedConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => resolve(new PipelinedConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Requests written and not answered yet. */
  get inFlight(): number {
    return this.waiting.length;
  }

  /** Writes a request; the writes of one turn of the event loop leave in one segment. */
  send(request: Buffer, onAnswer: OnAnswer): void {
    // Answered later, never inside the caller's own loop over its queue.
    if (this.failed) return queueMicrotask(() => onAnswer(null));
    this.waiting.push(onAnswer);
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(request);
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    let data = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      const headerEnd = data.indexOf(HEADER_END);
      if (headerEnd < 0) break;
      const head = data.toString('latin1', 0, headerEnd);
      const length = CONTENT_LENGTH.exec(head);
      if (!length) return this.fail();
      const bodyStart = headerEnd + 4;
      const bodyEnd = bodyStart + Number(length[1]);
      if (data.length < bodyEnd) break;
      const status = Number(head.slice(9, 12));
      this.waiting.shift()?.({ status, body: data.subarray(bodyStart, bodyEnd) });
      data = data.subarray(bodyEnd);
    }
    this.buffered = data;
  }

  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    this.socket.destroy();
    for (const onAnswer of this.waiting.splice(0)) onAnswer(null);
  }
}

/**
 * Connections to one server, given requests in turn, each holding at most `depth` in flight;
 * beyond that the requests wait here, in order, as they would in a client's queue (their
 * latency, measured from when they were due, includes that wait).
 */
export class ConnectionGroup {
  private next = 0;
  private readonly queue: { request: Buffer; onAnswer: OnAnswer }[] = [];
  private queueHead = 0;

  private constructor(
    private readonly connections: PipelinedConnection[],
    private readonly depth: number,
  ) {}

  static async open(port: number, count: number, depth: number): Promise<ConnectionGroup> {
    const connections = await Promise.all(
      Array.from({ length: count }, () => PipelinedConnection.open(port)),
    );
    return new ConnectionGroup(connections, depth);
  }

  send(request: Buffer, onAnswer: OnAnswer): void {
    if (this.queueHead < this.queue.length || !this.trySend(request, onAnswer))
      this.queue.push({ request, onAnswer });
  }

  /** Requests written or queued and not answered yet. */
  get outstanding(): number {
    return this.connections.reduce((n, c) => n + c.inFlight, 0) + this.queue.length - this.queueHead;
  }

  close(): void {
    for (const connection of this.connections) connection.close();
  }

  private trySend(request: Buffer, onAnswer: OnAnswer): boolean {
    for (let tried = 0; tried < this.connections.length; tried++) {
      const connection = this.connections[this.next]!;
      this.next = (this.next + 1) % this.connections.length;
      if (connection.inFlight < this.depth || connection.failed) {
        connection.send(request, (answer) => {
          onAnswer(answer);
          this.drain();
        });
        return true;
      }
    }
    return false;
  }

  private drain(): void {
    while (this.queueHead < this.queue.length) {
      const { request, onAnswer } = this.queue[this.queueHead]!;
      if (!this.trySend(request, onAnswer)) return;
      this.queueHead++;
    }
    this.queue.length = 0;
    this.queueHead = 0;
  }
}
