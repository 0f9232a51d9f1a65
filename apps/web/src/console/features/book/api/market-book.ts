import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** Bets move the books and the nudges refresh them; without the socket they are read this often. */
const BOOK_POLL_MS = 30_000;

/** agent/getMarketBook: the house's position on one market, or on every open one the downline bets on (null). */
export function useMarketBook(marketId: number | null) {
  return useQuery({
    queryKey: consoleKeys.downline.marketBook(marketId),
    queryFn: () => fetchData('agentGetMarketBook', marketId ? { market_id: marketId } : {}),
    refetchInterval: BOOK_POLL_MS,
  });
}
