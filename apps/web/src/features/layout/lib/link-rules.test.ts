import { describe, expect, it } from 'vitest';
import { hasParent, showParentTokenLinks, showPaymentLinks, sportTabs } from './link-rules';
import { initialVisibility } from './visibility';

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

describe('sports tabs', () => {
  it('lists active sports except -1 and -17, cricket first, otherwise in the given order', () => {
    const sports = [
      { sport_id: 1, is_active: 1 },
      { sport_id: -1, is_active: 1 },
      { sport_id: 4, is_active: 1 },
      { sport_id: 2, is_active: 0 },
      { sport_id: 7, is_active: 1 },
      { sport_id: -17, is_active: 1 },
    ];
    expect(sportTabs(sports).map((s) => s.sport_id)).toEqual([4, 1, 7]);
  });
});

describe('balance and exposure visibility', () => {
  it('always starts visible at 993 px and wider', () => {
    expect(initialVisibility(993, { balance: false, exposure: false })).toEqual({
      balance: true,
      exposure: true,
    });
    expect(initialVisibility(1280, null)).toEqual({ balance: true, exposure: true });
  });
  it('keeps the saved choice on narrow screens, visible by default', () => {
    expect(initialVisibility(390, { balance: false, exposure: true })).toEqual({
      balance: false,
      exposure: true,
    });
    expect(initialVisibility(992, null)).toEqual({ balance: true, exposure: true });
  });
});
