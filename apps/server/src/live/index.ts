/**
 * Live push at `/ws` (ADR 22): the WebSocket route and the hub as the `live` decorator. The hub
 * listens to the betting service's commits and the casino wallet's; a closing app closes it.
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
    hub.start([(listener) => app.casino.wallet.onCommitted(listener)]);
    app.decorate('live', hub);
    // Client messages are small (auth, subscribe): a larger one is refused by ws itself.
    await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
    app.get<{ Querystring: { token?: string } }>(LIVE_PATH, { websocket: true }, (socket, request) => {
      hub.accept(socket, typeof request.query.token === 'string' ? request.query.token : null);
    });
    app.addHook('preClose', async () => hub.stop());
  },
  { name: 'live', dependencies: ['services', 'casino'] },
);
