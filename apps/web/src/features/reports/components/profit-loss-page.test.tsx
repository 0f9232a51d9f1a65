// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { formatDay, istYmdDaysAgo, istYmdMonthsAgo } from '@/lib/format';
import { newBettorOnTestServer, renderInApp, setWindowWidth } from '@/test/api-server';
import { capturedCsv } from '@/test/csv-download';
import { ProfitLossPage } from './profit-loss-page';

/**
 * The P&L report on the real server, for a bettor of this file's own: the period presets set the
 * range (IST days) that the form shows and the report asks for, and Export CSV makes the file of
 * the range shown.
 */
newBettorOnTestServer('pnlrange');
beforeAll(() => setWindowWidth(1280));

const today = () => istYmdDaysAgo(0);
const field = (id: string) => (screen.getByTestId(id) as HTMLInputElement).value;
const periods = () => within(screen.getByRole('group', { name: 'Period' }));

describe('P&L report periods', () => {
  it('opens on 7 days; each preset sets From and To in IST days and is the one pressed', async () => {
    renderInApp(<ProfitLossPage />, '/report/profit-loss');
    const pressed = () =>
      periods()
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    expect(pressed()).toEqual(['7 days']);
    expect(field('profit-loss-from')).toBe(formatDay(istYmdDaysAgo(7)));
    expect(field('profit-loss-to')).toBe(formatDay(today()));

    const expected: Array<[string, string, string]> = [
      ['Today', today(), today()],
      ['Yesterday', istYmdDaysAgo(1), istYmdDaysAgo(1)],
      ['30 days', istYmdDaysAgo(30), today()],
      ['3 months', istYmdMonthsAgo(3), today()],
      ['12 months', istYmdMonthsAgo(12), today()],
      ['7 days', istYmdDaysAgo(7), today()],
    ];
    for (const [label, from, to] of expected) {
      fireEvent.click(periods().getByRole('button', { name: label }));
      expect(pressed()).toEqual([label]);
      expect(field('profit-loss-from')).toBe(formatDay(from));
      expect(field('profit-loss-to')).toBe(formatDay(to));
    }
    // The bettor has settled nothing: the report of the last range asked for is empty.
    await screen.findByText('No data available in table', undefined, { timeout: 10_000 });
  });

  it('a custom range from the form presses no preset', () => {
    renderInApp(<ProfitLossPage />, '/report/profit-loss');
    fireEvent.change(screen.getByTestId('profit-loss-from'), {
      target: { value: formatDay(istYmdDaysAgo(3)) },
    });
    fireEvent.click(screen.getByTestId('profit-loss-submit'));
    for (const b of periods().getAllByRole('button')) expect(b.getAttribute('aria-pressed')).toBe('false');
    expect(field('profit-loss-from')).toBe(formatDay(istYmdDaysAgo(3)));
  });

  it('exports the range shown as CSV (the server file of that range)', async () => {
    renderInApp(<ProfitLossPage />, '/report/profit-loss');
    fireEvent.click(periods().getByRole('button', { name: '30 days' }));
    const csv = capturedCsv();
    const button = screen.getByRole('button', { name: 'Export CSV' });
    fireEvent.click(button);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const { fileName, lines } = await csv;
    const range = { from_date: istYmdDaysAgo(30), to_date: today() };
    expect(fileName).toMatch(new RegExp(`^profit-loss-.*-${range.from_date}-to-${range.to_date}\\.csv$`));
    const file = await fetchData('exportCsv', { report: 'PROFIT_LOSS', ...range });
    expect(fileName).toBe(file.filename);
    // The download is read as text, which drops the BOM the file starts with.
    expect(file.csv.startsWith('\uFEFF')).toBe(true);
    expect(lines).toEqual(file.csv.slice(1).split('\r\n').filter(Boolean));
    await waitFor(() => expect((screen.getByTestId('export-csv') as HTMLButtonElement).disabled).toBe(false));
  });
});
