// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { newAccountOfAgent1, renderInApp, signedInOnTestServer } from '@/test/api-server';
import { SettingsPage } from './settings-page';

/** The settings page on the real server, for a bettor of its own: each setting is saved as it changes. */
signedInOnTestServer(async () => (await newAccountOfAgent1({ prefix: 'settings' })).userName);

describe('settings page', () => {
  it('turns the cash-out confirmation off and on again', async () => {
    renderInApp(<SettingsPage />, '/setting/preferences');
    const confirm = (await screen.findByRole(
      'checkbox',
      { name: 'Confirm before cash out' },
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(confirm.checked).toBe(true);

    fireEvent.click(confirm);
    await screen.findByText('Settings saved', undefined, { timeout: 10_000 });
    await waitFor(() => expect(confirm.checked).toBe(false));
    expect((await fetchData('getSettings')).confirm_cash_out).toBe(false);

    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(async () => expect((await fetchData('getSettings')).confirm_cash_out).toBe(true), {
      timeout: 10_000,
    });
    expect(confirm.checked).toBe(true);
  });
});
