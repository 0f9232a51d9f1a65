/**
 * CSV as spreadsheets read it (RFC 4180, ADR 59): fields quoted when they hold a comma, a quote or
 * a line break; CRLF lines; a UTF-8 BOM so Excel reads ₹ and names right. Text that starts with
 * = + - @ (or a tab or carriage return) is neutralised with a leading apostrophe, so a remark or
 * a name cannot run as a formula (CSV injection, OWASP). Numbers are written as numbers: a
 * negative amount stays a number a spreadsheet can sum.
 */
import { istWallClock } from '@exchange/contracts';

/** Rupees, written with two decimals and no grouping (a number a spreadsheet sums). */
export interface Amount {
  rupees: number;
}
export type Cell = string | number | Amount | null;
export const amount = (rupees: number): Amount => ({ rupees });

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe: neutralised if it could start a formula, then quoted if it must be. */
export function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** An instant as dd/MM/yyyy HH:mm:ss in IST (the site's times). */
export function istCell(iso: string): string {
  const w = istWallClock(Date.parse(iso));
  return `${w.slice(8, 10)}/${w.slice(5, 7)}/${w.slice(0, 4)} ${w.slice(11, 19)}`;
}

function cell(c: Cell): string {
  if (c === null) return '';
  if (typeof c === 'number') return String(c);
  if (typeof c === 'object') return c.rupees.toFixed(2);
  return textCell(c);
}

/** The file: a BOM, the header, the rows; every line ends CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header.map(textCell), ...rows.map((r) => r.map(cell))].map((r) => r.join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
