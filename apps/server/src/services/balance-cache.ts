/**
 * The balances `user/getUserBalance` answers, kept in memory (ADR 37): every open page polls it
 * every 5 s, and at a peak that is the heaviest call by far. An entry is dropped by every commit
 * that can move the user's money, in this process (before the call that made it answers) and in
 * the others (over the broker, within milliseconds). While the broker is down a process cannot
 * hear the others' commits, so the cache stands aside and every read goes to the database.
 * A read that raced with a drop is not kept (the epoch), and no entry outlives `ttlMs`: a bound
 * on any change no commit event told of.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema/index.ts';

export interface CachedBalance {
  balancePaise: number;
  exposurePaise: number;
}

export interface BalanceCacheOptions {
  ttlMs?: number;
  maxUsers?: number;
}

export class BalanceCache {
  private readonly entries = new Map<number, { money: CachedBalance; expiresAtMs: number }>();
  private epoch = 0;
  private trusted = true;
  private readonly ttlMs: number;
  private readonly maxUsers: number;
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly db: DbOrTx,
    options: BalanceCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxUsers = options.maxUsers ?? 200_000;
    this.readQuery = BalanceCache.prepareRead(db);
  }

  /** A poll's cold read: prepared once, so it is neither built nor planned again. */
  private readonly readQuery: ReturnType<typeof BalanceCache.prepareRead>;

  private static prepareRead(db: DbOrTx) {
    return db
      .select({ balancePaise: ledgerAccounts.balancePaise, exposurePaise: ledgerAccounts.exposurePaise })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, sql.placeholder('userId')))
      .prepare('balance_read');
  }

  async read(userId: number): Promise<CachedBalance> {
    const now = Date.now();
    const known = this.entries.get(userId);
    if (known && this.trusted && known.expiresAtMs > now) {
      this.stats.hits++;
      return known.money;
    }
    this.stats.misses++;
    const epoch = this.epoch;
    const [money] = await this.readQuery.execute({ userId });
    if (!money) throw new Error(`User ${userId} has no ledger account`);
    if (this.trusted && epoch === this.epoch) {
      if (this.entries.size >= this.maxUsers) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(userId, { money, expiresAtMs: now + this.ttlMs });
    }
    return money;
  }

  /** These users' money may have moved: read it again next time. */
  forget(userIds: Iterable<number>): void {
    this.epoch++;
    for (const id of userIds) this.entries.delete(id);
  }

  /**
   * Whether other processes' commits can be heard (the broker is up). Either way everything is
   * dropped: going down, nothing can be trusted from now; coming back, drops were missed.
   */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.epoch++;
    this.entries.clear();
  }
}
