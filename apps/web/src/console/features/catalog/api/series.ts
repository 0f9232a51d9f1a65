import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** operator/getSeries of one sport (none picked: not asked). */
export function useSeries(sportId: number | null) {
  return useQuery({
    queryKey: consoleKeys.operator.series.of(sportId),
    queryFn: () => fetchData('operatorGetSeries', { sport_id: sportId! }),
    enabled: sportId !== null,
  });
}
