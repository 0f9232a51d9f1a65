// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { renderInApp, setWindowWidth, signedInOnTestServer } from '@/test/api-server';
import { SettingsPage } from './settings-page';

/**
 * Site settings on the real server, as the operator: the preview repaints with a colour as it is
 * typed, and a save sends only the fields changed (the site message here, put back afterwards:
 * other test files read the site's settings).
 */
signedInOnTestServer('admin');
let before: Awaited<ReturnType<typeof fetchData<'getGlobalSetting'>>>;
beforeAll(async () => {
  setWindowWidth(1280);
  before = await fetchData('getGlobalSetting');
});
afterAll(async () => {
  await fetchData('operatorSaveGlobalSettings', { site_message: before.site_message });
});

describe('site settings', () => {
  it("paints the bettors' header preview with a colour once it is a whole #rrggbb", async () => {
    renderInApp(<SettingsPage />, '/settings');
    const hex = await screen.findByTestId('settings-bg_primary_color');
    const bar = screen.getByTestId('header-preview-bar');
    fireEvent.change(hex, { target: { value: '#12' } });
    // Half typed: the preview keeps a colour it can paint.
    expect(bar.style.background).not.toBe('');
    fireEvent.change(hex, { target: { value: '#123456' } });
    expect(bar.style.background).toBe('rgb(18, 52, 86)');
    expect((screen.getByTestId('settings-bg_primary_color-pick') as HTMLInputElement).value).toBe('#123456');
  });

  it('shows a text colour too faint on its background adjusted, as the site shows it, and says so', async () => {
    renderInApp(<SettingsPage />, '/settings');
    const background = await screen.findByTestId('settings-bg_secondry_color');
    const text = screen.getByTestId('settings-text_secondry_color');
    fireEvent.change(background, { target: { value: '#2c6e8f' } });
    fireEvent.change(text, { target: { value: '#ffffff' } });
    const wallet = screen.getByTestId('header-preview-wallet');
    expect(wallet.style.color).toBe('rgb(255, 255, 255)');
    expect(screen.queryByTestId('header-preview-adjusted')).toBeNull();
    // Yellow on this blue is 3.45:1: painted lighter, and the preview names the colour.
    fireEvent.change(text, { target: { value: '#f5c518' } });
    expect(wallet.style.color).not.toBe('rgb(245, 197, 24)');
    expect(screen.getByTestId('header-preview-adjusted').textContent).toContain('Secondary text');
  });

  it('saves only what changed, and says so', async () => {
    renderInApp(<SettingsPage />, '/settings');
    const message = await screen.findByTestId('settings-message');
    const text = `Console test message ${Date.now().toString(36)}`;
    fireEvent.change(message, { target: { value: text } });
    expect(screen.getByTestId('header-preview-message').textContent).toBe(text);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(async () => expect((await fetchData('getGlobalSetting')).site_message).toBe(text));
    const after = await fetchData('getGlobalSetting');
    expect({ ...after, site_message: before.site_message }).toEqual(before);
    const audit = await fetchData('operatorGetAuditLog', { action: 'settings.save', limit: 1 });
    expect(Object.keys(audit.rows[0]!.after ?? {})).toEqual(['site_message']);
  });
});
