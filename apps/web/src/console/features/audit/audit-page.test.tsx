// @vitest-environment jsdom
import { SPORT } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { AuditPage } from './audit-page';

/**
 * The audit log on the real server, as the operator: a series the file creates and renames is
 * found by its name and action, and its row opens to the name before and after.
 */
signedInOnTestServer('admin');
const NAME = `Audit Cup ${Date.now().toString(36)}`;
let seriesId: number;
beforeAll(async () => {
  setWindowWidth(1280);
  const made = await fetchData('operatorSaveSeries', {
    sport_id: SPORT.CRICKET,
    name: NAME,
    is_active: false,
  });
  seriesId = made.series_id;
  await fetchData('operatorSaveSeries', {
    series_id: seriesId,
    sport_id: SPORT.CRICKET,
    name: `${NAME} II`,
    is_active: false,
  });
});

describe('audit log', () => {
  it('finds the actions by text and action, and shows a row before and after', async () => {
    renderInApp(<AuditPage />, '/audit');
    fireEvent.change(await screen.findByTestId('audit-search'), { target: { value: NAME } });
    fireEvent.change(screen.getByTestId('audit-action'), { target: { value: 'series.save' } });
    const table = screen.getByTestId('audit-table');
    // The search waits for typing to stop, then asks the server.
    await waitFor(() => expect(within(table).getAllByTestId(/^audit-row-\d+$/).length).toBe(2), {
      timeout: 3000,
    });
    const [renamed] = within(table).getAllByTestId(/^audit-row-\d+$/);
    expect(renamed!.textContent).toContain('Series saved');
    expect(renamed!.textContent).toContain('admin');
    const id = renamed!.dataset.testid!.replace('audit-row-', '');
    fireEvent.click(within(renamed!).getByTestId(`audit-row-${id}-toggle`));
    const name = await screen.findByTestId(`audit-diff-${id}-name`);
    expect([...name.querySelectorAll('td')].map((td) => td.textContent)).toEqual([NAME, `${NAME} II`]);
  });
});
