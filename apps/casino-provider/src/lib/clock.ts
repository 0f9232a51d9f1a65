/** Time and timers, injected so tests can drive them (FakeClock) instead of waiting. */
export interface Clock {
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return t;
  },
  clearTimer: (t) => clearTimeout(t as NodeJS.Timeout),
};

interface FakeTimer {
  at: number;
  seq: number;
  fn: () => void;
}

/** A clock that only moves when told: `advance(ms)` runs every timer that falls due, in order. */
export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private timers = new Set<FakeTimer>();
  constructor(start = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.time = start;
  }
  now(): number {
    return this.time;
  }
  setTimer(fn: () => void, ms: number): unknown {
    const timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.add(timer);
    return timer;
  }
  clearTimer(timer: unknown): void {
    this.timers.delete(timer as FakeTimer);
  }
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: FakeTimer | undefined;
      for (const t of this.timers) if (t.at <= end && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) next = t;
      if (!next) break;
      this.timers.delete(next);
      this.time = next.at;
      next.fn();
    }
    this.time = end;
  }
  pending(): number {
    return this.timers.size;
  }
}
