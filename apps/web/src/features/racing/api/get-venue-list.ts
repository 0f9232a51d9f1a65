import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';

/** match/getMatchVenueListByCountryCodeSportId of one racing sport and IST day, every country at once. */
export function useVenueList(sportId: number, date: string, enabled = true) {
  return useQuery({
    queryKey: ['racing', 'venues', sportId, date],
    queryFn: () => fetchData('getMatchVenueListByCountryCodeSportId', { sport_id: sportId, date }),
    enabled,
    staleTime: 60_000,
  });
}
