import type { BodyOf } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/console/lib/all-pages';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** Whose users a page lists (none: a search of every level) and the name searched for. */
export interface DownlineFilter {
  parent_id?: number;
  search: string;
}

const bodyOf = ({ parent_id, search }: DownlineFilter, page: number, limit: number): BodyOf<'agentGetDownline'> => ({
  ...(parent_id !== undefined && { parent_id }),
  ...(search && { search }),
  page,
  limit,
});

/** agent/getDownline: one page of a level's users (or of a search), the last page shown until it answers. */
export function useDownline(filter: DownlineFilter, page: number, limit: number) {
  return useQuery({
    queryKey: consoleKeys.downline.list(filter.parent_id ?? null, filter.search, page, limit),
    queryFn: () => fetchData('agentGetDownline', bodyOf(filter, page, limit)),
    placeholderData: keepPreviousData,
  });
}

/** Every user of the filter, for the CSV. */
export const allDownlineRows = (filter: DownlineFilter) =>
  fetchAllPages((page, limit) => fetchData('agentGetDownline', bodyOf(filter, page, limit)));
