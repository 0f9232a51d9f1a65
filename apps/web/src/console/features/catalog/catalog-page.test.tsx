// @vitest-environment jsdom
import { SPORT } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { CatalogPage } from './catalog-page';

/**
 * The catalog on the real server, as the operator: a match created in the dialog starts at the
 * IST time typed (whatever the browser's zone), and its shown switch hides it.
 */
signedInOnTestServer('admin');
const NAME = `Zone XI v Clock XI ${Date.now().toString(36)}`;
beforeAll(() => setWindowWidth(1280));

const onServer = async () =>
  (await fetchData('operatorGetMatches', { search: NAME, include_finished: true })).rows[0];

describe('matches', () => {
  it('creates a match starting at the IST time typed', async () => {
    renderInApp(<CatalogPage />, `/catalog?tab=matches&sport=${SPORT.CRICKET}`);
    fireEvent.click(await screen.findByTestId('create-match'));
    const dialog = await screen.findByTestId('match-dialog');
    const series = within(dialog).getByTestId('match-dialog-series') as HTMLSelectElement;
    await waitFor(() => expect(series.options.length).toBeGreaterThan(1));
    fireEvent.change(series, { target: { value: series.options[1]!.value } });
    fireEvent.change(within(dialog).getByTestId('match-dialog-name'), { target: { value: NAME } });
    fireEvent.change(within(dialog).getByTestId('match-dialog-start'), {
      target: { value: '2030-01-15T19:30' },
    });
    fireEvent.click(within(dialog).getByTestId('match-dialog-submit'));
    await waitFor(async () =>
      expect(await onServer()).toMatchObject({
        match_name: NAME,
        start_time: '2030-01-15T14:00:00.000Z',
        is_active: true,
      }),
    );
  });

  it('hides a match with its shown switch', async () => {
    const match = (await onServer())!;
    renderInApp(<CatalogPage />, '/catalog?tab=matches');
    fireEvent.change(await screen.findByTestId('matches-search'), { target: { value: NAME } });
    fireEvent.click(screen.getByTestId('matches-finished'));
    // The search waits for typing to stop, then asks the server.
    const shown = await screen.findByTestId(`match-${match.match_id}-shown`, {}, { timeout: 3000 });
    expect(shown.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(shown);
    await waitFor(async () => expect((await onServer())!.is_active).toBe(false));
    await waitFor(() =>
      expect(screen.getByTestId(`match-${match.match_id}-shown`).getAttribute('aria-checked')).toBe('false'),
    );
  });
});
