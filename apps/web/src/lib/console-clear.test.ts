import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The request listeners the module registers; the test plays the part of the API client. */
const requestListeners = new Set<() => void>();
vi.mock('./api', () => ({
  onRequest: (fn: () => void) => {
    requestListeners.add(fn);
    return () => requestListeners.delete(fn);
  },
}));

const { CONSOLE_CLEAR_DELAY_MS, startConsoleClearTimer } = await import('./console-clear');
const request = () => requestListeners.forEach((fn) => fn());
const BALANCE_POLL_MS = 5000;

describe('console clear (spec section 9: once, 1115000 ms after each request)', () => {
  let clear: ReturnType<typeof vi.spyOn>;
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    clear = vi.spyOn(console, 'clear').mockImplementation(() => undefined);
    stop = startConsoleClearTimer();
  });
  afterEach(() => {
    stop();
    clear.mockRestore();
    vi.useRealTimers();
  });

  it('clears 1115000 ms after a request, not before, and once', () => {
    request();
    vi.advanceTimersByTime(CONSOLE_CLEAR_DELAY_MS - 1);
    expect(clear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clear).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * CONSOLE_CLEAR_DELAY_MS);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it("waits the spec's own number, 1,115,000 ms, whatever the module's constant says", () => {
    request();
    vi.advanceTimersByTime(1_114_999);
    expect(clear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('still clears while the 5 s balance poll keeps sending requests', () => {
    request();
    // The poll's requests: each would push a resettable timer back for ever.
    for (let t = 0; t < CONSOLE_CLEAR_DELAY_MS; t += BALANCE_POLL_MS) {
      vi.advanceTimersByTime(BALANCE_POLL_MS);
      request();
    }
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('keeps one pending clear: a burst of requests clears once, the next request schedules again', () => {
    for (let i = 0; i < 50; i++) request();
    vi.advanceTimersByTime(CONSOLE_CLEAR_DELAY_MS);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    request();
    vi.advanceTimersByTime(CONSOLE_CLEAR_DELAY_MS);
    expect(clear).toHaveBeenCalledTimes(2);
  });

  it('stops: no clear after the stopper ran, and later requests schedule nothing', () => {
    request();
    stop();
    request();
    vi.advanceTimersByTime(2 * CONSOLE_CLEAR_DELAY_MS);
    expect(clear).not.toHaveBeenCalled();
  });
});
