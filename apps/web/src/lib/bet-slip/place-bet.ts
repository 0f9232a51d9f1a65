import type { BetStatus, PlacedBet } from '@exchange/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { refreshBalance, setBalance } from '@/lib/balance';
import { refreshAfterBet } from '@/lib/bet-changes';
import { newClientRef } from '@/lib/client-ref';
import { withHandoverRetry } from '@/lib/handover';
import { isBackSide, offersKeepInPlay, parseAmount, type SlipDraft } from './draft';

function placeBet(draft: SlipDraft, clientRef: string): Promise<PlacedBet> {
  const stake = parseAmount(draft.stakeText) ?? 0;
  const is_back = isBackSide(draft.side) ? 1 : 0;
  if (draft.kind === 'FANCY') {
    return fetchData('placeFancyBet', {
      fancy_id: draft.marketId,
      is_back,
      run: draft.line ?? 0,
      rate: draft.odds,
      stake,
      client_ref: clientRef,
    });
  }
  return fetchData('placeMarketBet', {
    market_id: draft.marketId,
    selection_id: draft.selectionId ?? 0,
    is_back,
    odds: Number(draft.oddsText),
    stake,
    client_ref: clientRef,
    // What the unmatched rest does at the off: the server's default (LAPSE) unless kept in play.
    ...(offersKeepInPlay(draft) && { persistence: draft.keepInPlay ? 'PERSIST' : 'LAPSE' }),
  });
}

/**
 * bet/placeMarketBet or bet/placeFancyBet of the slip, and of a one-click price box (the same
 * call: the server holds either for the market's bet delay). Each placement carries a fresh
 * client_ref, so a retried request cannot place the bet twice (a placement refused in a market's
 * handover is sent again with it, ADR 65). The answer's balance is shown at
 * once and then confirmed by a fresh balance call.
 */
export function usePlaceBet() {
  return useMutation({
    mutationFn: (draft: SlipDraft) => {
      const clientRef = newClientRef();
      return withHandoverRetry(() => placeBet(draft, clientRef));
    },
    onSuccess: (bet) => setBalance(bet.balance),
    onSettled: () => {
      refreshAfterBet();
      void refreshBalance();
    },
  });
}

/** The toast after an accepted bet. */
export function placedText(status: BetStatus): string {
  if (status === 'MATCHED') return 'Bet Matched';
  if (status === 'PARTIAL') return 'Bet Partially Matched';
  return 'Bet Unmatched';
}
