import type { StatementRow, StatementType } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { amountColumn, DataTable, useServerPaging, type Column } from '@/console/components';
import { DateRangeFields, ExportCsvButton, RangeSubmit, rangeProblem } from '@/components';
import { formatAmount, formatIst, istYmdDaysAgo } from '@/lib/format';
import { useUserStatement, type UserStatementFilter } from './api/user-statement';

const TYPES: { value: StatementType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdraw', label: 'Withdraw' },
  { value: 'sports', label: 'Sports' },
  { value: 'casino', label: 'Casino' },
];
const TYPE_LABEL = Object.fromEntries(TYPES.map((t) => [t.value, t.label])) as Record<StatementType, string>;
/** The statement opens on the last 7 days (IST), as the bettor's own. */
export const DEFAULT_DAYS = 7;

const COLUMNS: Column<StatementRow>[] = [
  {
    key: 'date',
    header: 'Date (IST)',
    value: (r) => r.date,
    render: (r) => <span className="nowrap">{formatIst(r.date)}</span>,
  },
  { key: 'type', header: 'Type', value: (r) => TYPE_LABEL[r.type] },
  {
    key: 'credit',
    header: 'Credit',
    numeric: true,
    value: (r) => r.credit,
    render: (r) => (r.credit ? <span className="amount--credit">{formatAmount(r.credit)}</span> : ''),
  },
  {
    key: 'debit',
    header: 'Debit',
    numeric: true,
    value: (r) => r.debit,
    render: (r) => (r.debit ? <span className="amount--debit">{formatAmount(r.debit)}</span> : ''),
  },
  amountColumn('balance', 'Balance', (r) => r.balance),
  { key: 'remark', header: 'Remark', value: (r) => r.remark },
];

/** A downline user's account statement (agent/getUserStatement): days and type, paged, totals, CSV. */
export function UserStatement({ userId }: { userId: number }) {
  const [draft, setDraft] = useState<UserStatementFilter>(() => ({
    from_date: istYmdDaysAgo(DEFAULT_DAYS),
    to_date: istYmdDaysAgo(0),
    statement_type: 'all',
  }));
  const [filter, setFilter] = useState(draft);
  const { page, limit, first, paging } = useServerPaging();
  const problem = rangeProblem(draft);
  const statement = useUserStatement(userId, filter, page, limit);
  const totals = statement.data?.totals;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    setFilter(draft);
    first();
  };

  return (
    <div data-testid="user-statement">
      <form className="filters" onSubmit={submit} data-testid="user-statement-filters">
        <DateRangeFields value={draft} onChange={setDraft} testIdPrefix="user-statement" />
        <label className="field field--inline">
          <span className="field__label">Type</span>
          <select
            className="input"
            value={draft.statement_type}
            onChange={(e) => setDraft({ ...draft, statement_type: e.target.value as StatementType })}
            data-testid="user-statement-type"
          >
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <RangeSubmit problem={problem} testIdPrefix="user-statement" />
        {/* The server's file of the statement submitted: every page, its totals line (ADR 59). */}
        <ExportCsvButton
          request={{
            report: 'STATEMENT',
            from_date: filter.from_date,
            to_date: filter.to_date,
            statement_type: filter.statement_type,
            user_id: userId,
          }}
          testId="user-statement-export"
        />
      </form>
      {totals && (
        <dl className="user-totals" data-testid="user-statement-totals">
          <div>
            <dt>Opening</dt>
            <dd>{formatAmount(totals.opening_balance)}</dd>
          </div>
          <div>
            <dt>Credit</dt>
            <dd className="amount--credit">{formatAmount(totals.credit)}</dd>
          </div>
          <div>
            <dt>Debit</dt>
            <dd className="amount--debit">{formatAmount(totals.debit)}</dd>
          </div>
          <div>
            <dt>Closing</dt>
            <dd data-testid="user-statement-closing">{formatAmount(totals.closing_balance)}</dd>
          </div>
        </dl>
      )}
      <DataTable
        columns={COLUMNS}
        rows={statement.data?.rows}
        rowKey={(r) => r.id}
        loading={statement.isFetching}
        error={statement.error}
        onRetry={statement.refetch}
        empty="No transfers in this period."
        testId="user-statement-table"
        cardsOnPhone
        paging={paging(statement.data?.total)}
      />
    </div>
  );
}
