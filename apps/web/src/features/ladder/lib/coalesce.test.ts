import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps one run in flight, at most one per gap, and runs once more after requests meanwhile', async () => {
    const finishers: (() => void)[] = [];
    const run = vi.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
    const refetch = coalesce(run, 200);
    refetch.request();
    expect(run).toHaveBeenCalledTimes(1);
    // 20 changes while the first runs: one more run, not 20.
    for (let i = 0; i < 20; i++) refetch.request();
    expect(run).toHaveBeenCalledTimes(1);
    finishers[0]!();
    await vi.advanceTimersByTimeAsync(0);
    // The gap is not over: the next waits for it.
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(2);
    finishers[1]!();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs nothing after stop', async () => {
    const run = vi.fn(() => Promise.resolve());
    const refetch = coalesce(run, 200);
    refetch.request();
    await vi.advanceTimersByTimeAsync(0);
    refetch.request();
    refetch.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
