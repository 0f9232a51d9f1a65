// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the session module, as a reload of the page gives. */
const reload = async () => {
  vi.resetModules();
  return import('./session');
};

const login = {
  user_id: 7,
  user_name: 'demo1',
  parent_id: 1,
  is_change_password: '0',
  total_balance: 0,
  liability: 0,
  available_balance: 0,
  usertoken: 'token',
} as unknown as import('./session').LoginDetails;

describe('why the last session ended survives a reload of the tab', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('a session ended by the server is still said after a reload and after the startup clear', async () => {
    const before = await reload();
    before.localLogout('session-ended');
    const after = await reload();
    expect(after.logoutNotice()).toMatch(/session has ended/i);
    expect(after.sessionEnded()).toBe(true);
    // Startup clears the stale session data (spec section 4), the reason stays, for the next reload too.
    sessionStorage.setItem('exposureBalance', '{}');
    after.clearSessionStorage();
    expect(sessionStorage.getItem('exposureBalance')).toBeNull();
    expect((await reload()).logoutNotice()).toMatch(/session has ended/i);
  });

  it('a login clears it, and a sign-out says nothing', async () => {
    const session = await reload();
    session.localLogout('session-expired');
    session.saveLogin(login);
    expect((await reload()).logoutNotice()).toBeNull();
    (await reload()).localLogout('signed-out');
    const after = await reload();
    expect(after.logoutNotice()).toBeNull();
    expect(after.sessionEnded()).toBe(false);
  });

  it('a stored word that is not a reason is ignored', async () => {
    sessionStorage.setItem('logoutReason', '<b>hi</b>');
    expect((await reload()).logoutReason()).toBeNull();
  });
});
