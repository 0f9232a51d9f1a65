import type { Clock } from '../lib/time.ts';

export interface LoginLimitOptions {
  windowMs?: number;
  maxFailuresPerUser?: number;
  maxFailuresPerIp?: number;
  /** Bound on remembered names and addresses; the oldest key is dropped first. */
  maxKeys?: number;
}

/** A password check that holds its place in the counts; see `LoginLimiter.reserve`. */
export interface PasswordAttempt {
  /** The password was right: the name's failures are cleared and the address is not charged. */
  succeeded(): void;
}

/**
 * Counts password guesses in a sliding window, per user name (any case) and per client address
 * (ADR 25). A guess is reserved — counted as a failure — before the password is checked, in one
 * synchronous step, so concurrent guesses cannot all pass the check before any is counted; a
 * right password takes its reservation back. In memory; the processes of a cluster share
 * their guesses over the broker (ADR 37).
 *
 * - A name is refused after `maxFailuresPerUser` failures, from any address.
 * - An address past `maxFailuresPerIp` failures is refused for names that have failed recently;
 *   a name without failures still gets its check there, so the users behind a shared address
 *   (an office, a carrier's NAT) who have not failed themselves can still log in. A guesser
 *   there gets one guess per fresh name instead of `maxFailuresPerUser`.
 */
/** A guess counted or taken back, as the other processes of a cluster hear of it (ADR 37). */
export interface LoginGuess {
  kind: 'reserve' | 'release';
  userName: string;
  ip: string;
  at: number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly listeners = new Set<(guess: LoginGuess) => void>();
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

  /**
   * Takes a place for one password check, or null when the guess is over a limit. Check and
   * count happen without an await in between: that is what makes the limit hold under
   * concurrency. A wrong password needs no call: the reservation already counts as a failure.
   */
  reserve(userName: string, ip: string): PasswordAttempt | null {
    const user = userKey(userName);
    const address = ipKey(ip);
    const userFailures = this.recent(user);
    if (userFailures >= this.maxPerUser) return null;
    if (userFailures > 0 && this.recent(address) >= this.maxPerIp) return null;
    const at = this.clock().getTime();
    // Lists keep twice their limit: a reservation taken back must not leave a trimmed list
    // under the limit it had reached.
    this.push(user, at, 2 * this.maxPerUser);
    this.push(address, at, 2 * this.maxPerIp);
    this.tell({ kind: 'reserve', userName, ip, at });
    return {
      succeeded: () => {
        this.failures.delete(user);
        this.take(address, at);
        this.tell({ kind: 'release', userName, ip, at });
      },
    };
  }

  /** Calls `listener` for every guess counted or taken back here (the cluster bus shares them). */
  onGuess(listener: (guess: LoginGuess) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A guess another process counted or took back: counted here too, so guesses spread over the
   * processes meet one limit (give or take the ones in flight on the broker).
   */
  apply(guess: LoginGuess): void {
    const user = userKey(guess.userName);
    const address = ipKey(guess.ip);
    if (guess.kind === 'reserve') {
      this.push(user, guess.at, 2 * this.maxPerUser);
      this.push(address, guess.at, 2 * this.maxPerIp);
    } else {
      this.failures.delete(user);
      this.take(address, guess.at);
    }
  }

  private tell(guess: LoginGuess): void {
    for (const listener of this.listeners) listener(guess);
  }

  private recent(key: string): number {
    const list = this.failures.get(key);
    if (!list) return 0;
    const since = this.clock().getTime() - this.windowMs;
    while (list.length > 0 && list[0]! <= since) list.shift();
    if (list.length === 0) this.failures.delete(key);
    return list.length;
  }

  private push(key: string, at: number, keep: number): void {
    this.recent(key);
    const list = this.failures.get(key) ?? [];
    list.push(at);
    if (list.length > keep) list.splice(0, list.length - keep);
    // Re-insert so the map stays ordered by last failure; evict the stalest key when full.
    this.failures.delete(key);
    if (this.failures.size >= this.maxKeys) {
      const stalest = this.failures.keys().next().value;
      if (stalest !== undefined) this.failures.delete(stalest);
    }
    this.failures.set(key, list);
  }

  /** Removes one reservation made at `at` (it may already have aged out or been trimmed). */
  private take(key: string, at: number): void {
    const list = this.failures.get(key);
    const index = list?.lastIndexOf(at) ?? -1;
    if (index < 0) return;
    list!.splice(index, 1);
    if (list!.length === 0) this.failures.delete(key);
  }
}

const userKey = (userName: string) => `u:${userName.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
