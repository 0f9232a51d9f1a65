/**
 * Open-loop load: request i is due at start + i / rate, whether or not the earlier ones were
 * answered, and its latency runs from when it was due, not from when it could be written. A
 * closed loop (N clients, each waiting for its answer) slows down with the server and hides the
 * wait (coordinated omission); here a server that falls behind shows it in the latency.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Answer, ConnectionGroup } from './pipelined-http.ts';

export interface Outgoing {
  group: ConnectionGroup;
  request: Buffer;
  /** Whether the answer is the right one (status and body); a wrong answer counts as an error. */
  check(answer: Answer, sentAt: number, answeredAt: number): boolean;
}

export interface LoadFigures {
  targetRate: number;
  seconds: number;
  due: number;
  answered: number;
  /** Refused, wrong, lost with their socket, shed, or not answered within the grace after the run. */
  errors: number;
  /** Not sent: the server already had `shedAbove` of this run's requests outstanding. */
  shed: number;
  /** Answers per second over the run (the last due request's answer included). */
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
  /** How late the generator itself wrote requests (its event loop's delay): p99, ms. */
  generatorLagP99: number;
}

/** The value at the p-th percentile of a sorted array. */
export function percentileOf(sorted: ArrayLike<number>, p: number): number {
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends `rate` requests a second for `seconds`, `make(i)` giving the i-th; then waits up to
 * `graceMs` for the last answers. A server more than `shedAbove` requests behind is sent no more
 * (they count as errors): an overloaded run ends with a bounded queue, not minutes of backlog.
 */
export async function openLoop(
  rate: number,
  seconds: number,
  make: (i: number) => Outgoing,
  { graceMs = 5_000, shedAbove = Infinity }: { graceMs?: number; shedAbove?: number } = {},
): Promise<LoadFigures> {
  const total = Math.round(rate * seconds);
  const latencies = new Float64Array(total);
  let answered = 0;
  let errors = 0;
  let shed = 0;
  let lastAnswerAt = 0;
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const dueNow = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    for (; sent < dueNow; sent++) {
      const dueAt = start + (sent * 1000) / rate;
      const out = make(sent);
      if (out.group.outstanding >= shedAbove) {
        shed++;
        continue;
      }
      const sentAt = performance.now();
      out.group.send(out.request, (answer) => {
        const at = performance.now();
        if (answer && out.check(answer, sentAt, at)) latencies[answered++] = at - dueAt;
        else errors++;
        lastAnswerAt = at;
      });
    }
    await sleep(1);
  }
  lag.disable();
  const graceEnd = performance.now() + graceMs;
  while (answered + errors + shed < total && performance.now() < graceEnd) await sleep(5);
  const done = latencies.subarray(0, answered).sort();
  return {
    targetRate: rate,
    seconds,
    due: total,
    answered,
    errors: total - answered,
    shed,
    achievedRate: answered / ((Math.max(lastAnswerAt, start + 1) - start) / 1000),
    p50: percentileOf(done, 50),
    p99: percentileOf(done, 99),
    max: done.length ? done[done.length - 1]! : NaN,
    generatorLagP99: lag.percentile(99) / 1e6,
  };
}

/**
 * Sends `total` requests at once (each server's connections take them as fast as they answer):
 * a closed-loop pass at the servers' full rate. Resolves with its duration and failures.
 */
export async function burst(
  total: number,
  make: (i: number) => Outgoing,
): Promise<{ seconds: number; errors: number }> {
  const start = performance.now();
  let errors = 0;
  let done = 0;
  await new Promise<void>((resolve) => {
    for (let i = 0; i < total; i++) {
      const out = make(i);
      const sentAt = performance.now();
      out.group.send(out.request, (answer) => {
        if (!answer || !out.check(answer, sentAt, performance.now())) errors++;
        if (++done === total) resolve();
      });
    }
  });
  return { seconds: (performance.now() - start) / 1000, errors };
}
