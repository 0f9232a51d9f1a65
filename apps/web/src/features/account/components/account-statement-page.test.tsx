// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchData } from '@/lib/api';
import { istYmdDaysAgo } from '@/lib/format';
import { agent1BettorOnTestServer, renderInApp, setWindowWidth } from '@/test/api-server';
import { capturedCsv } from '@/test/csv-download';
import { AccountStatementPage } from './account-statement-page';

vi.mock('uplot', () => import('@/test/fake-uplot'));

/**
 * The statement's Export CSV on the real server, for a bettor of agent1's own with a deposit: the
 * file is the statement submitted (its range and type), not what is being typed.
 */
agent1BettorOnTestServer({ prefix: 'stmtcsv', chips: 1_500 });
beforeAll(() => setWindowWidth(1280));

describe('statement export', () => {
  it('exports the range and type submitted', async () => {
    renderInApp(<AccountStatementPage />, '/account-statement');
    await waitFor(() => expect(screen.getAllByTestId('statement-row').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    fireEvent.change(screen.getByTestId('statement-type'), { target: { value: 'deposit' } });
    fireEvent.click(screen.getByTestId('statement-submit'));
    // Typed but not submitted: the export stays with the statement shown.
    fireEvent.change(screen.getByTestId('statement-type'), { target: { value: 'withdraw' } });

    const csv = capturedCsv();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const { fileName, lines } = await csv;
    const file = await fetchData('exportCsv', {
      report: 'STATEMENT',
      from_date: istYmdDaysAgo(7),
      to_date: istYmdDaysAgo(0),
      statement_type: 'deposit',
    });
    expect(fileName).toBe(file.filename);
    // The download is read as text, which drops the BOM the file starts with.
    expect(lines).toEqual(
      file.csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    );
    // The header, the deposit and the totals line.
    expect(file.rows).toBeGreaterThanOrEqual(2);
    expect(lines.length).toBe(file.rows + 1);
  });
});
