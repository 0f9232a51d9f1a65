/**
 * Live push at `/ws` (ADR 22): the WebSocket route and the hub as the `live` decorator. The hub
 * listens to the betting service's commits, the casino wallet's and the payment requests' (ADR
 * 36), and to the notifications stored (ADR 51); a closing app closes it.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_CLOSE, LIVE_PATH } from '@exchange/contracts';
import { socketHostEntry } from '../package-dir.ts';
import { LiveHub, type LiveOptions } from './hub.ts';
import { SocketHostProcess } from '../socket-host/index.ts';

export { LiveHub, type LiveOptions } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
    /** The socket host process, when the live push holds its sockets there (ADR 62). */
    socketHost?: SocketHostProcess;
  }
}

export default fp<LiveOptions>(
  async (app, options) => {
    const hub = new LiveHub({ db: app.db, betting: app.betting, sessions: app.sessions, log: app.log, clock: app.clock }, options);
    hub.start({
      balances: [
        (listener) => app.casino.wallet.onCommitted(listener),
        // A decision moves the user's money and, for an approved one, its agent's.
        (listener) =>
          app.paymentEvents.on((event) => {
            listener(event.userId);
            listener(event.agentId);
          }),
        // Chips moved or locks changed by an agent.
        (listener) => app.accountEvents.on((event) => event.userIds.forEach(listener)),
        (listener) => app.bus.on('balance', (event) => event.userIds.forEach(listener)),
      ],
      paymentRequests: [
        (listener) => app.paymentEvents.on((event) => listener(event.userId)),
        (listener) => app.bus.on('payment', (event) => listener(event.userId)),
      ],
      // The other processes of a cluster (ADR 37): their commits reach the sockets held here.
      markets: [(listener) => app.bus.on('market', (event) => listener({ ...event, state: null }))],
      matches: [(listener) => app.bus.on('match', listener)],
      // The broker back, or a process (re)started: commits of the gap, or of a process killed
      // between its commit and its message, are in the database, not heard (the caches drop them
      // for the same reasons, cluster/wiring.ts).
      resyncs: [
        (listener) => app.bus.broker.onStatus(listener),
        (listener) => app.bus.on('joined', () => listener(true)),
      ],
      // Stored here, or by another process of the cluster (ADR 51).
      notifications: [
        (listener) => app.notifications.onStored(listener),
        (listener) => app.bus.on('notification', listener),
      ],
    });
    app.decorate('live', hub);
    if (options.socketHost) {
      await holdSocketsInHost(app, hub);
      return;
    }
    // Client messages are small (auth, subscribe): a larger one is refused by ws itself.
    await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE } });
    app.get<{ Querystring: { token?: string } }>(LIVE_PATH, { websocket: true }, (socket, request) => {
      hub.accept(socket, typeof request.query.token === 'string' ? request.query.token : null);
    });
    app.addHook('preClose', async () => hub.stop());
  },
  { name: 'live', dependencies: ['services', 'casino', 'notifications'] },
);

/** Client messages are small (auth, subscribe): a larger one is refused by ws itself. */
const MAX_CLIENT_MESSAGE = 16 * 1024;

/**
 * The sockets in the socket host process (ADR 62): every upgrade at `/ws` is handed over as it
 * comes (any other path is a 404), and the hub gets each socket once its handshake is done.
 */
async function holdSocketsInHost(app: FastifyInstance, hub: LiveHub): Promise<void> {
  const host = new SocketHostProcess({
    entry: socketHostEntry(),
    log: app.log,
    maxPayload: MAX_CLIENT_MESSAGE,
    maxBufferedBytes: hub.maxBufferedBytes,
    slowConsumerCode: LIVE_CLOSE.SLOW_CONSUMER,
    shutdownCode: LIVE_CLOSE.SHUTTING_DOWN,
    opened: (socket, token) => hub.accept(socket, token),
    slowConsumer: () => hub.stats.slowConsumers++,
  });
  await host.ready();
  app.decorate('socketHost', host);
  app.server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname !== LIVE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    host.adopt(request, socket, head, url.searchParams.get('token'));
  });
  app.addHook('preClose', async () => {
    hub.stop();
    await host.stop('server shutting down');
  });
}
