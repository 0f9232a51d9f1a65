import {
  CashOutQuote,
  type CashOutOrder,
  type MarketView,
  type SetAutoCashOutRequest,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, fetchData } from '@/lib/api';
import { refreshBalance, setBalance } from '@/lib/balance';
import { refreshAfterBet } from '@/lib/bet-changes';
import { withHandoverRetry } from '@/lib/handover';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** A market's quote is asked again at most this often, however fast its book moves. */
export const CASH_OUT_REQUOTE_MS = 1_000;

/**
 * bet/getCashOut of the bettor's position on `market`, for `fraction` of it (0 to 1). Quoted
 * while `enabled` (a position to cash out), then again each time the market view changes (the
 * live push: prices, status, the bettor's own position), at most once every CASH_OUT_REQUOTE_MS;
 * a bet change (the live user channel, a bet placed here) quotes it again too (a 'bet' key). A
 * new fraction shows the last quote until its own comes.
 */
export function useCashOutQuote(market: MarketView, fraction: number, enabled: boolean) {
  const query = useQuery({
    queryKey: queryKeys.bets.cashOutOf(market.market_id, fraction),
    queryFn: () => fetchData('getCashOut', { market_id: market.market_id, fraction }),
    enabled,
    staleTime: CASH_OUT_REQUOTE_MS,
    placeholderData: keepPreviousData,
  });
  useRequoteOnChange(market, enabled, query.refetch, query.dataUpdatedAt);
  return query;
}

/**
 * Asks the quote again when the market view is a new one, at most once every
 * CASH_OUT_REQUOTE_MS: a change inside that second waits for its end, and the changes meanwhile
 * are all answered by the one quote then (it reads the market as it is by then).
 */
function useRequoteOnChange(
  market: MarketView,
  enabled: boolean,
  refetch: () => Promise<unknown>,
  quotedAt: number,
) {
  const seen = useRef(market);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastAsked = useRef(0);
  const latest = useRef({ refetch, quotedAt });
  useEffect(() => {
    latest.current = { refetch, quotedAt };
  });
  useEffect(() => {
    if (seen.current === market) return;
    seen.current = market;
    if (!enabled || timer.current !== undefined) return;
    const last = Math.max(lastAsked.current, latest.current.quotedAt);
    timer.current = setTimeout(
      () => {
        timer.current = undefined;
        lastAsked.current = Date.now();
        void latest.current.refetch();
      },
      Math.max(0, last + CASH_OUT_REQUOTE_MS - Date.now()),
    );
  }, [market, enabled]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );
}

/** The quote a refusal of bet/cashOut carries (CASH_OUT_PRICE_MOVED, CASH_OUT_UNAVAILABLE), if any. */
export function quoteOfRefusal(error: unknown): CashOutQuote | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code !== 'CASH_OUT_PRICE_MOVED' && error.code !== 'CASH_OUT_UNAVAILABLE') return null;
  const quote = CashOutQuote.safeParse(error.data);
  return quote.success ? quote.data : null;
}

/** Every cached quote of the market is asked again (after a cash out or a change of its rule). */
function requote(client: QueryClient, marketId: number) {
  return client.invalidateQueries({ queryKey: queryKeys.bets.cashOut(marketId) });
}

/**
 * bet/cashOut: the hedge placed, all legs or none, never below `min_value`. On success the
 * balance, the market's positions, the bets and the quotes are refreshed.
 */
export function useCashOut() {
  return useMutation({
    // Refused in a market's handover (ADR 65): sent again as it was, its client_ref with it.
    mutationFn: (order: CashOutOrder) => withHandoverRetry(() => fetchData('cashOut', order)),
    onSuccess: (done) => setBalance(done.balance),
    onSettled: (_done, _error, order) => {
      refreshAfterBet();
      void refreshBalance();
      void requote(queryClient, Number(order.market_id));
    },
  });
}

/** bet/setAutoCashOut: the rule replaces the one before; its answer's quote shows it. */
export function useSetAutoCashOut() {
  return useMutation({
    mutationFn: (rule: SetAutoCashOutRequest) => fetchData('setAutoCashOut', rule),
    onSettled: (_rule, _error, asked) => requote(queryClient, Number(asked.market_id)),
  });
}

/** bet/clearAutoCashOut. */
export function useClearAutoCashOut() {
  return useMutation({
    mutationFn: (marketId: number) => fetchData('clearAutoCashOut', { market_id: marketId }),
    onSettled: (_cleared, _error, marketId) => requote(queryClient, marketId),
  });
}
