import { onRequest } from './api';

/** Spec section 9: the console is cleared once, 1115000 ms after each request. */
export const CONSOLE_CLEAR_DELAY_MS = 1_115_000;

/** Every request resets one timer; when it fires, the console is cleared. Returns the stopper. */
export function startConsoleClearTimer(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const off = onRequest(() => {
    clearTimeout(timer);
    timer = setTimeout(() => console.clear(), CONSOLE_CLEAR_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    off();
  };
}
