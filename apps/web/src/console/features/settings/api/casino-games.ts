import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** operator/getCasinoGames: the provider's games, each on or off. */
export function useCasinoGames() {
  return useQuery({ queryKey: consoleKeys.operator.casinoGames, queryFn: () => fetchData('operatorGetCasinoGames') });
}
