import type { MarketView } from '@exchange/contracts';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSignedIn } from '../session';
import { liveClient, liveMarketCache } from './instance';
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
 * One market as pushed, for screens that show it without its match's getMatchDetail answer (the
 * match lists): streams it while mounted and returns its live copy, re-rendering on each change;
 * undefined until the image comes, and again when the stream stops (socket down, market refused),
 * so the caller falls back to what it polled. A null id streams nothing (e.g. a row off screen).
 */
export function useLiveMarket(marketId: number | null): MarketView | undefined {
  useLiveMarkets(marketId === null ? [] : [marketId]);
  const subscribe = useCallback(
    (listener: () => void) => (marketId === null ? () => undefined : liveMarketCache().onMarket(marketId, listener)),
    [marketId],
  );
  const current = () => (marketId === null ? undefined : liveMarketCache().get(marketId));
  return useSyncExternalStore(subscribe, current, () => undefined);
}

/** How long a changed price box stays yellow (ui.md: about half a second). */
const PRICE_FLASH_MS = 500;

/**
 * True for PRICE_FLASH_MS after a box shows a price it did not show last (not on the first
 * render): the flash a price box gives when the market moves under it. `shown` is the box's
 * price and size as text, null while the box is empty. An emptied box does not flash, and a price
 * that comes back as it was (a quote replaced by the same one) does not either: only a box whose
 * price or size changed lights up. Set while rendering the new price, so the two paint together.
 */
export function usePriceFlash(shown: string | null): boolean {
  const [lastPrice, setLastPrice] = useState(shown);
  const [flash, setFlash] = useState(false);
  if (shown !== null && shown !== lastPrice) {
    setLastPrice(shown);
    setFlash(true);
  } else if (shown === null && flash) {
    setFlash(false);
  }
  useEffect(() => {
    if (!flash) return;
    // Each change (a new `shown`) starts the half second again.
    const timer = setTimeout(() => setFlash(false), PRICE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash, shown]);
  return flash;
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
