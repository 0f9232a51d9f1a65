import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';
import { BettingService, type BettingOptions } from '../services/betting/service.ts';
import { LoginLimiter, type LoginLimitOptions } from '../services/login-limiter.ts';
import type { PaymentConfig } from '../services/payments/index.ts';
import { SessionStore, type SessionStoreOptions } from '../services/sessions.ts';

export interface ServicesOptions {
  db: Db;
  clock: Clock;
  loginLimit?: LoginLimitOptions;
  sessionCache?: SessionStoreOptions;
  defaultAgent: string;
  /** The betting service (markets in memory); one is created when not given. */
  betting?: BettingService;
  bettingOptions?: BettingOptions;
  payments: PaymentConfig;
}

/** The database, the clock and the stateful services, as decorators every route can reach. */
export default fp<ServicesOptions>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('clock', opts.clock);
    app.decorate('sessions', new SessionStore(opts.db, opts.clock, opts.sessionCache));
    app.decorate('loginLimiter', new LoginLimiter(opts.clock, opts.loginLimit));
    app.decorate('defaultAgent', opts.defaultAgent);
    app.decorate('betting', opts.betting ?? new BettingService(opts.db, opts.clock, opts.bettingOptions));
    app.decorate('payments', opts.payments);
  },
  { name: 'services' },
);
