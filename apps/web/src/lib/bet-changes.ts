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
