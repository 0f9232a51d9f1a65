/**
 * Runs `run` on request, at most one at a time and at most once per `gapMs`: requests while one
 * runs, or before the gap is over, are folded into one more run afterwards. The ladder's refetch
 * on every pushed change of its market (20 a second in a busy market) becomes at most 1000/gapMs
 * requests a second, one in flight, and the last change is always fetched.
 */
export function coalesce(run: () => Promise<unknown>, gapMs: number) {
  let running = false;
  let pending = false;
  let lastStart = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const start = () => {
    timer = null;
    if (stopped) return;
    running = true;
    pending = false;
    lastStart = Date.now();
    void run()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (pending) request();
      });
  };
  function request() {
    if (stopped) return;
    if (running) {
      pending = true;
      return;
    }
    if (timer !== null) return;
    const wait = lastStart + gapMs - Date.now();
    if (wait <= 0) start();
    else timer = setTimeout(start, wait);
  }
  const stop = () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
  return { request, stop };
}
