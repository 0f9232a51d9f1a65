import { describe, expect, it } from 'vitest';
import { guardDecision, isPublicPath, isSignUpPath, rootRedirect, startupDecision } from './guard';

const user = { token: 'tok', hasUser: true, isChangePassword: '0' } as const;

describe('sign-up recognition', () => {
  it('recognises sign-up as the second path segment, and /sign-up itself', () => {
    expect(isSignUpPath('/sign-up')).toBe(true);
    expect(isSignUpPath('/ref123/sign-up')).toBe(true);
    expect(isSignUpPath('/login')).toBe(false);
    expect(isSignUpPath('/home/x/sign-up')).toBe(false);
  });
  it('treats login, sign-up and the rules page as public', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/page/rules')).toBe(true);
    expect(isPublicPath('/home')).toBe(false);
  });
});

describe('startup', () => {
  it('signs in when userinfo and logedIn are stored', () => {
    expect(startupDecision({ pathname: '/home', hasUser: true, logedIn: true })).toEqual({
      signedIn: true,
      clearSession: false,
      redirectTo: null,
    });
  });
  it('clears the session and sends to /login otherwise', () => {
    expect(startupDecision({ pathname: '/home', hasUser: true, logedIn: false })).toEqual({
      signedIn: false,
      clearSession: true,
      redirectTo: '/login',
    });
  });
  it('leaves a visitor on sign-up or the rules page', () => {
    expect(
      startupDecision({ pathname: '/abc/sign-up', hasUser: false, logedIn: false }).redirectTo,
    ).toBeNull();
    expect(
      startupDecision({ pathname: '/page/rules', hasUser: false, logedIn: false }).redirectTo,
    ).toBeNull();
  });
});

describe('guard of the logged-in area', () => {
  it('allows a stored token with stored user data', () => {
    expect(guardDecision('/home', user)).toEqual({ kind: 'allow' });
  });
  it('signs out and goes to / without a token or without user data', () => {
    expect(guardDecision('/home', { ...user, token: null })).toEqual({
      kind: 'redirect',
      to: '/',
      signOut: true,
    });
    expect(guardDecision('/home', { ...user, hasUser: false })).toEqual({
      kind: 'redirect',
      to: '/',
      signOut: true,
    });
  });
  it('confines a user who must change the password to the change-password page', () => {
    const forced = { ...user, isChangePassword: '1' };
    expect(guardDecision('/home', forced)).toEqual({
      kind: 'redirect',
      to: '/setting/change-password',
      signOut: false,
    });
    expect(guardDecision('/report/account-statement', forced).kind).toBe('redirect');
    expect(guardDecision('/setting/change-password', forced)).toEqual({ kind: 'allow' });
  });
  it('sends / to home, change-password or login', () => {
    expect(rootRedirect(user)).toBe('/home');
    expect(rootRedirect({ ...user, isChangePassword: '1' })).toBe('/setting/change-password');
    expect(rootRedirect({ ...user, token: null })).toBe('/login');
  });
});
