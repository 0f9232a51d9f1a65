import { useConsoleMutation } from '@/console/lib/mutation';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import type { DeclareBody } from '../declaration';

export type SettlementAction = 'declare' | 'void' | 'rollback';

/**
 * One settlement step of a market, the call its action names: operator/declareResult,
 * operator/voidMarket or operator/rollbackResult. Each answers with what it did (a
 * SettlementSummary) and moves the same figures, so they are one send.
 */
const settle = (action: SettlementAction, body: DeclareBody) =>
  action === 'declare'
    ? fetchData('operatorDeclareResult', body)
    : action === 'void'
      ? fetchData('operatorVoidMarket', { market_id: body.market_id })
      : fetchData('operatorRollbackResult', { market_id: body.market_id });

/** Declares, voids or rolls back a market. */
export function useSettleMarket(action: SettlementAction) {
  return useConsoleMutation({
    mutationFn: (body: DeclareBody) => settle(action, body),
    // The market's result, the match's open count, the books and every balance moved.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.operator.markets.all });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.operator.matches.all });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.downline.all });
    },
  });
}
