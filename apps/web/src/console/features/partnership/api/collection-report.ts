import { fetchData } from '@/lib/api';
import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';

/** agent/getCollectionReport: which direct accounts owe the caller, which it owes, which are square. */
export function useCollectionReport() {
  return useQuery({
    queryKey: consoleKeys.downline.business.collection,
    queryFn: () => fetchData('agentGetCollectionReport'),
  });
}
