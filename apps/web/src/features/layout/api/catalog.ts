import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The sidebar's sport -> series -> matches tree. */
export function useSeriesHeader() {
  return useQuery({
    queryKey: queryKeys.seriesHeader,
    queryFn: () => fetchData('getSeriesHeader', { is_sidebar_call: 1 }),
    staleTime: 60_000,
  });
}

/** Matches whose name contains the text, grouped by sport. */
export function useMatchSearch(text: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.matchSearch(text),
    queryFn: () => fetchData('searchByMatchNameHeader', { search: text }),
    enabled,
    staleTime: 30_000,
  });
}

/** Open exposure per match and market, for 'My Market'. */
export function useExposureDetail() {
  return useQuery({
    queryKey: queryKeys.exposureDetail,
    queryFn: async () => (await fetchData('getExposureDetail')).data,
    staleTime: 0,
  });
}
