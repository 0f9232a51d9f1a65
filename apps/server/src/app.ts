import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { endpoints, redactingLogger, type EndpointName } from '@exchange/contracts';
import type { Db } from './db/client.ts';
import { systemClock, type Clock } from './lib/time.ts';
import authPlugin from './plugins/auth.ts';
import casinoPlugin from './plugins/casino.ts';
import envelopePlugin, { envelopeClientError } from './plugins/envelope.ts';
import livePlugin, { type LiveOptions } from './live/index.ts';
import admissionPlugin, { type AdmissionOptions } from './plugins/admission.ts';
import metricsPlugin from './metrics/index.ts';
import notificationsPlugin from './plugins/notifications.ts';
import { clusterPlugin, type ClusterBus } from './cluster/index.ts';
import openApiRoutes from './plugins/openapi.ts';
import securityHeaders from './plugins/security-headers.ts';
import servicesPlugin from './plugins/services.ts';
import webRoutes from './plugins/web.ts';
import accountStatementRoutes from './routes/account-statement/index.ts';
import agentRoutes from './routes/agent/index.ts';
import paymentRoutes from './routes/payment/index.ts';
import betRoutes from './routes/bet/index.ts';
import casinoRoutes from './routes/casino/index.ts';
import type { EndpointRegistry } from './routes/endpoint.ts';
import globalSettingRoutes from './routes/global-setting/index.ts';
import mac88Routes from './routes/mac88/index.ts';
import marketRoutes from './routes/market/index.ts';
import matchRoutes from './routes/match/index.ts';
import consoleRoutes from './routes/console/index.ts';
import operatorRoutes from './routes/operator/index.ts';
import partnershipRoutes from './routes/partnership/index.ts';
import reportRoutes from './routes/report/index.ts';
import seriesRoutes from './routes/series/index.ts';
import sportRoutes from './routes/sport/index.ts';
import userRoutes from './routes/user/index.ts';
import walletRoutes from './routes/wallet/index.ts';
import { casinoConfigFromEnv, gameOrigins, type CasinoConfig } from './services/casino/index.ts';
import type { BettingOptions, BettingService } from './services/betting/index.ts';
import { DEFAULT_AGENT } from './services/demo-accounts.ts';
import type { LoginLimitOptions } from './services/login-limiter.ts';
import { DEFAULT_SIGNUP_LIMIT_PER_HOUR } from './services/signups/index.ts';
import { manualGateway, type PaymentGateway } from './services/payments/index.ts';
import type { SessionLifetime, SessionStoreOptions } from './services/sessions.ts';
import type { BalanceCacheOptions } from './services/balance-cache.ts';

export interface AppOptions {
  db: Db;
  /** Fastify's pino options; off unless given (tests stay quiet). Secrets are always redacted (ADR 25). */
  logger?: FastifyServerOptions['logger'];
  clock?: Clock;
  /** Folder of the built web app; not served when absent. */
  webDist?: string;
  loginLimit?: LoginLimitOptions;
  sessionCache?: SessionStoreOptions;
  /** When sessions end by themselves (ADR 42); 720 idle minutes and 7 days by default. */
  sessionLifetime?: Partial<SessionLifetime>;
  /** How long `user/getUserBalance` answers from memory at most (ADR 37). */
  balanceCache?: BalanceCacheOptions;
  /** User name of the agent that sign-ups are created under. */
  defaultAgent?: string;
  /** Sign-ups taken from one client address per hour (ADR 41); 0 turns the limit off. Default 10. */
  signupLimitPerHour?: number;
  /** Check every answer against its contract (tests turn this on). */
  checkResponses?: boolean;
  /** Trust X-Forwarded-For (behind a proxy): the login limit then counts the real client address. */
  trustProxy?: boolean;
  /** Casino provider and wallet settings; PROVIDER_URL, PROVIDER_ID and WALLET_SECRET fill the rest. */
  casino?: Partial<CasinoConfig>;
  /** A betting service built beforehand (server.ts seeds markets through it); else one is made. */
  betting?: BettingService;
  bettingOptions?: BettingOptions;
  /** Live push at /ws: conflation window, heartbeat and bounds (defaults in the contracts' LIVE_LIMITS). */
  live?: LiveOptions;
  /**
   * The security-auth key (32 bytes, ADR 34) sealing TOTP secrets. server.ts always gives the one
   * from SECURITY_AUTH_KEY or the data folder; without it (tests, tools) a random key lives as
   * long as the app, and secrets sealed with it do not outlive it.
   */
  securityAuthKey?: Uint8Array;
  /**
   * Where deposit receipts are written: server.ts gives the data folder's receipts/ (never under
   * the web root); without it, a folder in the OS temp dir (tests, benches).
   */
  receiptsDir?: string;
  /** The payment gateway; the built-in manual one (the agent decides) by default (ADR 33). */
  paymentGateway?: PaymentGateway;
  /** The other server processes, over the broker (ADR 37); without it, one process alone. */
  bus?: ClusterBus;
  /** The leases this process holds now (shown by GET /api/health and the metrics). */
  leasesHeld?: () => string[];
  /** The bearer token of `GET /metrics` (ADR 61); unset: no metrics, the route answers 404. */
  metricsToken?: string | undefined;
  /** Bets first at a peak (ADR 64): the polls a process answers at a time; unset, no bound. */
  admission?: AdmissionOptions;
}

const AREAS = [userRoutes, globalSettingRoutes, sportRoutes, seriesRoutes, matchRoutes, betRoutes, casinoRoutes, mac88Routes, accountStatementRoutes, reportRoutes, operatorRoutes, agentRoutes, paymentRoutes, consoleRoutes, partnershipRoutes, marketRoutes];

/** The whole server as a Fastify instance; `server.ts` listens, tests call `inject()`. */
export function buildApp(options: AppOptions): FastifyInstance {
  const app = Fastify({
    logger: redactingLogger(options.logger),
    trustProxy: options.trustProxy ?? false,
    // Refusals of Node's HTTP parser (431 and the like) carry the envelope too.
    clientErrorHandler: envelopeClientError,
  });

  app.register(servicesPlugin, {
    db: options.db,
    clock: options.clock ?? systemClock,
    loginLimit: options.loginLimit,
    sessionCache: { ...options.sessionCache, ...options.sessionLifetime },
    defaultAgent: options.defaultAgent ?? DEFAULT_AGENT,
    signupLimitPerHour: options.signupLimitPerHour ?? DEFAULT_SIGNUP_LIMIT_PER_HOUR,
    betting: options.betting,
    bettingOptions: options.bettingOptions,
    securityAuthKey: options.securityAuthKey ?? randomBytes(32),
    payments: {
      gateway: options.paymentGateway ?? manualGateway,
      receiptsDir: options.receiptsDir ?? join(tmpdir(), `exchange-receipts-${process.pid}`),
    },
    bus: options.bus,
    balanceCache: options.balanceCache,
  });
  const casinoConfig: CasinoConfig = { ...casinoConfigFromEnv(process.env), ...options.casino };
  app.register(casinoPlugin, { db: options.db, clock: options.clock ?? systemClock, config: casinoConfig });
  app.register(securityHeaders, { frameOrigins: gameOrigins(casinoConfig) });
  app.register(envelopePlugin);
  app.register(admissionPlugin, options.admission ?? {});
  app.register(authPlugin);
  app.register(notificationsPlugin);
  app.register(livePlugin, options.live ?? {});
  app.register(clusterPlugin, { leasesHeld: options.leasesHeld });
  // Each app its own registry (made by the plugin): apps built in one process count apart.
  app.register(metricsPlugin, { token: options.metricsToken, leasesHeld: options.leasesHeld });

  const registry: EndpointRegistry = { registered: new Set(), checkResponses: options.checkResponses ?? false };
  app.register(async (api) => {
    for (const area of AREAS) area(api, registry);
    walletRoutes(api);
    const missing = (Object.keys(endpoints) as EndpointName[]).filter((name) => !registry.registered.has(name));
    if (missing.length > 0) throw new Error(`Endpoints without a handler: ${missing.join(', ')}`);
  });
  app.register(openApiRoutes);
  if (options.webDist) app.register(webRoutes, { root: options.webDist });
  return app;
}
