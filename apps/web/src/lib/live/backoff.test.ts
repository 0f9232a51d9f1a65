import { describe, expect, it } from 'vitest';
import { RECONNECT_CAP_MS, reconnectDelay } from './backoff';

describe('reconnect back-off', () => {
  it('doubles each attempt, from half a second, with half of each step random', () => {
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a, () => 0))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelay(2, () => 0.5)).toBe(1500);
  });

  it('stops growing at 30 s', () => {
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_CAP_MS);
    expect(reconnectDelay(200, () => 0)).toBe(RECONNECT_CAP_MS / 2);
  });

  it('spreads tabs that dropped together over the step', () => {
    const delays = Array.from({ length: 200 }, () => reconnectDelay(4));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(8000);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });
});
