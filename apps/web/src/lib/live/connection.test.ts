/**
 * The shared socket's client logic over real sockets: a scripted `ws` server on loopback plays
 * the server's side of the protocol (ready, images, deltas, drops), so reconnection, back-off,
 * resubscription and sequence gaps are checked as they happen on the wire.
 */
import type { LiveClientMessage, LiveServerMessage } from '@exchange/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { LiveClient, type LiveSocket } from './connection';
import { market } from './test-markets';

interface Script {
  server: WebSocketServer;
  url: string;
  received: LiveClientMessage[];
  sockets: WebSocket[];
  connections: number[];
}

async function scriptedServer(onMessage: (socket: WebSocket, message: LiveClientMessage, script: Script) => void): Promise<Script> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as { port: number };
  const script: Script = { server, url: `ws://127.0.0.1:${port}/ws`, received: [], sockets: [], connections: [] };
  server.on('connection', (socket) => {
    script.sockets.push(socket);
    script.connections.push(Date.now());
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as LiveClientMessage;
      script.received.push(message);
      onMessage(socket, message, script);
    });
  });
  return script;
}

const send = (socket: WebSocket, message: LiveServerMessage) => socket.send(JSON.stringify(message));
const image = (id: number, seq: number): LiveServerMessage => ({
  type: 'market_image',
  market_id: id,
  seq,
  at: Date.now(),
  market: market(id),
});

/** A protocol-following server: ready on a good token, an image (seq 5) on each subscribe. */
const followProtocol = (socket: WebSocket, message: LiveClientMessage) => {
  if (message.op === 'auth') {
    if (message.token === 'good') send(socket, { type: 'ready', user_id: 1, heartbeat_ms: 15_000, max_markets: 50 });
    else socket.close(4401, 'no');
  }
  if (message.op === 'subscribe') for (const id of message.market_ids) send(socket, image(id, 5));
};

const until = async (check: () => boolean, timeoutMs = 3_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('live client', () => {
  let script: Script | undefined;
  let client: LiveClient | undefined;
  afterEach(async () => {
    client?.close();
    await new Promise<void>((resolve) => (script ? script.server.close(() => resolve()) : resolve()));
    script = client = undefined;
  });

  function start(s: Script, token: () => string = () => 'good') {
    const messages: LiveServerMessage[] = [];
    const stopped: number[] = [];
    client = new LiveClient({
      url: () => s.url,
      token,
      createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
      handlers: { message: (m) => messages.push(m), marketStopped: (id) => stopped.push(id) },
      random: () => 0,
      idleCloseMs: 50,
    });
    return { client, messages, stopped };
  }

  it('authenticates, subscribes what is retained once, and shares a market between two retainers', async () => {
    script = await scriptedServer(followProtocol);
    const { client, messages } = start(script);
    const releaseA = client.retainMarkets([3, 4]);
    const releaseB = client.retainMarkets([4]);
    await until(() => messages.filter((m) => m.type === 'market_image').length === 2);
    expect(client.status).toBe('open');
    expect(script.received).toEqual([
      { op: 'auth', token: 'good' },
      { op: 'subscribe', market_ids: [3, 4] },
    ]);
    releaseA();
    await until(() => script!.received.length === 3);
    expect(script.received[2]).toEqual({ op: 'unsubscribe', market_ids: [3] });
    releaseB();
    // Nothing retained: the socket closes after the idle delay.
    await until(() => client.status === 'idle');
  });

  it('reconnects with back-off after a drop and subscribes again, so each market gets a fresh image', async () => {
    script = await scriptedServer(followProtocol);
    const { client, messages, stopped } = start(script);
    client.retainMarkets([9]);
    await until(() => messages.some((m) => m.type === 'market_image'));
    script.sockets[0]!.terminate();
    await until(() => client.status === 'reconnecting');
    expect(stopped).toEqual([9]);
    await until(() => messages.filter((m) => m.type === 'market_image').length === 2);
    expect(client.status).toBe('open');
    // random() = 0: the first retry waits half of 500 ms.
    const waited = script.connections[1]! - script.connections[0]!;
    expect(waited).toBeGreaterThanOrEqual(240);
    expect(script.received.filter((m) => m.op === 'subscribe')).toEqual([
      { op: 'subscribe', market_ids: [9] },
      { op: 'subscribe', market_ids: [9] },
    ]);
  });

  it('passes deltas in sequence, drops repeats, and asks for a new image on a gap', async () => {
    script = await scriptedServer(followProtocol);
    const { client, messages, stopped } = start(script);
    client.retainMarkets([2]);
    await until(() => messages.some((m) => m.type === 'market_image'));
    const socket = script.sockets[0]!;
    const delta = (seq: number): LiveServerMessage => ({ type: 'market_delta', market_id: 2, seq, at: 1, since: 1, changes: {} });
    for (const seq of [5, 6, 7, 9]) send(socket, delta(seq));
    await until(() => script!.received.filter((m) => m.op === 'subscribe').length === 2);
    expect(messages.filter((m) => m.type === 'market_delta').map((m) => (m as { seq: number }).seq)).toEqual([6, 7]);
    expect(stopped).toEqual([2]);
    await until(() => messages.filter((m) => m.type === 'market_image').length === 2);
  });

  it('asks again for a market the server could not read (its database away), and comes back after "try again later"', async () => {
    let unavailable = 1;
    script = await scriptedServer((socket, message) => {
      if (message.op === 'auth' && unavailable-- > 0) return socket.close(1013, 'Try again later');
      if (message.op === 'subscribe' && script!.received.filter((m) => m.op === 'subscribe').length === 1)
        return send(socket, { type: 'error', code: 'MARKET_UNAVAILABLE', message: 'not now', market_ids: message.market_ids });
      followProtocol(socket, message);
    });
    const { client, messages } = start(script);
    client.retainMarkets([7]);
    await until(() => messages.some((m) => m.type === 'market_image'), 5_000);
    expect(client.status).toBe('open');
    expect(script.connections).toHaveLength(2);
    expect(script.received.filter((m) => m.op === 'subscribe')).toEqual([
      { op: 'subscribe', market_ids: [7] },
      { op: 'subscribe', market_ids: [7] },
    ]);
  });

  it('stops on a refused token and starts again with a new one', async () => {
    script = await scriptedServer(followProtocol);
    let token = 'bad';
    const { client } = start(script, () => token);
    const release = client.retainUser();
    await until(() => client!.status === 'unauthorized');
    // An absence, so a wait: a client that did retry would connect again after its first back-off
    // (250 ms with random() = 0, see the reconnect test); 400 ms is past it.
    await new Promise((r) => setTimeout(r, 400));
    expect(script.connections).toHaveLength(1);
    release();
    token = 'good';
    client.retainUser();
    await until(() => client!.status === 'open');
    expect(script.connections).toHaveLength(2);
  });

  it('opens a new socket when the tab logs in as someone else', async () => {
    script = await scriptedServer((socket, message) => {
      if (message.op === 'auth') send(socket, { type: 'ready', user_id: message.token === 'first' ? 1 : 2, heartbeat_ms: 15_000, max_markets: 50 });
    });
    let token = 'first';
    const { client, messages } = start(script, () => token);
    const release = client.retainUser();
    await until(() => client!.status === 'open');
    release();
    token = 'second';
    client.retainUser();
    await until(() => messages.filter((m) => m.type === 'ready').length === 2);
    expect(script.received.filter((m) => m.op === 'auth')).toEqual([
      { op: 'auth', token: 'first' },
      { op: 'auth', token: 'second' },
    ]);
    expect(script.sockets[0]!.readyState).not.toBe(WebSocket.OPEN);
  });
});
