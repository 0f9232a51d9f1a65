import type { SettlementPreviewRequest } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';

/**
 * operator/previewSettlement: what a declaration, void or rollback would move, asked once the
 * request is known and until it is done. Always read afresh and never kept: the market may have
 * moved since.
 */
export function useSettlementPreview(request: SettlementPreviewRequest | null, enabled: boolean) {
  return useQuery({
    queryKey: consoleKeys.operator.settlementPreview(request),
    queryFn: () => fetchData('operatorPreviewSettlement', request!),
    enabled: request !== null && enabled,
    gcTime: 0,
    staleTime: 0,
  });
}
