// @vitest-environment jsdom
import { NOTIFICATION_KINDS } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { agent1BettorOnTestServer, renderInApp } from '@/test/api-server';
import { NotificationBell } from './notification-bell';
import { NotificationKindsSettings } from './notification-kinds-settings';

/**
 * The bettor's choice of notifications on the real server (issue 23): a switch per kind in its
 * words, every kind on at first; one switched off is saved (`user/updateSettings`) and its events
 * are no longer told; switched back on, later ones are. The section is also in the bell's list,
 * under "Settings", until the Settings page takes it.
 */
const { moveChips } = agent1BettorOnTestServer({ prefix: 'bellkinds', chips: 1_000 });
/** The amounts of the CHIPS_MOVED notifications stored, newest first. */
const chipsTold = async () =>
  (await fetchData('getNotifications', { page: 1, limit: 100 })).rows
    .filter((r) => r.kind === 'CHIPS_MOVED')
    .map((r) => r.amount);

const LABELS = [
  'Bets matched',
  'Unmatched bets lapsed',
  'Unmatched bets cancelled by the market',
  'Markets settled',
  'Bets voided',
  'Cash outs',
  'Automatic cash outs done',
  'Automatic cash outs not placed',
  'Deposits and withdrawals decided',
  'Chips moved by your agent',
  'Your limits, breaks and exclusions (always sent)',
];

describe('the notification settings', () => {
  it('have a switch per kind in words, all on at first; none for browser notifications where there are none', async () => {
    renderInApp(<NotificationKindsSettings />);
    const group = await screen.findByRole('group', { name: 'Notify me of' });
    const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.labels?.[0]?.textContent)).toEqual(LABELS);
    expect(boxes.every((b) => b.checked)).toBe(true);
    // Changes to limits and exclusions cannot be switched off; every other kind can.
    expect(boxes.filter((b) => b.disabled).map((b) => b.labels?.[0]?.textContent)).toEqual([
      'Your limits, breaks and exclusions (always sent)',
    ]);
    expect(NOTIFICATION_KINDS).toHaveLength(LABELS.length);
    expect(screen.queryByTestId('browser-notifications-switch')).toBeNull();
  });

  it('save a kind switched off, whose events are no longer told, and on again', async () => {
    expect(await chipsTold()).toEqual([1_000]);
    const first = renderInApp(<NotificationKindsSettings />);
    const chips = (await screen.findByRole('checkbox', {
      name: 'Chips moved by your agent',
    })) as HTMLInputElement;
    fireEvent.click(chips);
    await waitFor(() => expect(chips.checked).toBe(false));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    const saved = await fetchData('getSettings');
    expect(saved.notification_kinds).toEqual(NOTIFICATION_KINDS.filter((k) => k !== 'CHIPS_MOVED'));
    await moveChips(21);

    // As on the next load: the server's settings.
    first.unmount();
    queryClient.removeQueries({ queryKey: queryKeys.settings });
    renderInApp(<NotificationKindsSettings />);
    const again = (await screen.findByRole('checkbox', {
      name: 'Chips moved by your agent',
    })) as HTMLInputElement;
    expect(again.checked).toBe(false);
    fireEvent.click(again);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect((await fetchData('getSettings')).notification_kinds).toEqual([...NOTIFICATION_KINDS]);
    await moveChips(22);
    // Told in order: once the second is stored, the first would have been.
    await waitFor(async () => expect(await chipsTold()).toEqual([22, 1_000]));
  });

  it("are under 'Settings' in the bell's list", async () => {
    renderInApp(<NotificationBell />);
    fireEvent.click(screen.getByTestId('notification-bell'));
    const list = screen.getByRole('dialog', { name: /^Notifications/ });
    expect(within(list).queryByRole('group', { name: 'Notify me of' })).toBeNull();
    fireEvent.click(within(list).getByText('Settings'));
    const group = await within(list).findByRole('group', { name: 'Notify me of' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(LABELS.length);
  });
});
