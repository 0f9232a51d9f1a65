import { describe, expect, it } from 'vitest';
import { formatPercent, ownPartnership, partnershipProblem, shareSplit } from './terms';

describe('an agent’s partnership as Upline / Ours / Downline (ADR 48)', () => {
  it('is the issue’s 10 / 10 / 80 when a master holding 90 gives its agent 80', () => {
    expect(shareSplit(90, 80)).toEqual({ upline: 10, ours: 10, downline: 80 });
  });

  it('works in basis points, so two decimals stay two', () => {
    expect(shareSplit(90, 80.55)).toEqual({ upline: 10, ours: 9.45, downline: 80.55 });
    expect(shareSplit(100, 0.01)).toEqual({ upline: 0, ours: 99.99, downline: 0.01 });
  });

  it('refuses more than the caller holds, only when its figure is known', () => {
    expect(partnershipProblem(90, 90)).toBeNull();
    expect(partnershipProblem(90.01, 90)).toBe('Partnership must be at most 90%, your own');
    expect(partnershipProblem(95, null)).toBeNull();
    expect(partnershipProblem(undefined, 90)).toBeNull();
  });

  it('takes the caller’s figure from console/getMe, unknown until it is loaded', () => {
    expect(ownPartnership({ terms: { partnership: 85 } })).toBe(85);
    expect(ownPartnership({ terms: { partnership: 100 } })).toBe(100);
    expect(ownPartnership({})).toBeNull();
    expect(ownPartnership(undefined)).toBeNull();
    expect(ownPartnership(null)).toBeNull();
    expect(formatPercent(12.5)).toBe('12.5%');
  });
});
