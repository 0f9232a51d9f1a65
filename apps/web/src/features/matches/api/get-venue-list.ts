import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** match/getMatchVenueListByCountryCodeSportId of one racing sport and IST day, every country. */
export function useVenueList(sportId: number, date: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.venues.of(sportId, date),
    queryFn: () => fetchData('getMatchVenueListByCountryCodeSportId', { sport_id: sportId, date }),
    enabled,
    staleTime: 60_000,
  });
}
