import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/** agent/getPaymentReceipt: a deposit request's receipt image. */
export function usePaymentReceipt(requestId: number) {
  return useQuery({
    queryKey: consoleKeys.payments.receipt(requestId),
    queryFn: () => fetchData('agentGetPaymentReceipt', { request_id: requestId }),
    // A receipt never changes.
    staleTime: Infinity,
  });
}
