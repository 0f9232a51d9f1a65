/**
 * The socket host (ADR 62): the child process that holds the live push's sockets, so that writing
 * a delta to a thousand of them runs on a loop of its own, not on the one that runs the bet path.
 *
 * It decides nothing: the server process authenticates, subscribes and closes; the host finishes
 * each handshake it is handed, passes every client message and pong up, writes the frames it is
 * told to, and applies the one rule that needs a socket's own state: a socket whose unsent bytes
 * pass the bound is a slow consumer and is closed (the server is told).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { FromHost, SocketHostSettings, ToHost } from './protocol.ts';

/** The host's side of the IPC channel (the child process's own, in socket-host.ts). */
export interface HostChannel {
  send(message: FromHost): void;
  onMessage(listener: (message: ToHost, handle: Socket | undefined) => void): void;
  /** The server process is gone (killed, or closed the channel): the host ends. */
  onDisconnect(listener: () => void): void;
  /** Leaves: every socket is closed. */
  exit(): void;
}

/** How long the sockets get to close at a shutdown before they are cut. */
const SHUTDOWN_GRACE_MS = 1_000;

export function runSocketHost(settings: SocketHostSettings, channel: HostChannel): void {
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: settings.maxPayload,
    clientTracking: false,
  });
  const sockets = new Map<number, WebSocket>();
  let stopping = false;

  const adopt = (message: Extract<ToHost, { t: 'adopt' }>, socket: Socket | undefined) => {
    const { id } = message;
    if (!socket || stopping) {
      socket?.destroy();
      channel.send({ t: 'closed', id });
      return;
    }
    let opened = false;
    // A handshake ws refuses (a bad key, a wrong version) ends with the socket, no callback.
    socket.once('close', () => {
      if (!opened) channel.send({ t: 'closed', id });
    });
    const request = { method: message.method, url: message.url, headers: message.headers } as IncomingMessage;
    server.handleUpgrade(request, socket, Buffer.from(message.head), (ws) => {
      opened = true;
      sockets.set(id, ws);
      ws.on('message', (data: RawData) => channel.send({ t: 'message', id, data: String(data) }));
      ws.on('pong', () => channel.send({ t: 'pong', id }));
      // 'close' follows an error.
      ws.on('error', () => {});
      ws.on('close', () => {
        if (sockets.delete(id)) channel.send({ t: 'closed', id });
        if (stopping && sockets.size === 0) channel.exit();
      });
      channel.send({ t: 'open', id });
    });
  };

  const send = (ids: number[], bytes: Uint8Array) => {
    const frame = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (const id of ids) {
      const ws = sockets.get(id);
      if (!ws || ws.readyState !== WebSocket.OPEN) continue;
      if (ws.bufferedAmount > settings.maxBufferedBytes) {
        // It cannot keep up: closed, it reconnects and starts again from fresh images.
        sockets.delete(id);
        channel.send({ t: 'closed', id, slow: true });
        ws.close(settings.slowConsumerCode, 'Too slow to keep up');
        continue;
      }
      ws.send(frame, { binary: false });
    }
  };

  const shutdown = (reason: string) => {
    stopping = true;
    if (sockets.size === 0) return channel.exit();
    for (const ws of sockets.values()) ws.close(settings.shutdownCode, reason);
    setTimeout(() => {
      for (const ws of sockets.values()) ws.terminate();
      channel.exit();
    }, SHUTDOWN_GRACE_MS).unref();
  };

  channel.onMessage((message, handle) => {
    switch (message.t) {
      case 'adopt':
        return adopt(message, handle);
      case 'send':
        return send(message.ids, message.frame);
      case 'ping':
        for (const id of message.ids) sockets.get(id)?.ping();
        return;
      case 'close':
        return sockets.get(message.id)?.close(message.code, message.reason);
      case 'terminate':
        return sockets.get(message.id)?.terminate();
      case 'shutdown':
        return shutdown(message.reason);
    }
  });
  channel.onDisconnect(() => {
    for (const ws of sockets.values()) ws.terminate();
    channel.exit();
  });
  channel.send({ t: 'ready' });
}
