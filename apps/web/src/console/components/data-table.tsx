import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { DEFAULT_PAGE_SIZE, Pager, TableStateRow, TableTools } from '@/components';
import { formatAmount } from '@/lib/format';
import { downloadCsv, toCsv } from '../lib/csv';
import { SignedAmount } from './signed-amount';

export interface Column<T> {
  key: string;
  header: string;
  /** The cell's value: what sorting compares and the CSV holds. */
  value: (row: T) => string | number | null;
  /** How the cell shows (default: the value as text). */
  render?: (row: T) => ReactNode;
  /** Numbers: right-aligned. */
  numeric?: boolean;
  /** Default true; actions columns set false (and are left out of the CSV). */
  sortable?: boolean;
  /** How the column's figure shows in the totals row (default: the amount with two decimals). */
  renderTotal?: (total: number) => ReactNode;
  /** In the CSV only: the screen shows its value inside another column's cell (to fit a laptop's width). */
  csvOnly?: boolean;
}

/**
 * A report's totals (the call's own sums, over every row): the label in the first column, each
 * figure under the column of its key. Shown under the rows; the CSV ends with it.
 */
export interface TotalsRow {
  label: string;
  values: Record<string, number>;
}

/** Server-side paging: the page shown, the total, and how to ask for another page or size. */
export interface Paging {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** A column of rupee amounts: sorted by the number, shown formatted. */
export function amountColumn<T>(key: string, header: string, value: (row: T) => number): Column<T> {
  return { key, header, numeric: true, value, render: (r) => formatAmount(value(r)) };
}

/** A column of signed figures (a P&L, what is owed): green or red with its sign, in the totals row too. */
export function signedColumn<T>(
  key: string,
  header: string,
  value: (row: T) => number,
  { positiveIsLoss = false }: { positiveIsLoss?: boolean } = {},
): Column<T> {
  const signed = (v: number) => <SignedAmount value={v} positiveIsLoss={positiveIsLoss} />;
  return { key, header, numeric: true, value, render: (r) => signed(value(r)), renderTotal: signed };
}

/**
 * A server-paged table's page and page size, from page 1: `first` goes back there (a new filter or
 * search), as a new page size does; `paging(total)` is the table's `paging`.
 */
export function useServerPaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const first = () => setPage(1);
  const paging = (total: number | undefined): Paging => ({
    page,
    limit,
    total: total ?? 0,
    onPage: setPage,
    onLimit: (n) => {
      setLimit(n);
      setPage(1);
    },
  });
  return { page, limit, first, paging };
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** data-testid of a row (e.g. `downline-row-<user_name>`), for the browser tests. */
  rowTestId?: (row: T) => string;
  loading: boolean;
  /** The refusal or failure to show instead of rows. */
  error?: Error | null;
  /** Retry after an error (the query's refetch). */
  onRetry?: () => unknown;
  empty?: string;
  testId: string;
  /** Without it the table pages its rows itself (20 a page). */
  paging?: Paging;
  /** The CSV file's name (without .csv): a "CSV" button exports the rows. */
  csvName?: string;
  /** Server-paged tables: every row for the CSV, not just the page shown. */
  csvRows?: () => Promise<readonly T[]>;
  /** Extra controls on the table's bar (filters, a create button). */
  tools?: ReactNode;
  /** A row's details, shown under it across the whole table (null: none, e.g. while folded). */
  rowDetail?: (row: T) => ReactNode;
  /**
   * On a phone each row is a card of "header: value" lines instead of a table row that scrolls
   * sideways (for lists whose rows carry actions). A cell's render should be one element.
   */
  cardsOnPhone?: boolean;
  totals?: TotalsRow;
}

type Sort = { key: string; dir: 1 | -1 } | null;

function compare(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en', { numeric: true });
}

/**
 * The console's table: loading and empty states, sorting by a column's header (click again to
 * reverse), paging (the server's, or its own), and CSV export. Sorting orders the rows on screen.
 */
export function DataTable<T>({ columns, rows, rowKey, rowTestId, loading, error = null, onRetry, empty, testId, paging, csvName, csvRows, tools, rowDetail, cardsOnPhone = false, totals }: DataTableProps<T>) {
  const [sort, setSort] = useState<Sort>(null);
  const [ownPage, setOwnPage] = useState(1);
  const [ownLimit, setOwnLimit] = useState(20);

  const sorted = useMemo(() => {
    const list = [...(rows ?? [])];
    const column = sort && columns.find((c) => c.key === sort.key);
    if (column && sort) list.sort((a, b) => sort.dir * compare(column.value(a), column.value(b)));
    return list;
  }, [rows, sort, columns]);

  const page = paging?.page ?? ownPage;
  const limit = paging?.limit ?? ownLimit;
  const total = paging?.total ?? sorted.length;
  const shown = paging ? sorted : sorted.slice((page - 1) * limit, page * limit);

  const exportCsv = async () => {
    try {
      const all = csvRows ? await csvRows() : sorted;
      const cols = columns.filter((c) => c.sortable !== false);
      const lines = all.map((r) => cols.map((c) => c.value(r)));
      if (totals) lines.push(cols.map((c, i) => (i === 0 ? totals.label : (totals.values[c.key] ?? null))));
      downloadCsv(`${csvName}.csv`, toCsv(cols.map((c) => c.header), lines));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The export failed');
    }
  };

  const shownColumns = columns.filter((c) => !c.csvOnly);
  const toggleSort = (key: string) =>
    setSort((s) => (s?.key !== key ? { key, dir: 1 } : s.dir === 1 ? { key, dir: -1 } : null));

  return (
    <div className={cardsOnPhone ? 'data-table data-table--cards' : 'data-table'} data-testid={testId}>
      <div className="data-table__bar">
        <TableTools
          value={limit}
          onChange={(n) => (paging ? paging.onLimit(n) : (setOwnLimit(n), setOwnPage(1)))}
          testId={`${testId}-limit`}
          loading={loading && rows !== undefined}
        />
        <div className="data-table__tools">
          {tools}
          {csvName && (
            <button type="button" className="btn btn--small btn--secondary" onClick={() => void exportCsv()} disabled={!rows?.length} data-testid={`${testId}-csv`}>
              CSV
            </button>
          )}
        </div>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              {shownColumns.map((c) => {
                const sortable = c.sortable !== false;
                const dir = sort?.key === c.key ? sort.dir : 0;
                return (
                  <th key={c.key} className={c.numeric ? 'num' : undefined} aria-sort={dir === 1 ? 'ascending' : dir === -1 ? 'descending' : undefined}>
                    {sortable ? (
                      <button type="button" className="data-table__sort" onClick={() => toggleSort(c.key)}>
                        {c.header}
                        <span aria-hidden="true">{dir === 1 ? ' ▲' : dir === -1 ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows === undefined || error || rows.length === 0 ? (
              <TableStateRow
                columns={shownColumns.length}
                loading={loading && rows === undefined}
                loadingLabel="Loading…"
                empty
                error={error}
                onRetry={onRetry}
                emptyText={empty}
              />
            ) : (
              shown.map((row) => {
                const detail = rowDetail?.(row);
                return (
                  <Fragment key={rowKey(row)}>
                    <tr data-testid={rowTestId?.(row)}>
                      {shownColumns.map((c) => (
                        <td key={c.key} className={c.numeric ? 'num' : undefined} data-label={c.header}>
                          {c.render ? c.render(row) : c.value(row)}
                        </td>
                      ))}
                    </tr>
                    {detail != null && (
                      <tr className="data-table__detail">
                        <td colSpan={shownColumns.length}>{detail}</td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
          {totals && rows !== undefined && rows.length > 0 && !error && (
            <tfoot>
              <tr className="data-table__totals" data-testid={`${testId}-totals`}>
                {shownColumns.map((c, i) => {
                  const total = totals.values[c.key];
                  return (
                    <td key={c.key} className={c.numeric ? 'num' : undefined} data-label={i === 0 ? undefined : c.header} data-testid={total === undefined ? undefined : `${testId}-total-${c.key}`}>
                      {i === 0 ? totals.label : total === undefined ? null : c.renderTotal ? c.renderTotal(total) : formatAmount(total)}
                    </td>
                  );
                })}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {total > limit && <Pager page={page} limit={limit} total={total} onPage={paging ? paging.onPage : setOwnPage} testId={`${testId}-pager`} />}
    </div>
  );
}
