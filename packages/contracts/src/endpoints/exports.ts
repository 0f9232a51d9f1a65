/** CSV exports of the reports (issue 25, ADR 59). */
import { ExportFile, ExportRequest } from '../exports.ts';
import { def } from './endpoint.ts';

export const exportEndpoints = {
  exportCsv: def({
    method: 'POST',
    path: 'report/exportCsv',
    auth: 'user',
    summary:
      "A report as a CSV file for a range of IST days: the caller's own, or (user_id) a downline user's for an agent",
    body: ExportRequest,
    data: ExportFile,
  }),
} as const;
