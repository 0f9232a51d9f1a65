/**
 * The messages between a server process and its socket host (ADR 62), over the child process's
 * IPC channel with V8 serialization (frames travel as bytes, not as JSON of bytes).
 *
 * The server keeps every decision (who a socket is, what it may hear, when it is closed); the
 * host holds the sockets and does the writing: one `send` carries a frame and every socket it
 * goes to, so a delta to 1,000 subscribers is one message.
 */

/** What the host is told when it starts (its first argument, as JSON). */
export interface SocketHostSettings {
  /** The largest client message taken (ws refuses a larger one). */
  maxPayload: number;
  /** A socket whose unsent bytes pass this is a slow consumer: closed with `slowConsumerCode`. */
  maxBufferedBytes: number;
  slowConsumerCode: number;
  /** The close code of the sockets when the server goes away. */
  shutdownCode: number;
}

/** Server to host. */
export type ToHost =
  /** A socket upgraded at the server's HTTP port, its handle sent with this message. */
  | {
      t: 'adopt';
      id: number;
      method: string;
      url: string;
      headers: Record<string, string | string[] | undefined>;
      head: Uint8Array;
    }
  /** One frame to each of these sockets, in this order. */
  | { t: 'send'; ids: number[]; frame: Uint8Array }
  | { t: 'ping'; ids: number[] }
  | { t: 'close'; id: number; code: number; reason: string }
  | { t: 'terminate'; id: number }
  /** The server stops: every socket closed, then the host exits. */
  | { t: 'shutdown'; reason: string };

/** Host to server. */
export type FromHost =
  /** Listening on its channel: sockets may be handed over (what is sent before may be lost). */
  | { t: 'ready' }
  /** The handshake is done: the socket is open. */
  | { t: 'open'; id: number }
  | { t: 'message'; id: number; data: string }
  | { t: 'pong'; id: number }
  /** The socket is gone (or its handshake failed); `slow` when the host closed it as a slow consumer. */
  | { t: 'closed'; id: number; slow?: boolean };
