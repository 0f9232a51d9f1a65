/**
 * Bets first at a peak (ADR 64): a process takes at most `maxPollsInFlight` polls at a time (the
 * reads the pages repeat on a timer, marked `poll` in the endpoints table). Beyond that a poll is
 * refused at once, before its token or body is read: 503 SERVER_BUSY with Retry-After. Nothing
 * else is ever refused here. A bet, a cancel or a cash out goes in whatever the load, and finds
 * the process's loop and its database pool shared with at most that many polls.
 *
 * Polls in flight, not the loop's delay, is the signal: it is exact and costs nothing to read, and
 * a loop stalled by the embedded database (PGlite runs in the process) would shed polls on a quiet
 * machine. A shed poll costs the page nothing: it keeps what it showed and asks again at its next
 * turn.
 */
import fp from 'fastify-plugin';
import { endpoints, type ErrorEnvelope } from '@exchange/contracts';

export interface AdmissionOptions {
  /** Polls one process answers at a time; undefined or 0: no bound (the tests' apps). */
  maxPollsInFlight?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Polls in flight now, and shed since the start (the metrics read them). */
    admission: { inFlight: number; shed: number };
  }
}

const BUSY: ErrorEnvelope = {
  status: false,
  message: 'The server is busy: this will be asked again in a moment',
  code: 'SERVER_BUSY',
};

/** The routes of the polls, as Fastify names a matched route. */
const POLL_ROUTES = new Set(
  Object.values(endpoints)
    .filter((e) => 'poll' in e && e.poll)
    .map((e) => `/api/${e.path}`),
);

export default fp<AdmissionOptions>(
  async (app, options) => {
    const admission = { inFlight: 0, shed: 0 };
    app.decorate('admission', admission);
    const bound = options.maxPollsInFlight ?? 0;
    if (bound <= 0) return;
    app.addHook('onRequest', (request, reply, done) => {
      if (!POLL_ROUTES.has(request.routeOptions.url ?? '')) return done();
      if (admission.inFlight >= bound) {
        admission.shed++;
        void reply.code(503).header('retry-after', '1').send(BUSY);
        return;
      }
      admission.inFlight++;
      // 'close' comes once however the exchange ends: answered, failed or cut by the client.
      reply.raw.once('close', () => admission.inFlight--);
      done();
    });
  },
  { name: 'admission' },
);

export { POLL_ROUTES };
