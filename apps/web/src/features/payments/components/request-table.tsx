import type { PaymentRequestRow } from '@exchange/contracts';
import type { ReactNode } from 'react';
import { formatAmount, formatIst } from '@/lib/format';
import { KIND_LABEL, METHOD_LABEL, requestReference } from '../lib/request-rows';
import { PaymentStatusBadge } from './status-badge';
import { TableScroll } from '@/components';

export const REQUEST_COLUMNS = 7;

/**
 * Payment requests as the statement lists them: Date | Type | Method | Amount | UTR / Account |
 * Status | Remark. `stateRow` is the loading, error or empty row shown instead of rows. On a
 * phone each row stacks into a card of labelled cells (data-label), so the status stays in view.
 */
export function RequestTable({
  rows,
  stateRow,
  testId,
}: {
  rows: readonly PaymentRequestRow[];
  stateRow?: ReactNode;
  testId: string;
}) {
  return (
    <TableScroll label="Payment requests">
      <table className="table pay-table" data-testid={testId}>
        <thead>
          <tr>
            <th>Date</th>
            <th>Type</th>
            <th>Method</th>
            <th className="num">Amount</th>
            <th>UTR / Account</th>
            <th>Status</th>
            <th>Remark</th>
          </tr>
        </thead>
        <tbody>
          {stateRow}
          {rows.map((r) => (
            <tr key={r.request_id} data-testid="payment-row" data-request-id={r.request_id}>
              <td data-label="Date">{formatIst(r.created_at)}</td>
              <td data-label="Type">{KIND_LABEL[r.kind]}</td>
              <td data-label="Method">{METHOD_LABEL[r.method]}</td>
              <td
                data-label="Amount"
                className={`num ${r.kind === 'DEPOSIT' ? 'amount--credit' : 'amount--debit'}`}
              >
                {formatAmount(r.amount)}
              </td>
              <td data-label="UTR / Account" className="pay-table__ref">
                {requestReference(r)}
              </td>
              <td data-label="Status">
                <PaymentStatusBadge status={r.status} />
              </td>
              <td data-label="Remark" className="pay-table__remark">
                {r.remark}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
