import type { PaymentKind, PaymentStatus } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchData } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface PaymentStatementFilter {
  from_date: string;
  to_date: string;
  kind?: PaymentKind;
  status?: PaymentStatus;
  page: number;
  limit: number;
}

/** payment/getPaymentStatement for one page of the filter. */
export function usePaymentStatement(filter: PaymentStatementFilter, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.statement(filter),
    queryFn: () => fetchData('paymentGetPaymentStatement', filter),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
