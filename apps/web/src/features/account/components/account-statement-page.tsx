import type {
  AccountStatementPage as Statement,
  StatementDay,
  StatementRow,
  StatementType,
} from '@exchange/contracts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import {
  DateRangeFields,
  DEFAULT_PAGE_SIZE,
  ExportCsvButton,
  PageFrame,
  Pager,
  RangeSubmit,
  rangeProblem,
  ReportTable,
  TableTools,
  type ReportColumn,
  type SummaryRow,
} from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo, sumAmounts } from '@/lib/format';
import { useAccountStatement, type StatementFilter } from '../api/account-statement';
import './account.css';

// The charting library is fetched only when a statement has days to draw.
const PnlChart = lazy(() => import('./pnl-chart'));

const TYPES: Array<{ value: StatementType; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdraw', label: 'Withdraw' },
  { value: 'sports', label: 'Sports Report' },
  { value: 'casino', label: 'Casino Report' },
];
/** The statement opens on the last 7 days (IST). */
const DEFAULT_DAYS = 7;

const defaultFilter = (): StatementFilter => ({
  from_date: istYmdDaysAgo(DEFAULT_DAYS),
  to_date: istYmdDaysAgo(0),
  statement_type: 'all',
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
});

const COLUMNS: ReportColumn<StatementRow>[] = [
  { id: 'date', header: 'Date', cell: (r) => formatIst(r.date), cellClass: () => 'nowrap' },
  {
    id: 'credit',
    header: 'Credit',
    num: true,
    cell: (r) => (r.credit ? formatAmount(r.credit) : ''),
    cellClass: () => 'amount--credit',
  },
  {
    id: 'debit',
    header: 'Debit',
    num: true,
    cell: (r) => (r.debit ? formatAmount(r.debit) : ''),
    cellClass: () => 'amount--debit',
  },
  { id: 'balance', header: 'Balance', num: true, cell: (r) => formatAmount(r.balance) },
  { id: 'remark', header: 'Remark', wide: true, cell: (r) => r.remark },
];
const TOTAL_CLASSES = { credit: 'amount--credit', debit: 'amount--debit' };

/**
 * The period's credit and debit over every page (the call's totals); above it, when the period
 * has more than one page, the same sums of the rows shown.
 */
function statementTotals(data: Statement): SummaryRow[] {
  const period: SummaryRow = {
    key: 'period',
    label: `Total (${data.total} entries)`,
    values: { credit: formatAmount(data.totals.credit), debit: formatAmount(data.totals.debit) },
    classes: TOTAL_CLASSES,
    testId: 'statement-total',
  };
  if (data.rows.length === data.total) return [period];
  const page: SummaryRow = {
    key: 'page',
    label: `Page total (${data.rows.length} entries)`,
    values: {
      credit: formatAmount(sumAmounts(data.rows.map((r) => r.credit))),
      debit: formatAmount(sumAmounts(data.rows.map((r) => r.debit))),
    },
    classes: TOTAL_CLASSES,
    testId: 'statement-page-total',
  };
  return [page, period];
}

const signed = (v: number) => (v > 0 ? 'amount--credit' : v < 0 ? 'amount--debit' : '');

/**
 * Date range and type on top, the period's balances and P&L with its chart, then
 * Date | Credit | Debit | Balance | Remark with paging and the period's totals.
 */
export function AccountStatementPage() {
  const [draft, setDraft] = useState(defaultFilter);
  const [filter, setFilter] = useState(draft);
  const { data, isLoading, isFetching, isError, error, refetch } = useAccountStatement(filter);
  const rows = data?.rows ?? [];
  const rangeError = rangeProblem(draft);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The page size chosen under the table stays; a new filter starts at its first page.
    if (!rangeError) setFilter({ ...draft, limit: filter.limit, page: 1 });
  };

  return (
    <PageFrame title="Account Statement" testId="account-statement-page">
      <form className="filters" onSubmit={submit} data-testid="statement-filters">
        <DateRangeFields value={draft} onChange={setDraft} testIdPrefix="statement" />
        <label className="field field--inline">
          <span className="field__label">Type</span>
          <select
            className="input"
            value={draft.statement_type}
            onChange={(e) => setDraft({ ...draft, statement_type: e.target.value as StatementType })}
            data-testid="statement-type"
          >
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <RangeSubmit problem={rangeError} testIdPrefix="statement" />
        {/* The statement shown (the filter submitted, every page of it), not the days being typed. */}
        <ExportCsvButton
          request={{
            report: 'STATEMENT',
            from_date: filter.from_date,
            to_date: filter.to_date,
            statement_type: filter.statement_type,
          }}
        />
      </form>
      <TableTools
        value={filter.limit}
        onChange={(limit) => setFilter({ ...filter, limit, page: 1 })}
        testId="statement-limit"
        loading={isFetching && !isLoading}
      />
      {data && data.total > 0 && (
        <PeriodSummary totals={data.totals} days={data.days} from={filter.from_date} to={filter.to_date} />
      )}
      <ReportTable
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ 'data-testid': 'statement-row' })}
        state={{
          loading: isLoading,
          loadingLabel: 'Loading statement',
          error: isError ? error : null,
          onRetry: refetch,
        }}
        totals={data ? statementTotals(data) : []}
        className="statement-table"
        label="Account statement"
        testId="statement-table"
      />
      <Pager
        page={filter.page}
        limit={filter.limit}
        total={data?.total ?? 0}
        onPage={(page) => setFilter({ ...filter, page })}
        testId="statement-pager"
      />
    </PageFrame>
  );
}

/** Opening and closing balance and the betting and casino P&L of the period, over its chart. */
function PeriodSummary({
  totals,
  days,
  from,
  to,
}: {
  totals: { opening_balance: number; closing_balance: number };
  days: readonly StatementDay[];
  from: string;
  to: string;
}) {
  const pnl = sumAmounts(days.map((d) => d.pnl));
  return (
    <figure className="statement-summary" data-testid="statement-summary">
      <figcaption className="statement-summary__figures">
        <span>
          <span className="muted">Opening balance </span>
          <strong data-testid="statement-opening">{formatAmount(totals.opening_balance)}</strong>
        </span>
        <span>
          <span className="muted">P&amp;L </span>
          <strong className={signed(pnl)} data-testid="statement-pnl">
            {formatAmount(pnl)}
          </strong>
        </span>
        <span>
          <span className="muted">Closing balance </span>
          <strong data-testid="statement-closing">{formatAmount(totals.closing_balance)}</strong>
        </span>
      </figcaption>
      <Suspense fallback={<div className="pnl-chart__plot" />}>
        <PnlChart days={days} from={from} to={to} />
      </Suspense>
    </figure>
  );
}
