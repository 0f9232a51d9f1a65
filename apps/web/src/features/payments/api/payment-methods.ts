import { useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** payment/getMethods: where to pay the agent, the bettor's saved payout accounts, the bounds. */
export function usePaymentMethods(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.methods,
    queryFn: () => fetchData('paymentGetMethods'),
    enabled,
    staleTime: 60_000,
  });
}
