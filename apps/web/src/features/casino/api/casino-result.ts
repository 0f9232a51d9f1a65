import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface CasinoResultFilter {
  game_code: string;
  /** yyyy-MM-dd (IST); '' for every day. */
  date: string;
  page: number;
  limit: number;
}

/** casino/getCasinoResult: a game's finished rounds, newest first (off until a game is chosen). */
export function useCasinoResult(filter: CasinoResultFilter, options: { refetchIntervalMs?: number } = {}) {
  return useQuery({
    queryKey: queryKeys.casino.result(filter),
    queryFn: () => fetchData('getCasinoResult', { ...filter, date: filter.date || undefined }),
    enabled: filter.game_code !== '',
    placeholderData: keepPreviousData,
    refetchInterval: options.refetchIntervalMs,
    staleTime: 0,
  });
}
