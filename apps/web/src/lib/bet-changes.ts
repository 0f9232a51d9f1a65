import { useMutation } from '@tanstack/react-query';
import { fetchData } from './api';
import { refreshBalance, setBalance } from './balance';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';

/** Everything a bet changes on screen: the match's markets and positions, my bets, 'My Market'. */
export function refreshAfterBet(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.matchDetail.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.exposureDetail });
}

/**
 * bet/cancelBet: cancels the unmatched rest of one bet and releases its liability. Shared by the
 * match page's My Bets and the Current Bets report.
 */
export function useCancelBet() {
  return useMutation({
    mutationFn: (betId: number) => fetchData('cancelBet', { bet_id: betId }),
    onSuccess: (answer) => setBalance(answer.balance),
    onSettled: () => {
      refreshAfterBet();
      void refreshBalance();
    },
  });
}

/**
 * bet/cancelAllBets: cancels the unmatched rests of the caller's bets in these markets (one call
 * each, in turn), or everywhere without them; answers how many bets were cancelled. The balance
 * follows the last answer.
 */
export function useCancelAllBets() {
  return useMutation({
    mutationFn: async (marketIds?: readonly number[]) => {
      let cancelled = 0;
      for (const marketId of marketIds ?? [undefined]) {
        const answer = await fetchData('cancelAllBets', marketId === undefined ? {} : { market_id: marketId });
        setBalance(answer.balance);
        cancelled += answer.bets.length;
      }
      return cancelled;
    },
    onSettled: () => {
      refreshAfterBet();
      void refreshBalance();
    },
  });
}
