import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';
import { CommitFeed } from '../services/betting/index.ts';
import { BettingService, type BettingOptions } from '../services/betting/index.ts';
import type { AccountsChanged } from '../services/agents.ts';
import { LoginLimiter, type LoginLimitOptions } from '../services/login-limiter.ts';
import { SecretBox } from '../services/security-auth/index.ts';
import type { PaymentCommitted, PaymentConfig } from '../services/payments/index.ts';
import { SessionStore, type SessionStoreOptions } from '../services/sessions.ts';
import { BalanceCache, type BalanceCacheOptions } from '../services/balance-cache.ts';
import { ClusterBus } from '../cluster/index.ts';
import { BettorLimits } from '../services/safer-gambling/index.ts';

export interface ServicesOptions {
  db: Db;
  clock: Clock;
  loginLimit?: LoginLimitOptions;
  /** The session cache's bounds and the sessions' lifetime (ADR 5, 42). */
  sessionCache?: SessionStoreOptions;
  defaultAgent: string;
  /** Sign-ups taken from one client address per hour; 0: no limit (ADR 41). */
  signupLimitPerHour: number;
  /** The betting service (markets in memory); one is created when not given. */
  betting?: BettingService;
  bettingOptions?: BettingOptions;
  /** The security-auth key (32 bytes, ADR 34); server.ts loads it, tests give their own. */
  securityAuthKey: Uint8Array;
  payments: PaymentConfig;
  /** The other processes of the cluster (ADR 37); one process alone without it. */
  bus?: ClusterBus;
  balanceCache?: BalanceCacheOptions;
}

/** The database, the clock and the stateful services, as decorators every route can reach. */
export default fp<ServicesOptions>(
  async (app, opts) => {
    app.decorate('db', opts.db);
    app.decorate('clock', opts.clock);
    const sessions = new SessionStore(opts.db, opts.clock, opts.sessionCache);
    app.decorate('sessions', sessions);
    // The sessions' last uses not written yet are written before the database closes.
    app.addHook('onClose', async () => sessions.writeUses());
    app.decorate('loginLimiter', new LoginLimiter(opts.clock, opts.loginLimit));
    app.decorate('defaultAgent', opts.defaultAgent);
    app.decorate('signupLimitPerHour', opts.signupLimitPerHour);
    app.decorate('secretBox', new SecretBox(opts.securityAuthKey));
    const onCommitError = (error: unknown) =>
      app.log.error({ err: error }, 'a group commit failed: its bets are placed alone');
    const betting =
      opts.betting ?? new BettingService(opts.db, opts.clock, { onCommitError, ...opts.bettingOptions });
    app.decorate('betting', betting);
    // Safer gambling (ADR 58): every bet is judged against the bettor's limits before its delay.
    const bettorLimits = new BettorLimits(opts.db, opts.clock);
    betting.useBettorCheck(bettorLimits.check);
    app.decorate('bettorLimits', bettorLimits);
    app.decorate('payments', opts.payments);
    app.decorate('paymentEvents', new CommitFeed<PaymentCommitted>());
    app.decorate('accountEvents', new CommitFeed<AccountsChanged>());
    app.decorate('bus', opts.bus ?? ClusterBus.local());
    app.decorate('balances', new BalanceCache(opts.db, opts.balanceCache));
  },
  { name: 'services' },
);
