import type { PaymentKind, PaymentStatus } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import {
  DateRangeFields,
  DEFAULT_PAGE_SIZE,
  PageFrame,
  Pager,
  RangeSubmit,
  rangeProblem,
  Spinner,
  TableTools,
} from '@/components';
import { istYmdDaysAgo } from '@/lib/format';
import { usePaymentLinks } from '@/lib/link-rules';
import { usePaymentStatement, type PaymentStatementFilter } from '../api/payment-statement';
import { KIND_LABEL, STATUS_LABEL } from '../lib/request-rows';
import { PaymentsClosed } from './payments-closed';
import { RequestTable } from './request-table';
import './payments.css';

/** Like the account statement: the last 7 days (IST). */
const DEFAULT_DAYS = 7;
export const NO_RECORDS_TEXT = 'No records found';

const KINDS: PaymentKind[] = ['DEPOSIT', 'WITHDRAW'];
const STATUSES: PaymentStatus[] = ['PENDING', 'APPROVED', 'REJECTED'];

const defaultFilter = (): PaymentStatementFilter => ({
  from_date: istYmdDaysAgo(DEFAULT_DAYS),
  to_date: istYmdDaysAgo(0),
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
});

/** A select of `options` with 'All' first ('' in the form, absent from the filter). */
function OptionalSelect<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
  testId,
}: {
  label: string;
  value: T | undefined;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T | undefined) => void;
  testId: string;
}) {
  return (
    <label className="field field--inline">
      <span className="field__label">{label}</span>
      <select
        className="input"
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
        data-testid={testId}
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The bettor's deposit and withdrawal requests: From / To (IST days), type and status on top,
 * then the requests newest first with their status, paged like the account statement.
 */
export function PaymentStatementPage() {
  const open = usePaymentLinks();
  const [draft, setDraft] = useState(defaultFilter);
  const [filter, setFilter] = useState(draft);
  const { data, isLoading, isFetching, isError, error, refetch } = usePaymentStatement(filter, open === true);
  const rows = data?.rows ?? [];
  const rangeError = rangeProblem(draft);

  if (open === null) return <Spinner label="Loading" />;
  if (!open) return <PaymentsClosed title="Payment Statement" testId="payment-statement-page" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rangeError) setFilter({ ...draft, limit: filter.limit, page: 1 });
  };

  return (
    <PageFrame title="Payment Statement" testId="payment-statement-page">
      <form className="filters" onSubmit={submit} data-testid="payment-statement-filters">
        <DateRangeFields value={draft} onChange={setDraft} testIdPrefix="payment-statement" />
        <OptionalSelect
          label="Type"
          value={draft.kind}
          options={KINDS}
          labels={KIND_LABEL}
          onChange={(kind) => setDraft({ ...draft, kind })}
          testId="payment-statement-kind"
        />
        <OptionalSelect
          label="Status"
          value={draft.status}
          options={STATUSES}
          labels={STATUS_LABEL}
          onChange={(status) => setDraft({ ...draft, status })}
          testId="payment-statement-status"
        />
        <RangeSubmit problem={rangeError} testIdPrefix="payment-statement" />
      </form>
      <TableTools
        value={filter.limit}
        onChange={(limit) => setFilter({ ...filter, limit, page: 1 })}
        testId="payment-statement-limit"
        loading={isFetching && !isLoading}
      />
      <RequestTable
        rows={rows}
        state={{
          loading: isLoading,
          loadingLabel: 'Loading payment statement',
          error: isError ? error : null,
          onRetry: refetch,
          emptyText: NO_RECORDS_TEXT,
        }}
        withTotals
        testId="payment-statement-table"
      />
      <Pager
        page={filter.page}
        limit={filter.limit}
        total={data?.total ?? 0}
        onPage={(page) => setFilter({ ...filter, page })}
        testId="payment-statement-pager"
      />
    </PageFrame>
  );
}
