import { PaymentKind, PaymentStatus, type AgentPaymentRequestRow } from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { amountColumn, Badge, DataTable, IstWhen, useServerPaging, type Column } from '@/console/components';
import { isOperator, useConsoleUser } from '@/console/lib/session';
import { formatAmount, formatIst } from '@/lib/format';
import { allPaymentRequestRows, usePaymentRequests, type PaymentRequestFilter } from './api/payment-requests';
import { DecideDialog } from './decide-dialog';
import { KIND_LABEL, paymentDetails, STATUS_LABEL } from './payment-text';
import { ReceiptDialog } from './receipt-dialog';
import './payments.css';

const STATUS_TONE = { PENDING: 'warn', APPROVED: 'ok', REJECTED: 'bad' } as const;

type Open =
  | { kind: 'receipt'; row: AgentPaymentRequestRow }
  | { kind: 'decide'; row: AgentPaymentRequestRow; approve: boolean };

/** The filters live in the address (the dashboard links to pending deposits); no status: pending, 'ALL': every one. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const status =
    params.get('status') === 'ALL'
      ? undefined
      : (PaymentStatus.safeParse(params.get('status') ?? 'PENDING').data ?? 'PENDING');
  const kind = PaymentKind.safeParse(params.get('kind')).data;
  const set = (name: 'status' | 'kind', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return { status, kind, set };
}

/**
 * The deposit and withdrawal requests addressed to the caller (the operator: all), newest first:
 * filters by status and kind, the receipt, and Approve / Reject with a remark. The list is
 * refreshed by the live nudges and every 30 s.
 */
export function PaymentsPage() {
  const byOperator = isOperator(useConsoleUser());
  const { status, kind, set } = useFilters();
  const { page, limit, first, paging } = useServerPaging();
  const [open, setOpen] = useState<Open | null>(null);
  const filter: PaymentRequestFilter = { ...(status && { status }), ...(kind && { kind }) };
  const list = usePaymentRequests(filter, page, limit);

  const columns = useMemo(
    (): Column<AgentPaymentRequestRow>[] => [
      { key: 'id', header: '#', numeric: true, value: (r) => r.request_id },
      {
        key: 'created',
        header: 'Asked (IST)',
        value: (r) => r.created_at,
        render: (r) => <IstWhen iso={r.created_at} />,
      },
      {
        key: 'user',
        header: 'User',
        value: (r) => r.user_name,
        render: (r) => (
          <Link to={`/downline/user/${r.user_id}`} className="payment-user">
            {r.user_name}
          </Link>
        ),
      },
      {
        key: 'kind',
        header: 'Kind',
        value: (r) => `${KIND_LABEL[r.kind]} ${r.method}`,
        render: (r) => (
          <span>
            <span className={`payment-kind payment-kind--${r.kind.toLowerCase()}`}>{KIND_LABEL[r.kind]}</span>{' '}
            <span className="muted">{r.method}</span>
          </span>
        ),
      },
      {
        key: 'amount',
        header: 'Amount',
        numeric: true,
        value: (r) => r.amount,
        render: (r) => <strong>{formatAmount(r.amount)}</strong>,
      },
      {
        key: 'details',
        header: 'UTR / pay to',
        value: (r) => paymentDetails(r),
        render: (r) => <span className="payment-details">{paymentDetails(r)}</span>,
      },
      {
        key: 'receipt',
        header: 'Receipt',
        value: (r) => (r.has_receipt ? 'yes' : ''),
        render: (r) =>
          r.has_receipt ? (
            <button
              type="button"
              className="btn btn--small btn--secondary"
              onClick={() => setOpen({ kind: 'receipt', row: r })}
              data-testid={`payment-receipt-${r.request_id}`}
            >
              View
            </button>
          ) : (
            <span className="muted">–</span>
          ),
      },
      amountColumn('available', 'User available', (r) => r.user_available_balance),
      {
        key: 'status',
        header: 'Status',
        value: (r) => STATUS_LABEL[r.status],
        render: (r) => (
          <Badge tone={STATUS_TONE[r.status]} testId={`payment-status-${r.request_id}`}>
            {STATUS_LABEL[r.status]}
          </Badge>
        ),
      },
      ...(status === 'PENDING'
        ? []
        : [
            {
              key: 'decided',
              header: 'Decided (IST)',
              value: (r: AgentPaymentRequestRow) =>
                r.decided_at ? `${formatIst(r.decided_at)} ${r.remark}`.trim() : '',
              render: (r: AgentPaymentRequestRow) =>
                r.decided_at ? (
                  <div>
                    <IstWhen iso={r.decided_at} />
                    {r.remark && <div className="muted payment-remark">{r.remark}</div>}
                  </div>
                ) : (
                  ''
                ),
            },
          ]),
      {
        key: 'actions',
        header: 'Actions',
        sortable: false,
        value: () => null,
        render: (r) =>
          r.status === 'PENDING' ? (
            <div className="payment-actions">
              <button
                type="button"
                className="btn btn--small btn--primary"
                onClick={() => setOpen({ kind: 'decide', row: r, approve: true })}
                data-testid={`payment-approve-${r.request_id}`}
              >
                Approve
              </button>
              <button
                type="button"
                className="btn btn--small btn--danger"
                onClick={() => setOpen({ kind: 'decide', row: r, approve: false })}
                data-testid={`payment-reject-${r.request_id}`}
              >
                Reject
              </button>
            </div>
          ) : null,
      },
    ],
    [status],
  );

  const choose = (name: 'status' | 'kind', value: string) => {
    set(name, value);
    first();
  };
  const close = () => setOpen(null);
  return (
    <div className="payments-page" data-testid="payments-page">
      <div className="console-page__head">
        <h1>Payment requests</h1>
      </div>
      <DataTable
        columns={columns}
        rows={list.data?.rows}
        rowKey={(r) => r.request_id}
        rowTestId={(r) => `payment-row-${r.request_id}`}
        loading={list.isFetching}
        error={list.error}
        onRetry={list.refetch}
        empty={status === 'PENDING' ? 'No request waits for you.' : 'No requests.'}
        testId="payments-table"
        cardsOnPhone
        paging={paging(list.data?.total)}
        csvName={`payment-requests${status ? `-${status.toLowerCase()}` : ''}${kind ? `-${kind.toLowerCase()}` : ''}`}
        csvRows={() => allPaymentRequestRows(filter)}
        tools={
          <>
            <label className="field field--inline">
              <span className="field__label">Status</span>
              <select
                className="input input--small"
                value={status ?? 'ALL'}
                onChange={(e) => choose('status', e.target.value)}
                data-testid="payments-status"
              >
                <option value="PENDING">Pending</option>
                <option value="APPROVED">Approved</option>
                <option value="REJECTED">Rejected</option>
                <option value="ALL">All</option>
              </select>
            </label>
            <label className="field field--inline">
              <span className="field__label">Kind</span>
              <select
                className="input input--small"
                value={kind ?? ''}
                onChange={(e) => choose('kind', e.target.value)}
                data-testid="payments-kind"
              >
                <option value="">All</option>
                <option value="DEPOSIT">Deposits</option>
                <option value="WITHDRAW">Withdrawals</option>
              </select>
            </label>
          </>
        }
      />
      {open?.kind === 'receipt' && (
        <ReceiptDialog requestId={open.row.request_id} userName={open.row.user_name} onClose={close} />
      )}
      {open?.kind === 'decide' && (
        <DecideDialog request={open.row} approve={open.approve} byOperator={byOperator} onClose={close} />
      )}
    </div>
  );
}
