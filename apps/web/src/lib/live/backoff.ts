/**
 * Reconnect delays: exponential from 500 ms up to 30 s, with "equal jitter" (half the step fixed,
 * half random), so a restarted server is not hit by every tab at the same instant, yet each retry
 * still waits at least half its step.
 */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_CAP_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0 = the first retry after a drop). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}
