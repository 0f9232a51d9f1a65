import { describe, expect, it } from 'vitest';
import { hasParent, showParentTokenLinks, showPaymentLinks } from './link-rules';

const full = { parentId: '12', token: 'tok', paymentGateway: '1', isSignupUser: '1' };

describe('header link conditions', () => {
  it('knows a parent: set and not -1', () => {
    expect(hasParent('12')).toBe(true);
    expect(hasParent(7)).toBe(true);
    expect(hasParent('-1')).toBe(false);
    expect(hasParent(-1)).toBe(false);
    expect(hasParent(null)).toBe(false);
    expect(hasParent('')).toBe(false);
  });
  it('shows Deposit/Withdraw and Payment Statement only with parent, gateway 1 and a sign-up user', () => {
    expect(showPaymentLinks(full)).toBe(true);
    expect(showPaymentLinks({ ...full, parentId: '-1' })).toBe(false);
    expect(showPaymentLinks({ ...full, paymentGateway: '0' })).toBe(false);
    expect(showPaymentLinks({ ...full, isSignupUser: '0' })).toBe(false);
    expect(showPaymentLinks({ ...full, paymentGateway: undefined })).toBe(false);
  });
  it('shows Security Auth, Change Password and Live Casino Bets only with parent and token', () => {
    expect(showParentTokenLinks(full)).toBe(true);
    expect(showParentTokenLinks({ ...full, isSignupUser: '0', paymentGateway: '0' })).toBe(true);
    expect(showParentTokenLinks({ ...full, token: null })).toBe(false);
    expect(showParentTokenLinks({ ...full, parentId: null })).toBe(false);
  });
});
