import type { StatementType } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { PageFrame, Pager } from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo } from '@/lib/format';
import { useAccountStatement, type StatementFilter } from '../api/account-statement';

const TYPES: Array<{ value: StatementType; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdraw', label: 'Withdraw' },
  { value: 'sports', label: 'Sports Report' },
  { value: 'casino', label: 'Casino Report' },
];
const PAGE_SIZES = [20, 50, 100];
/** The statement opens on the last 7 days (IST). */
const DEFAULT_DAYS = 7;

const defaultFilter = (): StatementFilter => ({
  from_date: istYmdDaysAgo(DEFAULT_DAYS),
  to_date: istYmdDaysAgo(0),
  statement_type: 'all',
  page: 1,
  limit: PAGE_SIZES[0] as number,
});

/** Date range and type on top, then Date | Credit | Debit | Balance | Remark with paging. */
export function AccountStatementPage() {
  const [draft, setDraft] = useState(defaultFilter);
  const [filter, setFilter] = useState(draft);
  const { data, isFetching, isError, error } = useAccountStatement(filter);
  const rows = data?.rows ?? [];
  const totals = rows.reduce((t, r) => ({ credit: t.credit + r.credit, debit: t.debit + r.debit }), {
    credit: 0,
    debit: 0,
  });
  const invalidRange = draft.from_date > draft.to_date;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!invalidRange) setFilter({ ...draft, page: 1 });
  };

  return (
    <PageFrame title="Account Statement" testId="account-statement-page">
      <form className="filters" onSubmit={submit} data-testid="statement-filters">
        <label className="field field--inline">
          <span className="field__label">From</span>
          <input
            className="input"
            type="date"
            value={draft.from_date}
            max={draft.to_date}
            onChange={(e) => setDraft({ ...draft, from_date: e.target.value })}
            required
            data-testid="statement-from"
          />
        </label>
        <label className="field field--inline">
          <span className="field__label">To</span>
          <input
            className="input"
            type="date"
            value={draft.to_date}
            min={draft.from_date}
            onChange={(e) => setDraft({ ...draft, to_date: e.target.value })}
            required
            data-testid="statement-to"
          />
        </label>
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
        <button
          type="submit"
          className="btn btn--primary"
          disabled={invalidRange}
          data-testid="statement-submit"
        >
          Submit
        </button>
        {invalidRange && <span className="field__error">From date must not be after to date</span>}
      </form>
      <div className="table-tools">
        <label className="field field--inline">
          <span className="field__label">Show</span>
          <select
            className="input input--small"
            value={filter.limit}
            onChange={(e) => setFilter({ ...filter, limit: Number(e.target.value), page: 1 })}
            data-testid="statement-limit"
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <span className="field__label">entries</span>
        </label>
        {isFetching && <span className="muted">Loading…</span>}
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="statement-table">
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
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="table__empty">
                  {isError ? error.message : 'No data available in table'}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id} data-testid="statement-row">
                  <td className="nowrap">{formatIst(r.date)}</td>
                  <td className="num amount--credit">{r.credit ? formatAmount(r.credit) : ''}</td>
                  <td className="num amount--debit">{r.debit ? formatAmount(r.debit) : ''}</td>
                  <td className="num">{formatAmount(r.balance)}</td>
                  <td>{r.remark}</td>
                </tr>
              ))
            )}
          </tbody>
          {rows.length > 0 && (
            <tfoot>
              <tr>
                <th>Total</th>
                <th className="num amount--credit">{formatAmount(totals.credit)}</th>
                <th className="num amount--debit">{formatAmount(totals.debit)}</th>
                <th colSpan={2} />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
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
