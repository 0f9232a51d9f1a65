/**
 * The console's live nudges (ADR 36): the server tells an agent's sockets that something in its
 * downline moved (a balance, an exposure, a payment request); the console refetches what shows it.
 * Market books stream as in the bettors' app (`useLiveMarket` of @/lib/live).
 */
import { useEffect } from 'react';
import { onLiveMessage, useLiveUser, type LiveStatus } from '@/lib/live';
import { queryClient } from '@/lib/query-client';
import { keysOfTopic } from './query-keys';

/** A burst of nudges (a busy market) refetches once per window. */
const NUDGE_WINDOW_MS = 1_000;

/** Mount once, in the shell: keeps the socket's user channel open and turns nudges into refetches. */
export function useConsoleLive(): LiveStatus {
  const status = useLiveUser();
  useEffect(() => {
    const pending = new Set<'downline' | 'payment_requests'>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      for (const topic of pending) for (const queryKey of keysOfTopic(topic)) void queryClient.invalidateQueries({ queryKey });
      pending.clear();
    };
    const stop = onLiveMessage((m) => {
      if (m.type !== 'console') return;
      pending.add(m.topic);
      timer ??= setTimeout(flush, NUDGE_WINDOW_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, []);
  return status;
}
