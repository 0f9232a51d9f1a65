import type { PaymentRequestRow } from '@exchange/contracts';
import { ReportTable, type ReportColumn, type ReportTableState, type SummaryRow } from '@/components';
import { formatAmount, formatIst } from '@/lib/format';
import { KIND_LABEL, METHOD_LABEL, requestReference, requestSums, STATUS_LABEL } from '../lib/request-rows';
import { PaymentStatusBadge } from './status-badge';

const COLUMNS: ReportColumn<PaymentRequestRow>[] = [
  { id: 'date', header: 'Date', cell: (r) => formatIst(r.created_at), cellClass: () => 'nowrap' },
  { id: 'type', header: 'Type', cell: (r) => KIND_LABEL[r.kind] },
  { id: 'method', header: 'Method', cell: (r) => METHOD_LABEL[r.method] },
  {
    id: 'amount',
    header: 'Amount',
    num: true,
    cell: (r) => formatAmount(r.amount),
    cellClass: (r) => (r.kind === 'DEPOSIT' ? 'amount--credit' : 'amount--debit'),
  },
  { id: 'reference', header: 'UTR / Account', wide: true, cell: requestReference, cellClass: () => 'nowrap' },
  { id: 'status', header: 'Status', cell: (r) => <PaymentStatusBadge status={r.status} /> },
  { id: 'remark', header: 'Remark', wide: true, cell: (r) => r.remark, cellClass: () => 'pay-table__remark' },
];

/** The rows' sums by kind and status, under the Amount column (see requestSums). */
const totalsOf = (rows: readonly PaymentRequestRow[]): SummaryRow[] =>
  requestSums(rows).map((s) => ({
    key: `${s.kind}-${s.status}`,
    label: `${KIND_LABEL[s.kind]} ${STATUS_LABEL[s.status].toLowerCase()} (${s.count})`,
    values: { amount: formatAmount(s.amount) },
    classes: { amount: s.kind === 'DEPOSIT' ? 'amount--credit' : 'amount--debit' },
    testId: `payment-total-${s.kind.toLowerCase()}-${s.status.toLowerCase()}`,
  }));

const NOT_LOADING: ReportTableState = { loading: false, loadingLabel: '', error: null };

/**
 * Payment requests as the statement lists them: Date | Type | Method | Amount | UTR / Account |
 * Status | Remark, with the sums of the rows shown (`withTotals`) by kind and status. `state`
 * is what the table shows instead of rows while loading, on an error or when there are none.
 */
export function RequestTable({
  rows,
  state = NOT_LOADING,
  withTotals = false,
  testId,
}: {
  rows: readonly PaymentRequestRow[];
  state?: ReportTableState;
  withTotals?: boolean;
  testId: string;
}) {
  return (
    <ReportTable
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.request_id}
      rowProps={(r) => ({ 'data-testid': 'payment-row', 'data-request-id': r.request_id })}
      state={state}
      totals={withTotals ? totalsOf(rows) : []}
      className="pay-table"
      label="Payment requests"
      testId={testId}
    />
  );
}
