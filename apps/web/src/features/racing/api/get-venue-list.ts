import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** match/getMatchVenueListByCountryCodeSportId of one racing sport and IST day, every country at once. */
export function useVenueList(sportId: number, date: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.venues.of(sportId, date),
    queryFn: () => fetchData('getMatchVenueListByCountryCodeSportId', { sport_id: sportId, date }),
    enabled,
    staleTime: 60_000,
    // Races go off and get their results by the clock: the list's states follow within 30 s.
    refetchInterval: 30_000,
  });
}

/**
 * Refetches the venue lists when a race market of the open meeting changes status or goes in
 * play (a live push), so a race's state (ADR 27, races) follows the off and the result at once.
 */
export function useVenueListFollows(markets: readonly { race_id: number | null; market_id: number; status: string; in_play: boolean }[]) {
  const client = useQueryClient();
  const signal = markets
    .filter((m) => m.race_id !== null)
    .map((m) => `${m.market_id}:${m.status}:${m.in_play}`)
    .join(',');
  const last = useRef(signal);
  useEffect(() => {
    if (last.current === signal) return;
    // The first answer of the match page is no change: the list was fetched with it.
    const first = last.current === '';
    last.current = signal;
    if (!first) void client.invalidateQueries({ queryKey: queryKeys.venues.all });
  }, [client, signal]);
}
