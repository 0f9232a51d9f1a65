import type { DataOf } from '@exchange/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchData, fetchDataWithFiles } from '@/lib/api';
import { refreshBalance, setBalance } from '@/lib/balance';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import type { DepositBody, WithdrawBody } from '../lib/payment-forms';

/** A request just made, with the bettor's balance right after it. */
export type MadeRequest = DataOf<'paymentDeposit'>;

export interface DepositSend {
  body: DepositBody;
  clientRef: string;
  /** Sent as multipart/form-data with the fields when there is one, else the call is JSON. */
  receipt: File | null;
}

function sendDeposit({ body, clientRef, receipt }: DepositSend): Promise<MadeRequest> {
  const request = { ...body, client_ref: clientRef };
  return receipt
    ? fetchDataWithFiles('paymentDeposit', request, { receipt })
    : fetchData('paymentDeposit', request);
}

/** The statement (and the saved payout accounts, after a withdrawal) show the new request. */
const refreshPayments = () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.all });

/** payment/deposit: one request per client_ref, however often it is sent. */
export function useDeposit() {
  return useMutation({
    mutationFn: sendDeposit,
    onSuccess: refreshPayments,
    // What the deposit limits leave (beside the amount) counts every request made.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.saferGambling }),
  });
}

/**
 * payment/withdraw: the amount is held at once, so the answer's balance goes straight to the
 * header (and is then confirmed by a fresh balance call).
 */
export function useWithdraw() {
  return useMutation({
    mutationFn: ({ body, clientRef }: { body: WithdrawBody; clientRef: string }) =>
      fetchData('paymentWithdraw', { ...body, client_ref: clientRef }),
    onSuccess: (made) => {
      setBalance({
        total_balance: made.total_balance,
        liability: made.liability,
        available_balance: made.available_balance,
      });
      void refreshPayments();
    },
    onSettled: () => refreshBalance(),
  });
}
