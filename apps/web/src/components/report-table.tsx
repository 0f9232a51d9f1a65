import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { TableScroll } from './table-scroll';
import { TableStateRow } from './table-state-row';
import './report-table.css';

/** One column of a report table. */
export interface ReportColumn<Row> {
  id: string;
  /** The header, and the label of the cell when a phone shows the row as a card. */
  header: string;
  /** A longer name for the header's tooltip (e.g. 'Average matched odds' for 'Avg matched'). */
  title?: string;
  /** Amounts and odds: right-aligned in the table. */
  num?: boolean;
  /** Names and remarks: the whole width of a phone's card. */
  wide?: boolean;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells (e.g. credit green, debit red). */
  cellClass?: (row: Row) => string;
  cellTestId?: string;
}

/**
 * A row of sums (a sport's subtotal, a page's or a period's total): `label` in the first
 * columns, up to the first one `values` fills; the others by column id.
 */
export interface SummaryRow {
  key: string;
  label: ReactNode;
  values: Partial<Record<string, ReactNode>>;
  /** Classes of a column's cell in this row, by column id. */
  classes?: Partial<Record<string, string>>;
  testId?: string;
}

/** Rows under a heading row that carries their subtotal (Profit & Loss: a sport's markets). */
export interface ReportSection<Row> {
  heading: SummaryRow;
  rows: readonly Row[];
}

/** What the table shows instead of rows (TableStateRow): loading, an error, or empty. */
export interface ReportTableState {
  loading: boolean;
  loadingLabel: string;
  error: Error | null;
  onRetry?: () => unknown;
  emptyText?: string;
}

interface ReportTableProps<Row> {
  columns: readonly ReportColumn<Row>[];
  /** The rows, or `sections` of rows under their heading. */
  rows?: readonly Row[];
  sections?: readonly ReportSection<Row>[];
  rowKey: (row: Row) => string | number;
  /** Test id, data attributes and class of a row. */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number>;
  /** What the table shows instead of rows (TableStateRow): loading, an error, or empty. */
  state: ReportTableState;
  /** Total rows under the rows (tfoot), shown only when there are rows. */
  totals?: readonly SummaryRow[];
  className?: string;
  /** What a screen reader calls the table's scroll box (TableScroll, ADR 44). */
  label: string;
  testId: string;
}

/**
 * The bettor's report table (ADR 40): the columns once, the state row, optional sections, and
 * total rows. A wide table never makes a phone scroll sideways: below 768 px each row is a card
 * whose cells carry their column's name.
 */
export function ReportTable<Row>({
  columns,
  rows,
  sections,
  rowKey,
  rowProps,
  state,
  totals = [],
  className = '',
  label,
  testId,
}: ReportTableProps<Row>) {
  const groups = sections ?? [{ heading: null, rows: rows ?? [] }];
  const empty = groups.every((g) => g.rows.length === 0);
  const show = !state.loading && !empty;
  const classes = ['table', 'report-table', className];
  return (
    <TableScroll label={label}>
      <table className={classes.filter(Boolean).join(' ')} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} className={c.num ? 'num' : undefined} title={c.title}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <TableStateRow
            columns={columns.length}
            loading={state.loading}
            loadingLabel={state.loadingLabel}
            empty={empty}
            error={state.error}
            onRetry={state.onRetry}
            emptyText={state.emptyText}
          />
          {show &&
            groups.map((g, i) => (
              <Fragment key={g.heading?.key ?? i}>
                {g.heading && (
                  <SummaryCells row={g.heading} columns={columns} className="report-table__group" />
                )}
                {g.rows.map((row) => (
                  <tr key={rowKey(row)} {...rowProps?.(row)}>
                    {columns.map((c) => (
                      <td
                        key={c.id}
                        className={cellClasses(c, c.cellClass?.(row))}
                        data-label={c.header}
                        data-testid={c.cellTestId}
                      >
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </Fragment>
            ))}
        </tbody>
        {show && totals.length > 0 && (
          <tfoot>
            {totals.map((t) => (
              <SummaryCells key={t.key} row={t} columns={columns} />
            ))}
          </tfoot>
        )}
      </table>
    </TableScroll>
  );
}

const cellClasses = (c: { num?: boolean; wide?: boolean }, extra?: string) =>
  [c.num ? 'num' : '', c.wide ? 'report-table__wide' : '', extra ?? ''].filter(Boolean).join(' ') ||
  undefined;

/** A sums row: its label spans the leading columns without a value, then a cell per column. */
function SummaryCells<Row>({
  row,
  columns,
  className,
}: {
  row: SummaryRow;
  columns: readonly ReportColumn<Row>[];
  className?: string;
}) {
  const first = columns.findIndex((c) => row.values[c.id] !== undefined);
  const span = first < 0 ? columns.length : Math.max(1, first);
  return (
    <tr className={['report-table__sum', className].filter(Boolean).join(' ')} data-testid={row.testId}>
      <th colSpan={span} className="report-table__sum-label">
        {row.label}
      </th>
      {columns.slice(span).map((c) => {
        const value = row.values[c.id];
        return (
          <th
            key={c.id}
            className={cellClasses(c, row.classes?.[c.id])}
            // An empty cell has nothing to label; a phone's card leaves it out.
            data-label={value === undefined ? undefined : c.header}
            data-testid={value === undefined ? undefined : `${row.testId ?? row.key}-${c.id}`}
          >
            {value}
          </th>
        );
      })}
    </tr>
  );
}
