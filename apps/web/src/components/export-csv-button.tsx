import type { ExportRequest } from '@exchange/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError, fetchData } from '@/lib/api';
import { downloadText } from '@/lib/clipboard';
import './export-csv-button.css';

/**
 * "Export CSV": report/exportCsv for what the page shows (its report, range and filters) and the
 * answer offered as a file download under the server's file name (issue 25, ADR 59). Off while the
 * call is out; a refusal (a range past the rows a file holds…) is a toast.
 */
export function ExportCsvButton({
  request,
  disabled,
  testId = 'export-csv',
}: {
  /** The page's report, range and filters, as the call takes them. */
  request: ExportRequest;
  disabled?: boolean;
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const file = await fetchData('exportCsv', request);
      downloadText(file.filename, file.csv, 'text/csv');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'The file could not be made');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--small btn--secondary export-csv"
      disabled={disabled || busy}
      aria-busy={busy}
      onClick={() => void exportCsv()}
      data-testid={testId}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
