import {
  CasinoGameListAnswer,
  CasinoLaunchAnswer,
  CasinoResultsAnswer,
  type CasinoLaunchRequest,
  type StaticCasinoGame,
} from '@exchange/contracts';
import { casinoSignedHeaders } from '@exchange/contracts/casino-signing';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import { gameOrigins, type CasinoConfig } from './config.ts';

export const providerUnavailable = () => new AppError(502, 'PROVIDER_UNAVAILABLE', 'Casino provider is unavailable');

/** The static list changes only with a provider release; a minute keeps a restart visible. */
const GAME_LIST_TTL_MS = 60_000;

export interface ResultsQuery {
  page: number;
  pageSize: number;
  /** IST day, yyyy-MM-dd. */
  date?: string;
}

/**
 * The platform's side of the provider's HTTP API: the signed launch handshake, the static game
 * list, the round results and the artwork. Every call is bounded by a timeout; a provider that
 * cannot be reached or answers outside the contract is 'Casino provider is unavailable'.
 */
export class CasinoProviderClient {
  private gameList: { games: StaticCasinoGame[]; atMs: number } | undefined;

  constructor(
    private readonly config: CasinoConfig,
    private readonly clock: Clock,
  ) {}

  /** POST {provider}/api/launch, signed: the one-time URL of the game for this player. */
  async launch(request: CasinoLaunchRequest): Promise<CasinoLaunchAnswer> {
    const secret = this.config.walletSecret;
    if (!secret) throw providerUnavailable();
    const rawBody = JSON.stringify(request);
    const json = await this.fetchJson('/api/launch', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...casinoSignedHeaders({ secret, providerId: this.config.providerId, method: 'POST', path: '/api/launch', rawBody, nowMs: this.clock().getTime() }),
      },
      body: rawBody,
    });
    const answer = CasinoLaunchAnswer.safeParse(json);
    if (!answer.success) throw providerUnavailable();
    return answer.data;
  }

  /** The origins the provider's game URLs may have (PROVIDER_PUBLIC_URL, else PROVIDER_URL). */
  gameOrigins(): string[] {
    return gameOrigins(this.config);
  }

  /** GET {provider}/api/games, cached for a minute. */
  async games(): Promise<StaticCasinoGame[]> {
    const nowMs = this.clock().getTime();
    if (this.gameList && nowMs - this.gameList.atMs < GAME_LIST_TTL_MS) return this.gameList.games;
    const answer = CasinoGameListAnswer.safeParse(await this.fetchJson('/api/games'));
    if (!answer.success) throw providerUnavailable();
    this.gameList = { games: answer.data.data, atMs: nowMs };
    return answer.data.data;
  }

  async game(gameCode: string): Promise<StaticCasinoGame | undefined> {
    return (await this.games()).find((g) => g.gamecode === gameCode);
  }

  /** GET {provider}/api/results/:gameCode?page&pageSize&date: finished rounds, newest first. */
  async results(gameCode: string, query: ResultsQuery): Promise<CasinoResultsAnswer['data']> {
    const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
    if (query.date) params.set('date', query.date);
    const answer = CasinoResultsAnswer.safeParse(await this.fetchJson(`/api/results/${encodeURIComponent(gameCode)}?${params}`));
    if (!answer.success) throw providerUnavailable();
    return answer.data.data;
  }

  /** GET {provider}/api/upload/image/<path>: the raw response, for the platform's image proxy. */
  async image(path: string): Promise<Response> {
    try {
      return await fetch(`${this.config.providerUrl}/api/upload/image/${path}`, { signal: AbortSignal.timeout(this.config.providerTimeoutMs) });
    } catch {
      throw providerUnavailable();
    }
  }

  private async fetchJson(path: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.config.providerUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.config.providerTimeoutMs) });
    } catch {
      throw providerUnavailable();
    }
    if (response.status >= 500) throw providerUnavailable();
    try {
      return await response.json();
    } catch {
      throw providerUnavailable();
    }
  }
}
