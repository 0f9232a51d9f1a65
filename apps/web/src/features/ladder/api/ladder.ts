import type { LiveServerMessage } from '@exchange/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchData } from '@/lib/api';
import { onLiveMessage, useLiveStatus } from '@/lib/live';
import { queryKeys } from '@/lib/query-keys';
import { coalesce } from '../lib/coalesce';

/** At most 5 refetches a second however fast the book moves (one in flight at a time). */
export const LADDER_REFETCH_GAP_MS = 200;

/** Whether a pushed message changes what the ladder of this market shows: its book, trades or the caller's bets. */
function movesLadder(message: LiveServerMessage, marketId: number): boolean {
  if (message.type === 'market_delta' || message.type === 'market_image' || message.type === 'position')
    return message.market_id === marketId;
  if (message.type === 'bets') return message.changes.some((c) => c.market_id === marketId);
  return false;
}

/**
 * market/getLadder of one runner, kept live: every pushed change of the market (its book, its
 * trades, the caller's bets there) asks for a refetch, coalesced to one request in flight and
 * at most one per LADDER_REFETCH_GAP_MS (ADR 55). Without the push, a 2 s poll. `refresh` asks
 * the same way (after the bettor placed or cancelled).
 */
export function useLadder(marketId: number, selectionId: number) {
  const live = useLiveStatus() === 'open';
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => queryKeys.ladder(marketId, selectionId), [marketId, selectionId]);
  const query = useQuery({
    queryKey,
    queryFn: () => fetchData('getLadder', { market_id: marketId, selection_id: selectionId }),
    enabled: Number.isInteger(marketId) && Number.isInteger(selectionId),
    staleTime: 0,
    refetchInterval: live ? 30_000 : 2_000,
  });
  const refetcher = useMemo(
    () => coalesce(() => queryClient.refetchQueries({ queryKey, exact: true }), LADDER_REFETCH_GAP_MS),
    [queryClient, queryKey],
  );
  useEffect(() => {
    const off = onLiveMessage((m) => {
      if (movesLadder(m, marketId)) refetcher.request();
    });
    return () => {
      off();
      refetcher.stop();
    };
  }, [marketId, refetcher]);
  return { ...query, refresh: refetcher.request };
}
