export { Modal } from './modal';
export { PageFrame } from './page-frame';
export { Spinner } from './spinner';
export { SiteLogo } from './site-logo';
export { Pager } from './pager';
export { lazyPage } from './lazy-page';
export {
  DateRangeFields,
  DayField,
  DateRangeForm,
  RangeSubmit,
  rangeProblem,
  type DayRange,
} from './date-range-fields';
export { EMPTY_TABLE_TEXT, TableStateRow } from './table-state-row';
export { InPlayBadge, MatchStateBadge } from './match-state-badge';
export { DEFAULT_PAGE_SIZE, TableTools } from './table-tools';
export { TableScroll } from './table-scroll';
export { CodeField, useCodeForm } from './code-field';
export { RouteError } from './route-error';
export {
  ReportTable,
  type ReportColumn,
  type ReportSection,
  type ReportTableState,
  type SummaryRow,
} from './report-table';
export { CashOutBadge } from './cash-out-badge';
export { UnmatchedBetEditor } from './unmatched-bet-editor';
export { SportSelect } from './sport-select';
export { ExportCsvButton } from './export-csv-button';
