import type { GetPaymentRequestsRequest } from '@exchange/contracts';
import { consoleKeys } from '@/console/lib/query-keys';
import { queryClient } from '@/lib/query-client';

/** Under 'payments': the 'payment_requests' nudge refreshes the list. */
export const paymentKeys = {
  list: (filter: GetPaymentRequestsRequest) => consoleKeys.payments('list', filter),
  receipt: (requestId: number) => consoleKeys.payments('receipt', requestId),
};

/** A decision moves money: the requests, every downline figure and the caller's own balance are read again. */
export async function refreshAfterDecision(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: consoleKeys.payments('list') }),
    queryClient.invalidateQueries({ queryKey: consoleKeys.downline() }),
    queryClient.invalidateQueries({ queryKey: consoleKeys.me }),
  ]);
}
