import type { PriceHistoryInterval } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** While the chart is open its history is asked again this often, pushes or not. */
export const PRICE_HISTORY_POLL_MS = 5_000;

/**
 * market/getPriceHistory of one exchange runner, kept live while the chart shows it: polled every
 * PRICE_HISTORY_POLL_MS, and asked again at once when `tradedKey` changes (the runner's total
 * matched, which the live push moves on each fill). A new interval shows the last answer until
 * its own comes.
 */
export function usePriceHistory(
  marketId: number,
  selectionId: number,
  interval: PriceHistoryInterval,
  tradedKey: number,
) {
  const query = useQuery({
    queryKey: queryKeys.priceHistory(marketId, selectionId, interval),
    queryFn: () => fetchData('getPriceHistory', { market_id: marketId, selection_id: selectionId, interval }),
    staleTime: 0,
    refetchInterval: PRICE_HISTORY_POLL_MS,
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;
  const seen = useRef(tradedKey);
  useEffect(() => {
    if (seen.current === tradedKey) return;
    seen.current = tradedKey;
    void refetch();
  }, [tradedKey, refetch]);
  return query;
}
