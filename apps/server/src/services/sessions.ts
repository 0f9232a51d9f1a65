import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { bettorProtection, sessions, users, type UserRole } from '../db/schema/index.ts';
import type { Clock } from '../lib/time.ts';
import type { ProtectionRow } from './safer-gambling/index.ts';

/** Who is calling, as the auth hook hands it to the routes. */
export interface AuthUser {
  userId: number;
  userName: string;
  role: UserRole;
  parentId: number | null;
  tokenHash: string;
  /** `is_change_password`: until the password is changed the session may do little (ADR 25). */
  mustChangePassword: boolean;
  /** Locked for betting by an agent (ADR 32); a lock drops the user's cached sessions. */
  betLocked: boolean;
  /**
   * The bettor's own break or self-exclusion as stored (ADR 58; null: never set one), read with
   * the session so the bet path checks it without a query; starting one or asking to reopen drops
   * the user's cached sessions. Whether it is in force is read from its times at each request.
   */
  protection: ProtectionRow | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** When a session ends by itself (ADR 42): SESSION_IDLE_MINUTES and SESSION_MAX_DAYS. */
export interface SessionLifetime {
  /** A session unused for this long has ended (default 720 minutes). */
  idleMs: number;
  /** A session has ended this long after its login, used or not (default 7 days). */
  maxAgeMs: number;
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleMs: 720 * 60_000, maxAgeMs: 7 * 86_400_000 };

/**
 * `last_used_at` is written at most this often per token and process: the balance poll every
 * 5 s must not write the session row each time (the load bench counts its cost).
 */
const TOUCH_EVERY_MS = 60_000;
/** Uses noted within this long are written together. */
const USES_WRITTEN_EVERY_MS = 250;

export interface SessionStoreOptions extends Partial<SessionLifetime> {
  /** How long a token stays trusted from memory before the database is asked again. */
  cacheTtlMs?: number;
  /** Bound on cached tokens; the oldest entry goes first. */
  maxCachedTokens?: number;
}

/** A token's check: its user, or why there is none (`expired`: it was a session that ran out, ADR 42). */
export type SessionCheck = { user: AuthUser; expired?: undefined } | { user: null; expired: boolean };
const UNKNOWN: SessionCheck = { user: null, expired: false };
const EXPIRED: SessionCheck = { user: null, expired: true };

/** Sessions revoked: one token (logout) or every token of a user (password change, lock). */
export type ForgottenSessions = { tokenHash: string } | { userId: number };

interface CacheEntry {
  user: AuthUser;
  /** The cache TTL, or the session's absolute end if sooner: no process trusts it past that. */
  expiresAtMs: number;
  /** The last use seen by this process. */
  seenAtMs: number;
  /** `last_used_at` as this process last read or wrote it. */
  touchedAtMs: number;
}

/**
 * Bearer tokens: 32 random bytes given to the client (base64url); only their sha256 is stored.
 * Valid tokens are cached in memory by hash so most requests cost no database round trip; the
 * cache is cleared for a token at logout and for all of a user's tokens on password change. A
 * global epoch stops a lookup that raced with a revocation from re-caching a revoked token.
 */
export class SessionStore {
  private readonly cache = new Map<string, CacheEntry>();
  /** Uses not written yet: token hash to its latest use (epoch ms). */
  private readonly usesToWrite = new Map<string, number>();
  private usesTimer: ReturnType<typeof setTimeout> | null = null;
  private usesWrite: Promise<void> | null = null;
  /** Lookups of uncached tokens under way, shared by the requests that carry the same token. */
  private readonly lookups = new Map<string, Promise<SessionCheck>>();
  private readonly hashesByUser = new Map<number, Set<string>>();
  private epoch = 0;
  /** False while other processes' revocations cannot be heard (the broker is down, ADR 37). */
  private trusted = true;
  /** Told of every revocation made here, so the other processes of a cluster drop theirs. */
  private readonly forgetListeners = new Set<(what: ForgottenSessions) => void>();
  private readonly cacheTtlMs: number;
  private readonly maxCachedTokens: number;
  private readonly idleMs: number;
  private readonly maxAgeMs: number;
  /** How stale `last_used_at` may get: a minute, or a quarter of a (test's) shorter idle limit. */
  private readonly touchMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: SessionStoreOptions = {},
  ) {
    this.cacheTtlMs = options.cacheTtlMs ?? 60_000;
    this.maxCachedTokens = options.maxCachedTokens ?? 10_000;
    this.idleMs = options.idleMs ?? DEFAULT_SESSION_LIFETIME.idleMs;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_SESSION_LIFETIME.maxAgeMs;
    this.touchMs = Math.min(TOUCH_EVERY_MS, Math.floor(this.idleMs / 4));
    this.lookupQuery = SessionStore.prepareLookup(db);
  }

  /** Opens a session and returns the token to give to the client. */
  async create(db: DbOrTx, userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = this.clock();
    await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: at, lastUsedAt: at });
    return token;
  }

  /**
   * The user of a valid, unrevoked, unexpired token of an active account, or why not. Requests
   * that arrive together with a token not in the cache share one lookup, so they go on in the
   * order they came (a burst of guesses reaches the login limiter in arrival order) and cost one
   * query. Every check is a use: it keeps the session from its idle end (ADR 42).
   */
  authenticate(token: string): Promise<SessionCheck> {
    const tokenHash = hashToken(token);
    const nowMs = this.clock().getTime();
    const cached = this.cache.get(tokenHash);
    // Past its absolute end the entry is gone; idle this long here, the database knows whether
    // another process saw a use meanwhile.
    if (cached && cached.expiresAtMs > nowMs && nowMs - cached.seenAtMs < this.idleMs) {
      cached.seenAtMs = nowMs;
      if (nowMs - cached.touchedAtMs >= this.touchMs) this.touch(cached, nowMs);
      return Promise.resolve({ user: cached.user });
    }
    if (cached) this.forget(tokenHash);
    const pending = this.lookups.get(tokenHash);
    if (pending) return pending;
    const lookup = this.lookUp(tokenHash, nowMs).finally(() => this.lookups.delete(tokenHash));
    this.lookups.set(tokenHash, lookup);
    return lookup;
  }

  /**
   * The cold path of every call (a token not in the cache): one prepared statement, so neither
   * this process nor PostgreSQL builds, parses or plans it again (issue 27: about 1 ms of CPU a
   * lookup before).
   */
  private readonly lookupQuery: ReturnType<typeof SessionStore.prepareLookup>;

  private static prepareLookup(db: Db) {
    return db
      .select({
        userId: users.id,
        userName: users.userName,
        role: users.role,
        parentId: users.parentId,
        status: users.status,
        mustChangePassword: users.isChangePassword,
        loginLocked: users.loginLocked,
        betLocked: users.betLocked,
        restrictionKind: bettorProtection.restrictionKind,
        restrictionStartedAt: bettorProtection.restrictionStartedAt,
        restrictionEndsAt: bettorProtection.restrictionEndsAt,
        reopenAskedAt: bettorProtection.reopenAskedAt,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(bettorProtection, eq(bettorProtection.userId, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
      .prepare('session_lookup');
  }

  private async lookUp(tokenHash: string, nowMs: number): Promise<SessionCheck> {
    const epochAtLookup = this.epoch;
    const [row] = await this.lookupQuery.execute({ tokenHash });
    if (!row || row.status !== 'active' || row.loginLocked) return UNKNOWN;
    const endsAtMs = row.createdAt.getTime() + this.maxAgeMs;
    let touchedAtMs = row.lastUsedAt.getTime();
    if (nowMs >= endsAtMs || nowMs - touchedAtMs >= this.idleMs) return EXPIRED;
    if (nowMs - touchedAtMs >= this.touchMs) {
      this.noteUse(tokenHash, nowMs);
      await this.writeUsesSoon();
      touchedAtMs = nowMs;
    }

    const user: AuthUser = {
      userId: row.userId,
      userName: row.userName,
      role: row.role,
      parentId: row.parentId,
      tokenHash,
      mustChangePassword: row.mustChangePassword,
      betLocked: row.betLocked,
      protection: row.restrictionKind
        ? {
            restrictionKind: row.restrictionKind,
            restrictionStartedAt: row.restrictionStartedAt,
            restrictionEndsAt: row.restrictionEndsAt,
            reopenAskedAt: row.reopenAskedAt,
          }
        : null,
    };
    if (this.epoch === epochAtLookup && this.trusted)
      this.remember({ user, expiresAtMs: Math.min(nowMs + this.cacheTtlMs, endsAtMs), seenAtMs: nowMs, touchedAtMs });
    return { user };
  }

  /**
   * A use to write: uses are written together, in one statement, not one each (at a peak's cold
   * polls, an UPDATE and its commit per poll was much of PostgreSQL's work). A token looked up
   * waits for the write of its turn of the event loop (writeUsesSoon), so the database knows the
   * use when the call answers; a cached one used a minute after its last write waits for nothing,
   * its use written within a quarter second. A failed write is not retried before the next
   * minute: it only makes the session look idle a minute longer than it is.
   */
  private noteUse(tokenHash: string, nowMs: number): void {
    if (nowMs > (this.usesToWrite.get(tokenHash) ?? 0)) this.usesToWrite.set(tokenHash, nowMs);
    if (this.usesTimer) return;
    this.usesTimer = setTimeout(() => void this.writeUses(), USES_WRITTEN_EVERY_MS);
    this.usesTimer.unref();
  }

  /** Resolves once the uses noted so far, and those noted in this turn of the event loop, are written. */
  private writeUsesSoon(): Promise<void> {
    this.usesWrite ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.usesWrite = null;
        void this.writeUses().then(resolve);
      }),
    );
    return this.usesWrite;
  }

  /** Writes the uses noted so far, never moving `last_used_at` back (another process may have written a later use). */
  async writeUses(): Promise<void> {
    if (this.usesTimer) clearTimeout(this.usesTimer);
    this.usesTimer = null;
    const uses = [...this.usesToWrite];
    this.usesToWrite.clear();
    for (let i = 0; i < uses.length; i += 500) {
      const rows = uses.slice(i, i + 500).map(([hash, ms]) => sql`(${hash}, ${new Date(ms).toISOString()}::timestamptz)`);
      await this.db
        .execute(
          sql`UPDATE sessions AS s SET last_used_at = v.at FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(token_hash, at)
              WHERE s.token_hash = v.token_hash AND s.last_used_at < v.at`,
        )
        .catch(() => undefined);
    }
  }

  private touch(entry: CacheEntry, nowMs: number): void {
    entry.touchedAtMs = nowMs;
    this.noteUse(entry.user.tokenHash, nowMs);
  }

  /** Revokes one token (logout). The cache is cleared after the write is committed. */
  async revoke(tokenHash: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock() })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    this.epoch++;
    // A lookup begun before this change may not answer a request that comes after it.
    this.lookups.clear();
    this.forget(tokenHash);
    this.told({ tokenHash });
  }

  /**
   * Revokes every token of the user inside the caller's transaction (password change). The
   * caller must call forgetUser after that transaction commits, so a lookup racing with the
   * commit cannot leave a revoked token in the cache.
   */
  async revokeAllOf(tx: DbOrTx, userId: number): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: this.clock() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Drops the user's cached tokens: after its tokens were revoked or its account locked. */
  forgetUser(userId: number): void {
    this.dropCached({ userId });
    this.told({ userId });
  }

  /** Calls `listener` after each revocation made in this process (the cluster bus, ADR 37). */
  onForget(listener: (what: ForgottenSessions) => void): () => void {
    this.forgetListeners.add(listener);
    return () => this.forgetListeners.delete(listener);
  }

  /** Another process revoked these sessions: drop them from this process's cache. */
  dropCached(what: ForgottenSessions): void {
    this.epoch++;
    // A lookup begun before this change may not answer a request that comes after it.
    this.lookups.clear();
    if ('tokenHash' in what) {
      this.forget(what.tokenHash);
      return;
    }
    for (const hash of this.hashesByUser.get(what.userId) ?? []) this.cache.delete(hash);
    this.hashesByUser.delete(what.userId);
  }

  /**
   * Whether revocations made by other processes can be heard. While not, every token is checked
   * in the database; either way the cache starts empty (drops may have been missed).
   */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.epoch++;
    this.lookups.clear();
    this.cache.clear();
    this.hashesByUser.clear();
  }

  private told(what: ForgottenSessions): void {
    for (const listener of this.forgetListeners) listener(what);
  }

  get cachedTokenCount(): number {
    return this.cache.size;
  }

  private remember(entry: CacheEntry): void {
    const user = entry.user;
    if (this.cache.size >= this.maxCachedTokens) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.cache.set(user.tokenHash, entry);
    let hashes = this.hashesByUser.get(user.userId);
    if (!hashes) this.hashesByUser.set(user.userId, (hashes = new Set()));
    hashes.add(user.tokenHash);
  }

  private forget(tokenHash: string): void {
    const entry = this.cache.get(tokenHash);
    if (!entry) return;
    this.cache.delete(tokenHash);
    const hashes = this.hashesByUser.get(entry.user.userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.hashesByUser.delete(entry.user.userId);
  }
}
