import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { sessions, users, type UserRole } from '../db/schema/index.ts';
import type { Clock } from '../lib/time.ts';

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
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionStoreOptions {
  /** How long a token stays trusted from memory before the database is asked again. */
  cacheTtlMs?: number;
  /** Bound on cached tokens; the oldest entry goes first. */
  maxCachedTokens?: number;
}

/** Sessions revoked: one token (logout) or every token of a user (password change, lock). */
export type ForgottenSessions = { tokenHash: string } | { userId: number };

interface CacheEntry {
  user: AuthUser;
  expiresAtMs: number;
}

/**
 * Bearer tokens: 32 random bytes given to the client (base64url); only their sha256 is stored.
 * Valid tokens are cached in memory by hash so most requests cost no database round trip; the
 * cache is cleared for a token at logout and for all of a user's tokens on password change. A
 * global epoch stops a lookup that raced with a revocation from re-caching a revoked token.
 */
export class SessionStore {
  private readonly cache = new Map<string, CacheEntry>();
  /** Lookups of uncached tokens under way, shared by the requests that carry the same token. */
  private readonly lookups = new Map<string, Promise<AuthUser | null>>();
  private readonly hashesByUser = new Map<number, Set<string>>();
  private epoch = 0;
  /** False while other processes' revocations cannot be heard (the broker is down, ADR 37). */
  private trusted = true;
  /** Told of every revocation made here, so the other processes of a cluster drop theirs. */
  private readonly forgetListeners = new Set<(what: ForgottenSessions) => void>();
  private readonly cacheTtlMs: number;
  private readonly maxCachedTokens: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: SessionStoreOptions = {},
  ) {
    this.cacheTtlMs = options.cacheTtlMs ?? 60_000;
    this.maxCachedTokens = options.maxCachedTokens ?? 10_000;
  }

  /** Opens a session and returns the token to give to the client. */
  async create(db: DbOrTx, userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = this.clock();
    await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: at, lastUsedAt: at });
    return token;
  }

  /**
   * The user of a valid, unrevoked token of an active account, or null. Requests that arrive
   * together with a token not in the cache share one lookup, so they go on in the order they
   * came (a burst of guesses reaches the login limiter in arrival order) and cost one query.
   */
  authenticate(token: string): Promise<AuthUser | null> {
    const tokenHash = hashToken(token);
    const nowMs = this.clock().getTime();
    const cached = this.cache.get(tokenHash);
    if (cached && cached.expiresAtMs > nowMs) return Promise.resolve(cached.user);
    if (cached) this.forget(tokenHash);
    const pending = this.lookups.get(tokenHash);
    if (pending) return pending;
    const lookup = this.lookUp(tokenHash, nowMs).finally(() => this.lookups.delete(tokenHash));
    this.lookups.set(tokenHash, lookup);
    return lookup;
  }

  private async lookUp(tokenHash: string, nowMs: number): Promise<AuthUser | null> {

    const epochAtLookup = this.epoch;
    const [row] = await this.db
      .select({
        userId: users.id,
        userName: users.userName,
        role: users.role,
        parentId: users.parentId,
        status: users.status,
        mustChangePassword: users.isChangePassword,
        loginLocked: users.loginLocked,
        betLocked: users.betLocked,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    if (!row || row.status !== 'active' || row.loginLocked) return null;
    await this.db.update(sessions).set({ lastUsedAt: new Date(nowMs) }).where(eq(sessions.tokenHash, tokenHash));

    const user: AuthUser = {
      userId: row.userId,
      userName: row.userName,
      role: row.role,
      parentId: row.parentId,
      tokenHash,
      mustChangePassword: row.mustChangePassword,
      betLocked: row.betLocked,
    };
    if (this.epoch === epochAtLookup && this.trusted) this.remember(user, nowMs + this.cacheTtlMs);
    return user;
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

  private remember(user: AuthUser, expiresAtMs: number): void {
    if (this.cache.size >= this.maxCachedTokens) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    this.cache.set(user.tokenHash, { user, expiresAtMs });
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
