import type { Clock } from '../lib/time.ts';

export interface LoginLimitOptions {
  windowMs?: number;
  maxFailuresPerUser?: number;
  maxFailuresPerIp?: number;
  /** Bound on remembered names and addresses; the oldest key is dropped first. */
  maxKeys?: number;
}

/**
 * Counts failed logins in a sliding window, per user name (any case) and per client address.
 * In memory: one process guards itself (a shared store comes with several processes).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly windowMs: number;
  private readonly maxPerUser: number;
  private readonly maxPerIp: number;
  private readonly maxKeys: number;

  constructor(
    private readonly clock: Clock,
    options: LoginLimitOptions = {},
  ) {
    this.windowMs = options.windowMs ?? 15 * 60_000;
    this.maxPerUser = options.maxFailuresPerUser ?? 5;
    this.maxPerIp = options.maxFailuresPerIp ?? 20;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  isBlocked(userName: string, ip: string): boolean {
    return this.recent(userKey(userName)) >= this.maxPerUser || this.recent(ipKey(ip)) >= this.maxPerIp;
  }

  recordFailure(userName: string, ip: string): void {
    this.push(userKey(userName), this.maxPerUser);
    this.push(ipKey(ip), this.maxPerIp);
  }

  /** A successful login clears that user's failures (the address keeps its count). */
  recordSuccess(userName: string): void {
    this.failures.delete(userKey(userName));
  }

  private recent(key: string): number {
    const list = this.failures.get(key);
    if (!list) return 0;
    const since = this.clock().getTime() - this.windowMs;
    while (list.length > 0 && list[0]! <= since) list.shift();
    if (list.length === 0) this.failures.delete(key);
    return list.length;
  }

  private push(key: string, keep: number): void {
    this.recent(key);
    const list = this.failures.get(key) ?? [];
    list.push(this.clock().getTime());
    if (list.length > keep) list.splice(0, list.length - keep);
    // Re-insert so the map stays ordered by last failure; evict the stalest key when full.
    this.failures.delete(key);
    if (this.failures.size >= this.maxKeys) {
      const stalest = this.failures.keys().next().value;
      if (stalest !== undefined) this.failures.delete(stalest);
    }
    this.failures.set(key, list);
  }
}

const userKey = (userName: string) => `u:${userName.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
