/**
 * Runs a flush at most once per conflation window (ADR 22): the first change schedules it, the
 * changes that follow within the window ride along, and changes that arrive while it runs get
 * the next window. The user and match channels and the console nudges keep one each. A flush
 * that failed (the database away) keeps its pending work and runs again after `retryMs`.
 */

/** After a failed flush (the database away), the wait before the next try. */
export const FLUSH_RETRY_MS = 1_000;

/** A channel's window settings, as the hub hands them to each channel. */
export interface FlushWindow {
  windowMs: number;
  onError: (error: unknown) => void;
  retryMs?: number;
}

export class WindowedFlush {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastAt = 0;
  private running = false;
  private retryAt = 0;

  constructor(
    private readonly windowMs: number,
    private readonly flush: () => Promise<void>,
    private readonly hasPending: () => boolean,
    private readonly onError: (error: unknown) => void,
    private readonly retryMs = windowMs,
  ) {}

  /** A channel's flush of its pending work, in the window it was given. */
  static of(window: FlushWindow, flush: () => Promise<void>, hasPending: () => boolean): WindowedFlush {
    return new WindowedFlush(window.windowMs, flush, hasPending, window.onError, window.retryMs);
  }

  schedule(): void {
    if (this.timer || this.running) return;
    const wait = Math.max(0, this.lastAt + this.windowMs - Date.now(), this.retryAt - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, wait);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async run(): Promise<void> {
    this.running = true;
    this.lastAt = Date.now();
    try {
      await this.flush();
    } catch (error) {
      this.retryAt = Date.now() + this.retryMs;
      this.onError(error);
    } finally {
      this.running = false;
      if (this.hasPending()) this.schedule();
    }
  }
}
