import type { SharedBy } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/console/lib/all-pages';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** agent/getSharedAccounts: one page of the groups sharing an address or a mobile number, the last page shown until it answers. */
export function useSharedAccounts(by: SharedBy, page: number, limit: number) {
  return useQuery({
    queryKey: consoleKeys.accounts.shared(by, page, limit),
    queryFn: () => fetchData('agentGetSharedAccounts', { by, page, limit }),
    placeholderData: keepPreviousData,
  });
}

/** Every group, for the CSV. */
export const allSharedAccountGroups = (by: SharedBy) =>
  fetchAllPages(async (page, limit) => {
    const got = await fetchData('agentGetSharedAccounts', { by, page, limit });
    return { total: got.total, rows: got.groups };
  });
