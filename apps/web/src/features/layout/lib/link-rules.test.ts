import { describe, expect, it } from 'vitest';
import { sportTabs } from './link-rules';
import { initialVisibility } from './visibility';

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
