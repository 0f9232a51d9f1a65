import type { CasinoResultPage } from '@exchange/contracts';
import { AppError } from '../../lib/errors.ts';
import { istDate } from '@exchange/contracts';
import type { CasinoProviderClient } from './provider-client.ts';

export interface CasinoResultsQuery {
  game_code: string;
  date?: string;
  page: number;
  limit: number;
}

/**
 * casino/getCasinoResult: a game's finished rounds (cards, winner, fairness proof), newest first,
 * from the provider's results API; `date` keeps one IST day.
 */
export async function casinoResults(provider: CasinoProviderClient, q: CasinoResultsQuery): Promise<CasinoResultPage> {
  const game = await provider.game(q.game_code);
  if (!game) throw new AppError(404, 'GAME_NOT_FOUND', 'Game not found');
  const answer = await provider.results(q.game_code, { page: q.page, pageSize: q.limit, date: q.date });
  return {
    game_code: game.gamecode,
    gamename: game.gamename,
    page: q.page,
    limit: q.limit,
    total: answer.total,
    rounds: q.date ? answer.rounds.filter((r) => istDate(new Date(r.settledAt)) === q.date) : answer.rounds,
  };
}
