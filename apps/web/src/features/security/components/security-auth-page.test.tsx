// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData, onUnauthorized } from '@/lib/api';
import { sessionEnded } from '@/lib/session';
import { getToken } from '@/lib/storage';
import { newBettorOnTestServer, renderInApp, setWindowWidth } from '@/test/api-server';
import { totpCode, wrongCode } from '@/test/totp';
import { SecurityAuthPage } from './security-auth-page';

/**
 * The security-auth page of a fresh bettor on the real server: setting it up shows the QR code
 * and the secret in text; a wrong code is refused in words without ending the session; the code
 * an app computes from the shown secret turns it on and the ten backup codes show once; a backup
 * code turns it off again.
 */
newBettorOnTestServer('sapage');
const unauthorized: number[] = [];
beforeAll(() => {
  setWindowWidth(1280);
  onUnauthorized(({ httpStatus }) => unauthorized.push(httpStatus));
});

let backupCodes: string[] = [];

const codeField = (form: string) => screen.getByTestId(`${form}-code`) as HTMLInputElement;
function submitCode(form: string, code: string) {
  fireEvent.change(codeField(form), { target: { value: code } });
  fireEvent.click(screen.getByTestId(`${form}-submit`));
}

describe('security auth page', () => {
  it('sets up with the QR code and the secret, refuses a wrong code, enables with the right one and shows ten backup codes once', async () => {
    renderInApp(<SecurityAuthPage />);
    const off = await screen.findByTestId('security-auth-off');
    expect(off.textContent).toContain('Off');
    fireEvent.click(screen.getByRole('button', { name: 'Set Up Security Auth' }));

    const qr = (await screen.findByTestId('security-auth-qr')) as HTMLImageElement;
    // The server's SVG is drawn as an image, never put into the page as markup.
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3C/);
    expect(document.querySelector('.sec-setup svg')).toBeNull();
    const secret = screen.getByTestId('security-auth-secret').textContent!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    submitCode('security-auth-enable', '12345');
    expect((await screen.findByTestId('security-auth-enable-error')).textContent).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
    submitCode('security-auth-enable', wrongCode(secret));
    await waitFor(() =>
      expect(screen.getByTestId('security-auth-enable-error').textContent).toContain('The code is not valid'),
    );
    // A refused code is not a refused session.
    expect(getToken()).not.toBeNull();
    expect(sessionEnded()).toBe(false);
    expect(unauthorized).toEqual([]);
    expect(codeField('security-auth-enable').value).toBe('');

    submitCode('security-auth-enable', totpCode(secret));
    const backup = await screen.findByTestId('security-auth-backup');
    expect(backup.textContent).toContain('Save these backup codes now.');
    expect(backup.textContent).toContain('shown only this once');
    backupCodes = within(backup)
      .getAllByTestId('security-auth-backup-code')
      .map((c) => c.textContent!);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const c of backupCodes) expect(c).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect((await screen.findByTestId('security-auth-status')).textContent).toBe('Enabled');
    expect(screen.getByTestId('security-auth-backup-left').textContent).toBe('Backup codes left: 10');
    expect(screen.queryByTestId('security-auth-backup-code')).toBeNull();
    expect((await fetchData('getProfile')).security_auth_enabled).toBe('1');
  });

  it('once on, shows Enabled; a wrong code does not disable it, a backup code does', async () => {
    renderInApp(<SecurityAuthPage />);
    expect((await screen.findByTestId('security-auth-status')).textContent).toBe('Enabled');

    submitCode('security-auth-disable', 'zzzz-zzzz');
    await waitFor(() =>
      expect(screen.getByTestId('security-auth-disable-error').textContent).toContain(
        'The code is not valid',
      ),
    );
    expect(screen.getByTestId('security-auth-status').textContent).toBe('Enabled');
    expect(getToken()).not.toBeNull();
    expect(unauthorized).toEqual([]);

    submitCode('security-auth-disable', backupCodes[3]!);
    await screen.findByTestId('security-auth-off');
    expect((await fetchData('getProfile')).security_auth_enabled).toBe('0');
  });
});
