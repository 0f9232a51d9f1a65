import type { Db } from './db/client.ts';
import type { Clock } from './lib/time.ts';
import type { BettingService } from './services/betting/index.ts';
import type { LoginLimiter } from './services/login-limiter.ts';
import type { SecretBox } from './services/security-auth/index.ts';
import type { PaymentConfig, PaymentEvents } from './services/payments/index.ts';
import type { AccountEvents } from './services/agents.ts';
import type { AuthUser, SessionStore } from './services/sessions.ts';
import type { BalanceCache } from './services/balance-cache.ts';
import type { ClusterBus, MarketRouting } from './cluster/index.ts';
import type { Notifications } from './services/notifications/index.ts';
import type { BettorLimits } from './services/safer-gambling/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    sessions: SessionStore;
    loginLimiter: LoginLimiter;
    /** Markets, bets and settlement (in-memory books in front of the database). */
    betting: BettingService;
    /** Seals TOTP secrets and MACs backup codes with the server's security-auth key (ADR 34). */
    secretBox: SecretBox;
    /** The sign-up parent's user name. */
    defaultAgent: string;
    /** Sign-ups taken from one client address per hour; 0: no limit (ADR 41). */
    signupLimitPerHour: number;
    /** Deposits and withdrawals: the payment gateway and where receipts are kept (ADR 33). */
    payments: PaymentConfig;
    /** Told after a payment request is made or decided (the console's live nudge, ADR 36). */
    paymentEvents: PaymentEvents;
    /** Told after an agent moves chips or changes a user's locks (live pushes, ADR 36). */
    accountEvents: AccountEvents;
    /** The other server processes of the cluster, over the broker (ADR 37); a no-op alone. */
    bus: ClusterBus;
    /** Which process matches which market, and the calls forwarded (ADR 65); null alone. */
    marketRouting: MarketRouting | null;
    /** The balances `user/getUserBalance` answers, dropped by every commit that moves money (ADR 37). */
    balances: BalanceCache;
    /** The bettor's own and his agent's limits, judged on every bet (ADR 58); `forget` after a change. */
    bettorLimits: BettorLimits;
    /** The bettor's notifications: stored after the commits they tell, then pushed (ADR 51). */
    notifications: Notifications;
    /** First step of the onRequest check of 'user' endpoints: sets request.user or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
