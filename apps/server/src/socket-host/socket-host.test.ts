/**
 * The socket host (ADR 62) as the server uses it: a real child process, sockets upgraded at a
 * real HTTP server and handed over, real `ws` clients on loopback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE } from '@exchange/contracts';
import { socketHostEntry } from '../package-dir.ts';
import { SocketHostProcess, type RemoteSocket } from './index.ts';

const quiet = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

interface Rig {
  host: SocketHostProcess;
  url: string;
  /** Each socket the host opened, with the token of its URL. */
  opened: { socket: RemoteSocket; token: string | null }[];
  slow: { count: number };
}

const servers: Server[] = [];
const hosts: SocketHostProcess[] = [];
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  await Promise.all(hosts.splice(0).map((host) => host.stop('test over')));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function rig(maxBufferedBytes = 4 * 1024 * 1024): Promise<Rig> {
  const opened: Rig['opened'] = [];
  const slow = { count: 0 };
  const host = new SocketHostProcess({
    entry: socketHostEntry(),
    log: quiet,
    maxPayload: 16 * 1024,
    maxBufferedBytes,
    slowConsumerCode: LIVE_CLOSE.SLOW_CONSUMER,
    shutdownCode: LIVE_CLOSE.SHUTTING_DOWN,
    opened: (socket, token) => {
      opened.push({ socket, token });
    },
    slowConsumer: () => slow.count++,
  });
  hosts.push(host);
  await host.ready();
  const server = createServer((_, res) => res.end());
  servers.push(server);
  server.on('upgrade', (request, socket, head) =>
    host.adopt(request, socket, head, new URL(request.url ?? '/', 'http://host').searchParams.get('token')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  return { host, url, opened, slow };
}

async function client(url: string): Promise<{ ws: WebSocket; messages: string[]; closed: Promise<number> }> {
  const ws = new WebSocket(url);
  clients.push(ws);
  const messages: string[] = [];
  ws.on('message', (data) => messages.push(String(data)));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, messages, closed };
}

const until = async (done: () => boolean, timeoutMs = 5_000) => {
  const from = Date.now();
  while (!done()) {
    if (Date.now() - from > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('socket host process', () => {
  it('finishes the handshake, passes messages both ways, and writes one frame to many sockets in one message', async () => {
    const { host, url, opened } = await rig();
    const a = await client(`${url}?token=tok-a`);
    await until(() => opened.length === 1);
    const b = await client(url);
    const c = await client(url);
    await until(() => opened.length === 3);
    expect(opened.map((o) => o.token)).toEqual(['tok-a', null, null]);

    const heard = new Promise<string>((resolve) =>
      opened[1]!.socket.on('message', (data) => resolve(String(data))),
    );
    b.ws.send('{"op":"subscribe","market_ids":[1]}');
    expect(await heard).toBe('{"op":"subscribe","market_ids":[1]}');

    const before = host.stats.messages;
    const frame = Buffer.from('{"type":"heartbeat","at":1}');
    for (const { socket } of opened) socket.send(frame);
    await until(() => [a, b, c].every((x) => x.messages.length === 1));
    expect([a, b, c].map((x) => x.messages[0])).toEqual(Array(3).fill('{"type":"heartbeat","at":1}'));
    // Three sockets, one IPC message.
    expect(host.stats.messages - before).toBe(1);

    // A close from the server side reaches the client with its code, and ends the stand-in.
    const ended = new Promise((resolve) => opened[0]!.socket.on('close', resolve));
    opened[0]!.socket.close(LIVE_CLOSE.UNAUTHORIZED, 'Authenticate first');
    expect(await a.closed).toBe(LIVE_CLOSE.UNAUTHORIZED);
    await ended;
    expect(host.socketCount).toBe(2);
  });

  it('closes a socket that stops reading as a slow consumer, and tells the server', async () => {
    const { url, opened, slow } = await rig(64 * 1024);
    const stalled = await client(url);
    await until(() => opened.length === 1);
    const stand = opened[0]!.socket;
    const ended = new Promise((resolve) => stand.on('close', resolve));
    // The client reads nothing: its kernel buffers fill, then the host's send buffer grows.
    (stalled.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const big = JSON.stringify({ type: 'heartbeat', at: 1, pad: 'x'.repeat(256 * 1024) });
    for (let i = 0; i < 200 && slow.count === 0; i++) {
      stand.send(Buffer.from(big));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => slow.count === 1);
    await ended;
    (stalled.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    expect(await stalled.closed).toBe(LIVE_CLOSE.SLOW_CONSUMER);
  });

  it('a host that dies takes its sockets with it, and another host takes the next ones', async () => {
    const { host, url, opened } = await rig();
    const first = await client(url);
    await until(() => opened.length === 1);
    const ended = new Promise((resolve) => opened[0]!.socket.on('close', resolve));
    const pid = host.pid!;
    process.kill(pid, 'SIGKILL');
    expect(await first.closed).toBe(1006);
    await ended;
    await until(() => host.stats.restarts === 1 && host.pid !== pid && host.pid !== undefined);
    await host.ready();
    // The new host answers handshakes.
    const second = await client(url);
    await until(() => opened.length === 2);
    opened[1]!.socket.send(Buffer.from('{"type":"heartbeat","at":2}'));
    await until(() => second.messages.length === 1);
  });

  it('stops by closing every socket with the shutdown code', async () => {
    const { host, url, opened } = await rig();
    const a = await client(url);
    const b = await client(url);
    await until(() => opened.length === 2);
    await host.stop('server shutting down');
    expect(await a.closed).toBe(LIVE_CLOSE.SHUTTING_DOWN);
    expect(await b.closed).toBe(LIVE_CLOSE.SHUTTING_DOWN);
    expect(host.socketCount).toBe(0);
  });
});
