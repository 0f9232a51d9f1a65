/** How the platform reaches the casino provider and checks its wallet calls. */
export interface CasinoConfig {
  /** Provider origin, e.g. http://127.0.0.1:3001 (PROVIDER_URL). */
  providerUrl: string;
  /**
   * Where browsers reach the provider, when not at providerUrl (PROVIDER_PUBLIC_URL, as the
   * provider's own setting of that name): the origin of the game URLs (see gameOrigins).
   */
  providerPublicUrl?: string;
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
    providerPublicUrl: env.PROVIDER_PUBLIC_URL || undefined,
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

/**
 * The origins a game URL may have: the web app frames the launched game page full-page under the
 * site's logo, so a launch answer anywhere else is refused (ADR 24).
 */
export function gameOrigins(config: Pick<CasinoConfig, 'providerUrl' | 'providerPublicUrl'>): string[] {
  return [new URL(config.providerPublicUrl || config.providerUrl).origin];
}

/** The game URL when it is an http(s) URL on one of the provider's game origins, else undefined. */
export function allowedGameUrl(url: string, origins: readonly string[]): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  return origins.includes(parsed.origin) ? parsed.href : undefined;
}
