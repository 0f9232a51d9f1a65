/**
 * Live push at `/ws` (ADR 22): the WebSocket route and the hub as the `live` decorator. The hub
 * listens to the betting service's commits, the casino wallet's and the payment requests' (ADR
 * 36), and to the notifications stored (ADR 51); a closing app closes it.
 */
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import { LIVE_PATH } from '@exchange/contracts';
import { LiveHub, type LiveOptions } from './hub.ts';

export { LiveHub, type LiveOptions } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
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
    // Client messages are small (auth, subscribe): a larger one is refused by ws itself.
    await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
    app.get<{ Querystring: { token?: string } }>(LIVE_PATH, { websocket: true }, (socket, request) => {
      hub.accept(socket, typeof request.query.token === 'string' ? request.query.token : null);
    });
    app.addHook('preClose', async () => hub.stop());
  },
  { name: 'live', dependencies: ['services', 'casino', 'notifications'] },
);
