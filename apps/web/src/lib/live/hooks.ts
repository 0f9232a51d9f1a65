import { useEffect, useSyncExternalStore } from 'react';
import { useSignedIn } from '../session';
import { liveClient } from './instance';
import type { LiveStatus } from './connection';

function subscribeStatus(listener: () => void): () => void {
  return liveClient().onStatus(listener);
}
const currentStatus = (): LiveStatus => liveClient().status;

/** The shared socket's state: 'open' means pushes are flowing (pages may poll less). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, currentStatus, () => 'idle');
}

/**
 * Streams these markets while the component is mounted: their image, then every change, patched
 * into the cached `match/getMatchDetail` answers that hold them (prices, sizes, status, in-play,
 * rates, lines, results and the caller's own position). Pass the ids of the markets on screen;
 * the order does not matter and a new list resubscribes only the difference.
 */
export function useLiveMarkets(marketIds: readonly number[]): LiveStatus {
  const signedIn = useSignedIn();
  const key = [...new Set(marketIds)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!signedIn || key === '') return;
    return liveClient().retainMarkets(key.split(',').map(Number));
  }, [key, signedIn]);
  return useLiveStatus();
}

/**
 * The signed-in user's channel: pushed balance and exposure update the header's balance (the 5 s
 * poll stays as the fallback), and bet changes (placed, matched, cancelled, lapsed, settled)
 * refresh the current-bets and "My Market" queries. Mount it once, high in the tree (the header).
 */
export function useLiveUser(): LiveStatus {
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn) return;
    return liveClient().retainUser();
  }, [signedIn]);
  return useLiveStatus();
}
