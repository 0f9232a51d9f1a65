import { downloadText } from '@/lib/clipboard';

/** One CSV field: quoted when it holds a comma, quote or line break; formula starts neutralised for spreadsheets. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell starting with = + - @ is run as a formula by spreadsheet programs (CSV injection);
  // numbers keep their minus sign.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Saves a CSV file through the browser's download. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadText(fileName, csv, 'text/csv');
}
