import { AUDIT_ACTIONS, type AuditAction, type AuditRow } from '@exchange/contracts';
import { useState } from 'react';
import { DataTable, useServerPaging, type Column } from '@/console/components';
import { DateRangeFields, rangeProblem, type DayRange } from '@/components';
import { useDebounced } from '@/hooks/use-debounced';
import { formatIst, istYmdDaysAgo } from '@/lib/format';
import { allAuditLogRows, useAuditLog, type AuditLogFilter } from './api/audit-log';
import { auditDiff } from './audit-diff';
import './audit.css';

const ACTION_LABELS: Record<AuditAction, string> = {
  'sport.save': 'Sport saved',
  'series.save': 'Series saved',
  'match.save': 'Match saved',
  'race.save': 'Race saved',
  'market.create': 'Market created',
  'market.update': 'Market limits',
  'market.status': 'Market status',
  'market.bookmaker_rates': 'Bookmaker rates',
  'market.fancy_line': 'Fancy line',
  'market.remove_runner': 'Non-runner',
  'market.declare': 'Result declared',
  'market.void': 'Market voided',
  'market.rollback': 'Result rolled back',
  'bet.void': 'Bet voided',
  'settings.save': 'Site settings',
  'casino_game.set': 'Casino game',
};

const SEARCH_DELAY_MS = 300;
/** The log opens on the last week (IST days). */
const DEFAULT_DAYS = 6;

/** Before and after, side by side: the changed fields first-class, the rest dimmed. */
function Diff({ row }: { row: AuditRow }) {
  const lines = auditDiff(row.before, row.after);
  if (lines.length === 0) return <p className="muted">No fields were kept for this action.</p>;
  return (
    <table className="audit-diff" data-testid={`audit-diff-${row.id}`}>
      <thead>
        <tr>
          <th>Field</th>
          <th>Before</th>
          <th>After</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr
            key={l.field}
            className={l.changed ? 'audit-diff__changed' : undefined}
            data-testid={l.changed ? `audit-diff-${row.id}-${l.field}` : undefined}
          >
            <th scope="row">{l.field}</th>
            <td className="audit-diff__before">{l.before}</td>
            <td className="audit-diff__after">{l.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The audit log (route audit): every operator action, newest first, filtered by action, text
 * (target or actor) and IST days, paged by the server, exported to CSV (every page). A row opens
 * to its fields before and after.
 */
export function AuditPage() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [search, setSearch] = useState('');
  const [range, setRange] = useState<DayRange>(() => ({
    from_date: istYmdDaysAgo(DEFAULT_DAYS),
    to_date: istYmdDaysAgo(0),
  }));
  const { page, limit, first, paging } = useServerPaging();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const problem = rangeProblem(range);
  // A range being typed keeps the last whole one.
  const [days, setDays] = useState(range);
  if (!problem && (days.from_date !== range.from_date || days.to_date !== range.to_date)) setDays(range);

  const filters: AuditLogFilter = {
    ...(action ? { action } : {}),
    ...(query ? { search: query } : {}),
    ...days,
  };
  const log = useAuditLog(filters, page, limit);

  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns: Column<AuditRow>[] = [
    {
      key: 'at',
      header: 'Time (IST)',
      value: (r) => formatIst(r.at),
      render: (r) => <span className="nowrap">{formatIst(r.at)}</span>,
    },
    { key: 'actor', header: 'Actor', value: (r) => r.actor_name },
    {
      key: 'action',
      header: 'Action',
      value: (r) => ACTION_LABELS[r.action] ?? r.action,
      render: (r) => <span className="nowrap">{ACTION_LABELS[r.action] ?? r.action}</span>,
    },
    {
      key: 'target',
      header: 'Target',
      value: (r) => `${r.target_type} ${r.target_id}`,
      render: (r) => <span className="nowrap">{`${r.target_type} #${r.target_id}`}</span>,
    },
    {
      key: 'summary',
      header: 'Summary',
      value: (r) => r.summary,
      render: (r) => (
        <span className="audit-summary" data-testid={`audit-summary-${r.id}`}>
          {r.summary}
        </span>
      ),
    },
    { key: 'ip', header: 'IP', value: (r) => r.ip },
    {
      key: 'changes',
      header: '',
      sortable: false,
      value: () => null,
      render: (r) => (
        <button
          type="button"
          className="btn btn--small nowrap"
          onClick={() => toggle(r.id)}
          aria-expanded={open.has(r.id)}
          data-testid={`audit-row-${r.id}-toggle`}
        >
          Changes {open.has(r.id) ? '▴' : '▾'}
        </button>
      ),
    },
  ];
  return (
    <div data-testid="audit-page">
      <div className="console-page__head">
        <h1>Audit log</h1>
      </div>
      <section className="console-card">
        <div className="filters audit-filters" role="search">
          <label className="field field--inline">
            <span className="field__label">Action</span>
            <select
              className="input"
              value={action}
              onChange={(e) => {
                setAction(e.target.value as AuditAction | '');
                first();
              }}
              data-testid="audit-action"
            >
              <option value="">All</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {ACTION_LABELS[a]}
                </option>
              ))}
            </select>
          </label>
          <label className="field field--inline">
            <span className="field__label">Search</span>
            <input
              className="input"
              type="search"
              placeholder="Target or actor"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                first();
              }}
              data-testid="audit-search"
            />
          </label>
          <DateRangeFields
            value={range}
            onChange={(r) => {
              setRange(r);
              first();
            }}
            testIdPrefix="audit"
          />
          {problem && <span className="field__error">{problem}</span>}
        </div>
        <DataTable
          cardsOnPhone
          columns={columns}
          rows={log.data?.rows}
          rowKey={(r) => r.id}
          rowTestId={(r) => `audit-row-${r.id}`}
          rowDetail={(r) => (open.has(r.id) ? <Diff row={r} /> : null)}
          loading={log.isFetching}
          error={log.error}
          onRetry={log.refetch}
          empty="No operator action matches"
          testId="audit-table"
          paging={paging(log.data?.total)}
          csvName={`audit-log-${days.from_date}-${days.to_date}`}
          csvRows={() => allAuditLogRows(filters)}
        />
      </section>
    </div>
  );
}
