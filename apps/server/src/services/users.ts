import { eq, sql } from 'drizzle-orm';
import type { UserDetails } from '@exchange/contracts';
import type { DbOrTx } from '../db/client.ts';
import { users, type UserRole } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { accountOfUser, balanceView, openUserAccount } from './money/index.ts';

export type User = typeof users.$inferSelect;

export async function findUserByName(db: DbOrTx, userName: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName.trim()})`);
  return user;
}

export async function findUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export interface NewUser {
  userName: string;
  passwordHash: string;
  role: UserRole;
  parentId: number | null;
  isChangePassword?: boolean;
  isSignupUser?: boolean;
  /** The credit reference (ADR 48): the agent screens' figure; it moves no chips. */
  creditLimitPaise?: number;
  mobile?: string | null;
  dialCode?: string | null;
  /** A sign-up's client address (ADR 41). */
  signupIp?: string | null;
}

/** Postgres unique violation, whether the driver error is wrapped (drizzle) or not. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Creates the user and its ledger account together, and whatever `alsoWrite` writes for it (an
 * agent's account's figures) in the same transaction: a refusal there leaves no user behind. A
 * taken name (any case) is USER_EXISTS.
 */
export async function createUser(
  db: DbOrTx,
  input: NewUser,
  at: Date,
  alsoWrite?: (tx: DbOrTx, user: User) => Promise<void>,
): Promise<User> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ ...input, createdAt: at })
        .returning();
      if (!user) throw new Error('User insert returned nothing');
      await openUserAccount(tx, user.id);
      await alsoWrite?.(tx, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'USER_EXISTS', 'User name already exists');
    throw error;
  }
}

/** A boolean as the contracts' '0' / '1' flag. */
export const flag = (v: boolean) => (v ? '1' : '0') as '0' | '1';

/** The user details of the contracts (login and sign-up answer), balance from the ledger. */
export async function userDetails(db: DbOrTx, user: User, usertoken: string): Promise<UserDetails> {
  const account = await accountOfUser(db, user.id);
  return {
    user_id: user.id,
    user_name: user.userName,
    usertoken,
    ...balanceView(account),
    is_change_password: flag(user.isChangePassword),
    is_signup_user: flag(user.isSignupUser),
    parent_id: user.parentId ?? -1,
    security_auth_enabled: flag(user.securityAuthEnabled),
  };
}
