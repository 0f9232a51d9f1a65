import { onRequest } from './api';

/** Spec section 9: the console is cleared once, 1115000 ms after each request. */
export const CONSOLE_CLEAR_DELAY_MS = 1_115_000;

/**
 * One pending clear at a time: a request schedules it when none is pending, and later requests
 * do not push it back (the 5 s balance poll would otherwise postpone it for ever). Once it has
 * fired, the next request schedules the next one. Returns the stopper.
 */
export function startConsoleClearTimer(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const off = onRequest(() => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      console.clear();
    }, CONSOLE_CLEAR_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    timer = undefined;
    off();
  };
}
