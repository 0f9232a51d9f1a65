import { describe, expect, it } from 'vitest';
import { netResultText, nextReminderAt, realityCheckIntervalMs, sessionLengthText } from './reality-check';

const MIN = 60_000;

describe('reality check', () => {
  it('comes at each interval of the session, never before the first', () => {
    const login = 1_000_000;
    expect(nextReminderAt(login, 15 * MIN, login)).toBe(login + 15 * MIN);
    expect(nextReminderAt(login, 15 * MIN, login + 5 * MIN)).toBe(login + 15 * MIN);
    // Turned on (or reloaded) 40 minutes in: the next whole interval, 45.
    expect(nextReminderAt(login, 15 * MIN, login + 40 * MIN)).toBe(login + 45 * MIN);
    expect(nextReminderAt(login, 15 * MIN, login + 45 * MIN)).toBe(login + 45 * MIN);
  });

  it("takes the tests' shorter interval only if it is shorter", () => {
    expect(realityCheckIntervalMs(15, undefined)).toBe(15 * MIN);
    expect(realityCheckIntervalMs(15, 3000)).toBe(3000);
    expect(realityCheckIntervalMs(15, 24 * 60 * MIN)).toBe(15 * MIN);
    expect(realityCheckIntervalMs(30, -1)).toBe(30 * MIN);
  });

  it('says the session length and the net result', () => {
    expect(sessionLengthText(90 * MIN + 59_000)).toBe('1 h 30 min');
    expect(sessionLengthText(45 * MIN)).toBe('45 min');
    expect(sessionLengthText(59_000)).toBe('less than 1 min');
    expect(netResultText(200)).toBe('+₹200');
    expect(netResultText(-150)).toBe('-₹150');
    expect(netResultText(0)).toBe('₹0');
  });
});
