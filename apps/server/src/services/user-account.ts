/**
 * The account calls of the user area: login, sign-up and password change, over the user, session,
 * password and login-limit services. The user routes validate the body, call these and map the
 * answer.
 */
import { eq } from 'drizzle-orm';
import type { UserDetails } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import type { Clock } from '../lib/time.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { AuthUser, SessionStore } from './sessions.ts';
import { createUser, findUserById, findUserByName, userDetails } from './users.ts';

/** What the account calls use: the app's services (a FastifyInstance carries them all). */
export interface AccountServices {
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  loginLimiter: LoginLimiter;
  /** The user name of the agent that sign-ups are created under. */
  defaultAgent: string;
}

const INVALID_CREDENTIALS = () => new AppError(400, 'INVALID_CREDENTIALS', 'Invalid username or password');

/** Checks the password within the login limit (ADR 25) and opens a session: the user's details with the new token. */
export async function logIn(app: AccountServices, userName: string, password: string, ip: string): Promise<UserDetails> {
  const attempt = app.loginLimiter.reserve(userName, ip);
  if (!attempt) throw new AppError(429, 'RATE_LIMITED', 'Too many failed login attempts. Try again later.');
  const user = await findUserByName(app.db, userName);
  // An unknown name costs one hash too, so timing does not reveal which names exist.
  const passwordOk = user ? await verifyPassword(user.passwordHash, password) : (await verifyAgainstDummy(password), false);
  if (!user || !passwordOk) throw INVALID_CREDENTIALS();
  attempt.succeeded();
  if (user.status !== 'active' || user.loginLocked) throw new AppError(403, 'ACCOUNT_LOCKED', 'Your account is locked. Please contact your agent.');
  const token = await app.sessions.create(app.db, user.id);
  return userDetails(app.db, user, token);
}

export interface SignUp {
  userName: string;
  password: string;
  mobile: string;
  dialCode: string;
}

/** Creates a sign-up bettor under the default agent and opens its first session. */
export async function signUp(app: AccountServices, input: SignUp): Promise<UserDetails> {
  if (await findUserByName(app.db, input.userName)) throw new AppError(409, 'USER_EXISTS', 'User name already exists');
  const agent = await findUserByName(app.db, app.defaultAgent);
  if (!agent) throw new Error(`Default agent ${app.defaultAgent} does not exist`);
  const passwordHash = await hashPassword(input.password);
  const user = await createUser(
    app.db,
    {
      userName: input.userName,
      passwordHash,
      role: 'user',
      parentId: agent.id,
      isSignupUser: true,
      mobile: input.mobile,
      dialCode: input.dialCode,
    },
    app.clock(),
  );
  const token = await app.sessions.create(app.db, user.id);
  return userDetails(app.db, user, token);
}

/**
 * Replaces the caller's password once the current one checks out (within the login limit), clears
 * the forced change and revokes every session of the user, in one transaction.
 */
export async function changePassword(app: AccountServices, user: AuthUser, currentPassword: string, newPassword: string, ip: string): Promise<void> {
  // A token holder guessing the current password shares the name's budget with login.
  const attempt = app.loginLimiter.reserve(user.userName, ip);
  if (!attempt) throw new AppError(429, 'RATE_LIMITED', 'Too many failed password attempts. Try again later.');
  const current = await findUserById(app.db, user.userId);
  if (!current || !(await verifyPassword(current.passwordHash, currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD', 'Old password is incorrect');
  }
  attempt.succeeded();
  const passwordHash = await hashPassword(newPassword);
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, isChangePassword: false }).where(eq(users.id, user.userId));
    await app.sessions.revokeAllOf(tx, user.userId);
  });
  app.sessions.forgetUser(user.userId);
}
