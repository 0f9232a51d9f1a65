/** CSV exports of the reports (issue 25, ADR 59). */
export { exportCsv, type ExportQuery } from './reports.ts';
export { amount, istCell, textCell, toCsv, type Cell } from './csv.ts';
