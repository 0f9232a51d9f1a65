/**
 * CSV exports (issue 25): a bettor's, or an agent's downline user's, account statement, current
 * bets, settled bets and P&L report for a range of IST days, as a file a spreadsheet opens:
 * amounts in rupees, dates in IST, text starting with = + - @ neutralised (ADR 59).
 */
import { z } from 'zod';
import { Day, IdLike } from './common.ts';
import { StatementType } from './statement.ts';

export const EXPORT_REPORTS = ['STATEMENT', 'CURRENT_BETS', 'SETTLED_BETS', 'PROFIT_LOSS'] as const;
export const ExportReport = z.enum(EXPORT_REPORTS);
export type ExportReport = z.infer<typeof ExportReport>;
/** The most rows one file holds; a longer range is refused with the count. */
export const EXPORT_MAX_ROWS = 20_000;

export const ExportRequest = z
  .object({
    report: ExportReport,
    from_date: Day,
    to_date: Day,
    /** The statement's type filter (statement only). */
    statement_type: StatementType.optional(),
    /** An agent's downline user (absent: the caller's own). */
    user_id: IdLike.optional(),
  })
  .refine((v) => v.from_date <= v.to_date, {
    path: ['to_date'],
    message: 'From date must not be after to date',
  });
export type ExportRequest = z.input<typeof ExportRequest>;

export const ExportFile = z.object({
  filename: z.string(),
  /** The file's text: a header line, then one line per row, CRLF, UTF-8 with a BOM. */
  csv: z.string(),
  /** Rows below the header (a total line counts as one). */
  rows: z.number().int(),
});
export type ExportFile = z.infer<typeof ExportFile>;
