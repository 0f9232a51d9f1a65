import type { PaymentKind, PaymentStatus } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '@/console/lib/all-pages';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** The nudges refresh the list at once; this is the fallback when the socket is down. */
const PAYMENTS_POLL_MS = 30_000;

/** Which requests (none named: every status, every kind). */
export interface PaymentRequestFilter {
  status?: PaymentStatus;
  kind?: PaymentKind;
}

/**
 * agent/getPaymentRequests: one page of the requests addressed to the caller, the last page shown
 * until it answers. Under 'payments', so the 'payment_requests' nudge refreshes it.
 */
export function usePaymentRequests(filter: PaymentRequestFilter, page: number, limit: number) {
  return useQuery({
    queryKey: consoleKeys.payments.requests.of({ ...filter, page, limit }),
    queryFn: () => fetchData('agentGetPaymentRequests', { ...filter, page, limit }),
    placeholderData: keepPreviousData,
    refetchInterval: PAYMENTS_POLL_MS,
  });
}

/** Every request of the filter, for the CSV. */
export const allPaymentRequestRows = (filter: PaymentRequestFilter) =>
  fetchAllPages((page, limit) => fetchData('agentGetPaymentRequests', { ...filter, page, limit }));
