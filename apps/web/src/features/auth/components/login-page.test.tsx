// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { onUnauthorized } from '@/lib/api';
import { localLogout, sessionEnded } from '@/lib/session';
import { getStoredUser, getToken } from '@/lib/storage';
import {
  callAs,
  NEW_BETTOR_PASSWORD,
  newBettor,
  renderInApp,
  signedOutOnTestServer,
} from '@/test/api-server';
import { totpCode, wrongCode } from '@/test/totp';
import { LoginPage } from './login-page';

/**
 * The login of a bettor with security auth on, on the real server: the right password alone
 * brings the code step (not a refusal, not "session ended"); a wrong code is said and may be
 * tried again; a backup code logs in with the same user name and password.
 */
signedOutOnTestServer();
let userName = '';
let secret = '';
let backupCodes: string[] = [];
const unauthorized: number[] = [];

beforeAll(async () => {
  onUnauthorized(({ httpStatus }) => unauthorized.push(httpStatus));
  userName = await newBettor('otplogin');
  const { usertoken } = await callAs(null, 'login', { user_name: userName, password: NEW_BETTOR_PASSWORD });
  secret = (await callAs(usertoken, 'securityAuthSetup')).secret;
  backupCodes = (await callAs(usertoken, 'securityAuthEnable', { code: totpCode(secret) })).backup_codes;
});

function renderLogin() {
  renderInApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/home" element={<p>Home page</p>} />
    </Routes>,
    '/login',
  );
}

function fillLogin(password = NEW_BETTOR_PASSWORD) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: userName } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

function submitCode(code: string) {
  fireEvent.change(screen.getByTestId('login-otp'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('login-otp-submit'));
}

describe('login with security auth', () => {
  it('asks for the code after the right password, refuses a wrong one, and logs in with a backup code', async () => {
    renderLogin();
    fillLogin();
    const step = await screen.findByTestId('login-otp-form');
    expect(step.textContent).toContain('Enter the 6-digit code from your authenticator app');
    expect(step.textContent).toContain(userName);
    expect(getToken()).toBeNull();

    submitCode(wrongCode(secret));
    await waitFor(() =>
      expect(screen.getByTestId('login-otp-error').textContent).toBe('The code is not valid'),
    );
    expect((screen.getByTestId('login-otp') as HTMLInputElement).value).toBe('');
    // Neither the code step nor the refusal is a session that ended.
    expect(sessionEnded()).toBe(false);
    expect(screen.queryByTestId('login-notice')).toBeNull();
    expect(unauthorized).toEqual([]);

    submitCode(backupCodes[0]!.toUpperCase());
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(getToken()).not.toBeNull();
    expect(getStoredUser()?.security_auth_enabled).toBe('1');
  });

  it('a wrong password is refused before any code is asked; Back returns to the filled form', async () => {
    localLogout();
    renderLogin();
    fillLogin('Wrong@1234');
    await screen.findByText('Invalid username or password');
    expect(screen.queryByTestId('login-otp-form')).toBeNull();

    fillLogin();
    await screen.findByTestId('login-otp-form');
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe(userName);
  });
});
