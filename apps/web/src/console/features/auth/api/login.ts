import type { LoginRequest } from '@exchange/contracts';
import { ApiError, callApi } from '@/lib/api';
import { saveConsoleLogin } from '@/console/lib/session';

/** What a login attempt came to: signed in, a code is wanted, or the refusal in words. */
export type LoginOutcome = { kind: 'in' } | { kind: 'code'; problem?: string } | { kind: 'refused'; message: string };

/**
 * console/login: a success is stored as the console's session; a security-auth code asked for
 * or refused (a 401 that resolves) and any other refusal come back as what the form says next.
 */
export async function logIn(body: LoginRequest): Promise<LoginOutcome> {
  try {
    const res = await callApi('consoleLogin', body);
    if (res.status && res.data) {
      saveConsoleLogin(res.data);
      return { kind: 'in' };
    }
    if (res.code === 'OTP_REQUIRED') return { kind: 'code' };
    if (res.code === 'OTP_INVALID') return { kind: 'code', problem: 'The code is not valid' };
    return { kind: 'refused', message: res.message || 'Login failed' };
  } catch (err) {
    return { kind: 'refused', message: err instanceof ApiError || err instanceof Error ? err.message : 'Login failed' };
  }
}
