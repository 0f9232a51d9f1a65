import type { StatementDay, StatementType } from '@exchange/contracts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import {
  DateRangeFields,
  DEFAULT_PAGE_SIZE,
  PageFrame,
  Pager,
  rangeProblem,
  RangeSubmit,
  TableScroll,
  TableStateRow,
  TableTools,
} from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo } from '@/lib/format';
import { useAccountStatement, type StatementFilter } from '../api/account-statement';
import { periodPnl } from '../lib/statement';
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
      <TableScroll label="Account statement">
        <table className="table statement-table" data-testid="statement-table">
          <thead>
            <tr>
              <th>Date</th>
              <th className="num">Credit</th>
              <th className="num">Debit</th>
              <th className="num">Balance</th>
              <th>Remark</th>
            </tr>
          </thead>
          <tbody>
            <TableStateRow
              columns={5}
              loading={isLoading}
              loadingLabel="Loading statement"
              empty={rows.length === 0}
              error={isError ? error : null}
              onRetry={refetch}
            />
            {!isLoading &&
              rows.map((r) => (
                <tr key={r.id} data-testid="statement-row">
                  <td className="nowrap">{formatIst(r.date)}</td>
                  <td className="num amount--credit">{r.credit ? formatAmount(r.credit) : ''}</td>
                  <td className="num amount--debit">{r.debit ? formatAmount(r.debit) : ''}</td>
                  <td className="num">{formatAmount(r.balance)}</td>
                  <td>{r.remark}</td>
                </tr>
              ))}
          </tbody>
          {data && rows.length > 0 && (
            <tfoot>
              <tr data-testid="statement-totals">
                <th>Total ({data.total} entries)</th>
                <th className="num amount--credit" data-testid="statement-total-credit">
                  {formatAmount(data.totals.credit)}
                </th>
                <th className="num amount--debit" data-testid="statement-total-debit">
                  {formatAmount(data.totals.debit)}
                </th>
                <th colSpan={2} />
              </tr>
            </tfoot>
          )}
        </table>
      </TableScroll>
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
  const pnl = periodPnl(days);
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
