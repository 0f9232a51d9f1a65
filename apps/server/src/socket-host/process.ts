/**
 * The server's side of the socket host (ADR 62): forks the host, hands it each socket upgraded at
 * `/ws`, and stands in for each of its sockets with a `RemoteSocket`, which the live hub's
 * connections use as they would a `ws` socket. Writes are batched by frame: the hub's broadcast
 * hands the same frame to each subscriber's socket in one go, and that becomes one IPC message
 * with every socket's id. A host that dies is forked again; its sockets are gone and their
 * clients reconnect, as after any dropped connection.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FromHost, SocketHostSettings, ToHost } from './protocol.ts';

/** Where the host's entry is, and how Node runs it (the sources need tsx's loader). */
export interface SocketHostEntry {
  path: string;
  execArgv: string[];
}

export interface SocketHostOptions extends SocketHostSettings {
  entry: SocketHostEntry;
  log: FastifyBaseLogger;
  /** A socket finished its handshake: `token` from its URL, if it had one. */
  opened: (socket: RemoteSocket, token: string | null) => void;
  /** The host closed a socket as a slow consumer (the hub counts them). */
  slowConsumer: () => void;
}

const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;
/** The wait before a host that died is forked again. */
const RESTART_MS = 500;
/** How long a stopping host gets to close its sockets and leave. */
const STOP_WAIT_MS = 3_000;

/** One socket held by the host, as the hub's connections see it. */
export class RemoteSocket extends EventEmitter {
  readyState = OPEN;
  /** The host applies the slow-consumer bound itself, where the unsent bytes are known. */
  readonly bufferedAmount = 0;

  constructor(
    readonly id: number,
    private readonly host: SocketHostProcess,
  ) {
    super();
  }

  send(frame: Buffer): void {
    if (this.readyState === OPEN) this.host.write(this.id, frame);
  }

  ping(): void {
    if (this.readyState === OPEN) this.host.ping(this.id);
  }

  close(code: number, reason: string): void {
    if (this.readyState >= CLOSING) return;
    this.readyState = CLOSING;
    this.host.command({ t: 'close', id: this.id, code, reason });
  }

  terminate(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSING;
    this.host.command({ t: 'terminate', id: this.id });
  }

  /** The host says it is gone. */
  ended(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.emit('close');
  }
}

export class SocketHostProcess {
  private child: ChildProcess | null = null;
  private readonly sockets = new Map<number, RemoteSocket>();
  /** Sockets handed over whose handshake is not done: their URL's token. */
  private readonly handshakes = new Map<number, string | null>();
  private nextId = 1;
  /** The writes of this turn of the loop, in order: a frame to several sockets, or pings. */
  private pending: { frame: Buffer; ids: number[] } | { pings: number[] } | null = null;
  private stopping = false;
  /** The host listens: sockets may be handed over (before, one is refused: its client retries). */
  private listening = false;
  private onReady: (() => void)[] = [];
  /** Messages sent to the host and sockets handed over, since it started (tests read them). */
  readonly stats = { messages: 0, adopted: 0, restarts: 0 };

  constructor(private readonly options: SocketHostOptions) {
    this.spawn();
  }

  /** Waits until the host listens on its channel. */
  async ready(): Promise<void> {
    if (this.listening) return;
    const child = this.child!;
    await new Promise<void>((resolve, reject) => {
      this.onReady.push(resolve);
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(new Error(`the socket host left before it was ready (exit code ${code})`)),
      );
    });
  }

  /** The host process's id (tests kill it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get socketCount(): number {
    return this.sockets.size;
  }

  /** A socket upgraded at `/ws`: handed to the host, which answers the handshake. */
  adopt(request: IncomingMessage, socket: Duplex, head: Buffer, token: string | null): void {
    const child = this.child;
    if (!child?.connected || !this.listening || this.stopping) {
      socket.destroy();
      return;
    }
    const id = this.nextId++;
    this.handshakes.set(id, token);
    this.flush();
    const message: ToHost = {
      t: 'adopt',
      id,
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      head: new Uint8Array(head),
    };
    this.stats.adopted++;
    // Handed over as a plain socket, not as one of the HTTP server's: Node would otherwise count
    // it as a cluster worker's connection, and `server.close()` would wait on the host, for ever
    // once the host has left. The server's own count of it ends below, when this process's
    // stand-in (its handle gone to the host) is destroyed.
    (socket as Socket & { server: unknown }).server = null;
    child.send(message, socket as Socket, (error) => {
      if (error) this.handshakes.delete(id);
      socket.destroy();
    });
  }

  write(id: number, frame: Buffer): void {
    const pending = this.pending;
    if (pending && 'frame' in pending && pending.frame === frame) pending.ids.push(id);
    else this.queue({ frame, ids: [id] });
  }

  ping(id: number): void {
    const pending = this.pending;
    if (pending && 'pings' in pending) pending.pings.push(id);
    else this.queue({ pings: [id] });
  }

  /** A command for one socket, after the writes before it. */
  command(message: ToHost): void {
    this.flush();
    this.post(message);
  }

  /** Closes every socket (their clients reconnect elsewhere) and waits for the host to leave. */
  async stop(reason: string): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const child = this.child;
    this.flush();
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.connected) this.post({ t: 'shutdown', reason });
      else child.kill('SIGKILL');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WAIT_MS);
      await exited;
      clearTimeout(timer);
    }
    this.endAll();
  }

  private queue(next: NonNullable<SocketHostProcess['pending']>): void {
    if (this.pending) this.flush();
    else queueMicrotask(() => this.flush());
    this.pending = next;
  }

  private flush(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    if ('frame' in pending) this.post({ t: 'send', ids: pending.ids, frame: pending.frame });
    else this.post({ t: 'ping', ids: pending.pings });
  }

  private post(message: ToHost): void {
    const child = this.child;
    if (!child?.connected) return;
    this.stats.messages++;
    child.send(message);
  }

  private spawn(): void {
    const { entry, log } = this.options;
    const { maxPayload, maxBufferedBytes, slowConsumerCode, shutdownCode } = this.options;
    const settings: SocketHostSettings = { maxPayload, maxBufferedBytes, slowConsumerCode, shutdownCode };
    const child = fork(entry.path, [JSON.stringify(settings)], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    this.listening = false;
    child.on('message', (message: FromHost) => this.received(message));
    child.on('error', (error) => log.error({ err: error }, 'live: socket host error'));
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.endAll();
      if (this.stopping) return;
      log.error({ code, signal }, 'live: the socket host died; its sockets are gone, starting another');
      this.stats.restarts++;
      setTimeout(() => {
        if (!this.stopping) this.spawn();
      }, RESTART_MS).unref();
    });
  }

  private received(message: FromHost): void {
    switch (message.t) {
      case 'ready':
        this.listening = true;
        for (const wake of this.onReady.splice(0)) wake();
        return;
      case 'open': {
        const token = this.handshakes.get(message.id);
        if (token === undefined) return;
        this.handshakes.delete(message.id);
        const socket = new RemoteSocket(message.id, this);
        this.sockets.set(message.id, socket);
        this.options.opened(socket, token);
        return;
      }
      case 'message':
        this.sockets.get(message.id)?.emit('message', message.data);
        return;
      case 'pong':
        this.sockets.get(message.id)?.emit('pong');
        return;
      case 'closed': {
        this.handshakes.delete(message.id);
        const socket = this.sockets.get(message.id);
        if (!socket) return;
        this.sockets.delete(message.id);
        if (message.slow) this.options.slowConsumer();
        socket.ended();
      }
    }
  }

  /** The host is gone: so is every socket it held. */
  private endAll(): void {
    this.handshakes.clear();
    const sockets = [...this.sockets.values()];
    this.sockets.clear();
    for (const socket of sockets) socket.ended();
  }
}
