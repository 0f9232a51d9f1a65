/** How the platform reaches the casino provider and checks its wallet calls. */
export interface CasinoConfig {
  /** Provider origin, e.g. http://127.0.0.1:3001 (PROVIDER_URL). */
  providerUrl: string;
  /** The provider's id in X-Provider-Id, both directions (PROVIDER_ID). */
  providerId: string;
  /**
   * Shared HMAC secret (WALLET_SECRET). Never in the repository: `npm start` makes a random one
   * per start and gives it to both processes. Without it every wallet call is refused and no game
   * can be launched.
   */
  walletSecret: string | undefined;
  /** Bound on each call to the provider. */
  providerTimeoutMs: number;
}

export const DEFAULT_PROVIDER_URL = 'http://127.0.0.1:3001';
export const DEFAULT_PROVIDER_ID = 'casino-provider';

export function casinoConfigFromEnv(env: NodeJS.ProcessEnv): CasinoConfig {
  return {
    providerUrl: (env.PROVIDER_URL || DEFAULT_PROVIDER_URL).replace(/\/+$/, ''),
    providerId: env.PROVIDER_ID || DEFAULT_PROVIDER_ID,
    walletSecret: env.WALLET_SECRET || undefined,
    providerTimeoutMs: Number(env.PROVIDER_TIMEOUT_MS) || 5000,
  };
}

/** A launch token lives this long without a balance or debit call... */
export const LAUNCH_TOKEN_IDLE_MS = 20 * 60_000;
/** ...and never longer than this. Credits and rollbacks ignore both (casino.md). */
export const LAUNCH_TOKEN_MAX_MS = 12 * 60 * 60_000;

/** Wallet limits: one bet, and one user's open stake on one round (LIMIT_EXCEEDED beyond). */
export const CASINO_MAX_BET_PAISE = 5_000_000; // ₹50,000
export const CASINO_MAX_ROUND_STAKE_PAISE = 10_000_000; // ₹1,00,000
