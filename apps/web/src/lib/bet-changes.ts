import type { CurrentBet, UpdateBetRequest } from '@exchange/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchData } from './api';
import { refreshBalance, setBalance } from './balance';
import { isLadderOdds } from './bet-odds';
import { parseAmount } from './bet-slip';
import { formatAmount } from './format';
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

/**
 * bet/updateBet: edits the unmatched rest of an exchange bet. A new price places it anew (a new
 * bet id; the old rest cancelled in the same step, or nothing changes on a refusal), a smaller
 * stake shrinks it in its place in the queue, a persistence keeps it in play or lets it lapse.
 */
export function useUpdateBet() {
  return useMutation({
    mutationFn: (change: UpdateBetRequest) => fetchData('updateBet', change),
    onSuccess: (answer) => setBalance(answer.balance),
    onSettled: () => {
      refreshAfterBet();
      void refreshBalance();
    },
  });
}

/**
 * What the typed fields ask of bet/updateBet, or why they cannot be sent yet. A new price is sent
 * only when it differs (the same price again would only move the bet to the back of the queue);
 * the stake can only go down (an increase is a new bet).
 */
export function betChange(
  bet: Pick<CurrentBet, 'bet_id' | 'odds' | 'unmatched_stake'>,
  oddsText: string,
  stakeText: string,
): { change: UpdateBetRequest } | { problem: string | null } {
  if (!isLadderOdds(oddsText)) return { problem: 'Odds must be a ladder price from 1.01 to 1000' };
  const stake = parseAmount(stakeText);
  if (stake === null) return { problem: 'Enter a stake' };
  if (stake > bet.unmatched_stake)
    return { problem: `The stake can only be lowered (at most ${formatAmount(bet.unmatched_stake)})` };
  const odds = Number(oddsText);
  const newPrice = odds !== bet.odds;
  const lower = stake < bet.unmatched_stake;
  if (!newPrice && !lower) return { problem: null };
  return {
    change: { bet_id: bet.bet_id, ...(newPrice && { odds }), ...(lower && { stake }) },
  };
}
