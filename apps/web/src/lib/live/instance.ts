/** The tab's one live client, patching the app's query cache; created on first use. */
import { LIVE_PATH, type LiveServerMessage } from '@exchange/contracts';
import { setBalance } from '../balance';
import { onUnauthorized } from '../api';
import { queryClient } from '../query-client';
import { getToken } from '../storage';
import { LiveClient, type LiveSocket } from './connection';
import { LiveMarketCache } from './market-cache';

let client: LiveClient | null = null;
const messageListeners = new Set<(message: LiveServerMessage) => void>();

/** Every pushed message that passed the sequence check, for a page that reads more than the cache keeps (the console's nudges). */
export function onLiveMessage(listener: (message: LiveServerMessage) => void): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}
let markets: LiveMarketCache | null = null;

/** ws://host/ws next to the page (https pages use wss). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH}`;
}

export function liveClient(): LiveClient {
  if (client) return client;
  const cache = new LiveMarketCache(queryClient, setBalance);
  markets = cache;
  const live = new LiveClient({
    url: () => liveUrl(window.location),
    token: getToken,
    createSocket: (url) => new WebSocket(url) as unknown as LiveSocket,
    handlers: {
      message: (m) => {
        if (m.type === 'market_image') cache.image(m.market);
        else if (m.type === 'market_delta') cache.delta(m.market_id, m.changes);
        else if (m.type === 'position') cache.position(m);
        else if (m.type === 'balance') cache.balance(m);
        else if (m.type === 'bets') cache.bets();
        else if (m.type === 'match_score') cache.matchScore(m);
        messageListeners.forEach((fn) => fn(m));
      },
      marketStopped: (id) => cache.forget(id),
    },
  });
  // A logout (or a 401 anywhere) ends the session: the socket goes with it.
  onUnauthorized(() => live.close());
  client = live;
  return live;
}

/** The live copies of the streamed markets (the client and its cache are created together). */
export function liveMarketCache(): LiveMarketCache {
  liveClient();
  return markets!;
}
