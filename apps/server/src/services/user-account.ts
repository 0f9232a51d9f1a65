/**
 * The account calls of the user area: login (with the security-auth code once it is on, ADR 34),
 * logout, sign-up and password change, over the user, session, password and login-limit
 * services. Logins, failed logins of known users, logouts and password changes go to the
 * activity log. The user routes validate the body, call these and map the answer.
 */
import { eq } from 'drizzle-orm';
import type { UserDetails } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import type { Clock } from '../lib/time.ts';
import { recordActivity, type RequestOrigin } from './activity.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { OTP_INVALID_MESSAGE, spendCode } from './security-auth/index.ts';
import type { SecretBox } from './security-auth/index.ts';
import type { AuthUser, SessionStore } from './sessions.ts';
import { refuseOverAddressLimit, refuseTakenMobile } from './signups/index.ts';
import { createUser, findUserById, findUserByName, userDetails, type User } from './users.ts';

/** What the account calls use: the app's services (a FastifyInstance carries them all). */
export interface AccountServices {
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  loginLimiter: LoginLimiter;
  secretBox: SecretBox;
  /** The user name of the agent that sign-ups are created under. */
  defaultAgent: string;
  /** Sign-ups taken from one client address per hour; 0: no limit (ADR 41). */
  signupLimitPerHour: number;
}

const INVALID_CREDENTIALS = () => new AppError(400, 'INVALID_CREDENTIALS', 'Invalid username or password');
export const OTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app';

export interface LoginInput {
  userName: string;
  password: string;
  /** The security-auth code (TOTP or backup code), asked once the user has it on. */
  otp?: string;
}

/** Which door a login comes through: who may pass once the password checks out, and its name in the activity log. */
export interface LoginDoor {
  /** A refusal for a user the door is not for (asked after the password, before the code); null lets it in. */
  admit(user: User): AppError | null;
  /** The detail of the login's activity row ('' for the bettor site). */
  detail: string;
}

const BETTOR_SITE: LoginDoor = { admit: () => null, detail: '' };

/** The user details of a new session: the bettor site's login. */
export async function logIn(app: AccountServices, input: LoginInput, origin: RequestOrigin): Promise<UserDetails> {
  const { user, token } = await openSession(app, input, origin, BETTOR_SITE);
  return userDetails(app.db, user, token);
}

/**
 * Checks the password, then the door's admission, then the security-auth code when it is on,
 * within the login limit (ADR 25), and opens a session: the user with the new token. A wrong
 * password is answered the same at every door, so no door tells a user's role without it.
 *
 * The guess stays counted as a failure until the whole login succeeds: a right password without
 * a code (OTP_REQUIRED) and a wrong or replayed code (OTP_INVALID) both use up the name's budget,
 * so neither the password nor the code can be guessed past the limit (ADR 34). A door's refusal
 * comes before the code, so it never spends one.
 */
export async function openSession(
  app: AccountServices,
  input: LoginInput,
  origin: RequestOrigin,
  door: LoginDoor,
): Promise<{ user: User; token: string }> {
  const attempt = app.loginLimiter.reserve(input.userName, origin.ip);
  if (!attempt) throw new AppError(429, 'RATE_LIMITED', 'Too many failed login attempts. Try again later.');
  const user = await findUserByName(app.db, input.userName);
  // An unknown name costs one hash too, so timing does not reveal which names exist.
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
  if (!user || !passwordOk) {
    if (user) await recordActivity(app.db, { userId: user.id, kind: 'LOGIN_FAILED', origin, detail: 'password' }, app.clock());
    throw INVALID_CREDENTIALS();
  }
  if (user.status !== 'active' || user.loginLocked) {
    attempt.succeeded();
    throw new AppError(403, 'ACCOUNT_LOCKED', 'Your account is locked. Please contact your agent.');
  }
  const refusal = door.admit(user);
  if (refusal) {
    attempt.succeeded();
    await recordActivity(app.db, { userId: user.id, kind: 'LOGIN_FAILED', origin, detail: door.detail }, app.clock());
    throw refusal;
  }
  const otp = input.otp?.trim() ?? '';
  if (user.securityAuthEnabled && !otp) throw new AppError(401, 'OTP_REQUIRED', OTP_REQUIRED_MESSAGE);
  const at = app.clock();
  // The code is spent, the session opened and the login recorded together, or none of them.
  const token = await app.db.transaction(async (tx) => {
    if (user.securityAuthEnabled) {
      const spent = await spendCode(tx, app.secretBox, user, otp, at);
      if (!spent) return null;
      if (spent === 'backup') await recordActivity(tx, { userId: user.id, kind: 'BACKUP_CODE_USED', origin, detail: 'login' }, at);
    }
    const opened = await app.sessions.create(tx, user.id);
    await tx.update(users).set({ lastLoginAt: at }).where(eq(users.id, user.id));
    await recordActivity(tx, { userId: user.id, kind: 'LOGIN', origin, detail: door.detail }, at);
    return opened;
  });
  if (token === null) {
    await recordActivity(app.db, { userId: user.id, kind: 'LOGIN_FAILED', origin, detail: 'code' }, at);
    throw new AppError(401, 'OTP_INVALID', OTP_INVALID_MESSAGE);
  }
  attempt.succeeded();
  return { user, token };
}

/** Revokes the caller's token and records the logout. */
export async function logOut(app: AccountServices, user: AuthUser, origin: RequestOrigin): Promise<void> {
  await app.sessions.revoke(user.tokenHash);
  await recordActivity(app.db, { userId: user.userId, kind: 'LOGOUT', origin }, app.clock());
}

export interface SignUp {
  userName: string;
  password: string;
  mobile: string;
  dialCode: string;
}

/**
 * Creates a sign-up bettor under the default agent and opens its first session. Within the
 * address's hourly limit and one account per mobile number (ADR 41), checked and written in one
 * transaction; the address is kept on the account for the limit and the same-address report.
 */
export async function signUp(app: AccountServices, input: SignUp, origin: RequestOrigin): Promise<UserDetails> {
  if (await findUserByName(app.db, input.userName)) throw new AppError(409, 'USER_EXISTS', 'User name already exists');
  const agent = await findUserByName(app.db, app.defaultAgent);
  if (!agent) throw new Error(`Default agent ${app.defaultAgent} does not exist`);
  // Hashed before the transaction: its locks are held for the checks and the writes only.
  const passwordHash = await hashPassword(input.password);
  const at = app.clock();
  const { user, token } = await app.db.transaction(async (tx) => {
    await refuseOverAddressLimit(tx, origin.ip, at, app.signupLimitPerHour);
    await refuseTakenMobile(tx, input.mobile, input.dialCode);
    const created = await createUser(
      tx,
      {
        userName: input.userName,
        passwordHash,
        role: 'user',
        parentId: agent.id,
        isSignupUser: true,
        mobile: input.mobile,
        dialCode: input.dialCode,
        signupIp: origin.ip,
      },
      at,
    );
    return { user: created, token: await app.sessions.create(tx, created.id) };
  });
  return userDetails(app.db, user, token);
}

/**
 * The caller's own password, for an action that must not be taken on a stolen token alone (a
 * password change, a self-exclusion). A token holder guessing shares the name's budget with login.
 */
export async function checkOwnPassword(
  app: AccountServices,
  user: AuthUser,
  password: string,
  origin: RequestOrigin,
  wrongMessage = 'Password is incorrect',
): Promise<void> {
  const attempt = app.loginLimiter.reserve(user.userName, origin.ip);
  if (!attempt) throw new AppError(429, 'RATE_LIMITED', 'Too many failed password attempts. Try again later.');
  const current = await findUserById(app.db, user.userId);
  if (!current || !(await verifyPassword(current.passwordHash, password))) {
    throw new AppError(400, 'WRONG_PASSWORD', wrongMessage);
  }
  attempt.succeeded();
}

/**
 * Replaces the caller's password once the current one checks out (within the login limit), clears
 * the forced change and revokes every session of the user, in one transaction.
 */
export async function changePassword(
  app: AccountServices,
  user: AuthUser,
  currentPassword: string,
  newPassword: string,
  origin: RequestOrigin,
): Promise<void> {
  await checkOwnPassword(app, user, currentPassword, origin, 'Old password is incorrect');
  const passwordHash = await hashPassword(newPassword);
  const at = app.clock();
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, isChangePassword: false, passwordChangedAt: at }).where(eq(users.id, user.userId));
    await app.sessions.revokeAllOf(tx, user.userId);
    await recordActivity(tx, { userId: user.userId, kind: 'PASSWORD_CHANGED', origin }, at);
  });
  app.sessions.forgetUser(user.userId);
}
