/**
 * Security auth (ADR 34): set up a TOTP secret, turn it on with a first code (ten backup codes
 * shown once), turn it off with a code; and `spendCode`, which login uses too. The secret is
 * kept sealed with the server's key; a TOTP step and a backup code are each accepted once, by a
 * conditional UPDATE, so two requests racing with one code cannot both pass.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { SecurityAuthDisabled, SecurityAuthEnabled, SecurityAuthSetup } from '@exchange/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { backupCodes, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/time.ts';
import { recordActivity, type RequestOrigin } from '../activity.ts';
import type { LoginLimiter } from '../login-limiter.ts';
import type { AuthUser } from '../sessions.ts';
import { getGlobalSettings } from '../settings.ts';
import { findUserById, type User } from '../users.ts';
import { backupCodeHash, isTotpCode, newBackupCodes, normalizeBackupCode } from './backup-codes.ts';
import type { SecretBox } from './secret-box.ts';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp.ts';

export { SecretBox } from './secret-box.ts';
export { loadSecurityAuthKey } from './key.ts';

export interface SecurityAuthServices {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  loginLimiter: LoginLimiter;
}

const DEFAULT_ISSUER = 'Exchange';

export const alreadyEnabled = () =>
  new AppError(409, 'SECURITY_AUTH_ALREADY_ENABLED', 'Security auth is already on. Turn it off first to set up a new app.');
export const notEnabled = () => new AppError(409, 'SECURITY_AUTH_NOT_ENABLED', 'Security auth is not on.');
export const notSetUp = () => new AppError(409, 'SECURITY_AUTH_NOT_SET_UP', 'Set up security auth first: scan the QR code, then enter a code.');
/** A wrong, expired or already used code: one answer for all, so a guesser learns nothing more. */
export const OTP_INVALID_MESSAGE = 'The code is wrong or already used. Enter the current code from your authenticator app.';

/** The sealed secret is bound to its user: a value copied to another user's row does not open. */
const secretContext = (userId: number) => `totp:${userId}`;

async function issuerName(db: DbOrTx): Promise<string> {
  try {
    return (await getGlobalSettings(db)).site_title.trim() || DEFAULT_ISSUER;
  } catch {
    return DEFAULT_ISSUER;
  }
}

async function lockedUser(tx: DbOrTx, userId: number): Promise<User> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw new Error(`User ${userId} not found`);
  return row;
}

/** A new secret kept pending until enabled (a repeated setup replaces it), with its QR code. */
export async function setupSecurityAuth(app: SecurityAuthServices, caller: AuthUser): Promise<z.infer<typeof SecurityAuthSetup>> {
  const user = await findUserById(app.db, caller.userId);
  if (!user) throw new Error(`User ${caller.userId} not found`);
  if (user.securityAuthEnabled) throw alreadyEnabled();
  const secret = newTotpSecret();
  const url = otpauthUrl(secret, await issuerName(app.db), user.userName);
  const updated = await app.db
    .update(users)
    .set({ totpPendingSecretEnc: app.secretBox.seal(secret, secretContext(user.id)) })
    .where(and(eq(users.id, user.id), eq(users.securityAuthEnabled, false)))
    .returning({ id: users.id });
  if (updated.length === 0) throw alreadyEnabled();
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauth_url: url, qr_svg: qrSvg };
}

/**
 * Turns security auth on when `code` matches the pending secret: the secret becomes the active
 * one, its step is spent, and ten new backup codes are made (answered this once, kept as HMACs).
 */
export async function enableSecurityAuth(
  app: SecurityAuthServices,
  caller: AuthUser,
  code: string,
  origin: RequestOrigin,
): Promise<z.infer<typeof SecurityAuthEnabled>> {
  const at = app.clock();
  return app.db.transaction(async (tx) => {
    // The row lock makes two enables in a row one after the other.
    const user = await lockedUser(tx, caller.userId);
    if (user.securityAuthEnabled) throw alreadyEnabled();
    if (!user.totpPendingSecretEnc) throw notSetUp();
    const secret = app.secretBox.open(user.totpPendingSecretEnc, secretContext(user.id));
    const step = isTotpCode(code) ? matchTotpStep(secret, code.trim(), at, null) : null;
    if (step === null) throw new AppError(400, 'OTP_INVALID', OTP_INVALID_MESSAGE);
    await tx
      .update(users)
      .set({ totpSecretEnc: user.totpPendingSecretEnc, totpPendingSecretEnc: null, securityAuthEnabled: true, totpLastStep: step })
      .where(eq(users.id, user.id));
    const codes = newBackupCodes();
    await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
    await tx.insert(backupCodes).values(
      codes.map((c) => ({ userId: user.id, codeHash: backupCodeHash(app.secretBox, user.id, normalizeBackupCode(c)!), createdAt: at })),
    );
    await recordActivity(tx, { userId: user.id, kind: 'SECURITY_AUTH_ENABLED', origin }, at);
    return { security_auth_enabled: '1' as const, backup_codes: codes };
  });
}

/**
 * Turns security auth off with a TOTP or backup code. Wrong codes are counted on the user's login
 * budget (ADR 25): a stolen session cannot guess its way to switching it off.
 */
export async function disableSecurityAuth(
  app: SecurityAuthServices,
  caller: AuthUser,
  code: string,
  origin: RequestOrigin,
): Promise<z.infer<typeof SecurityAuthDisabled>> {
  const current = await findUserById(app.db, caller.userId);
  if (!current?.securityAuthEnabled) throw notEnabled();
  const attempt = app.loginLimiter.reserve(caller.userName, origin.ip);
  if (!attempt) throw new AppError(429, 'RATE_LIMITED', 'Too many wrong codes. Try again later.');
  const at = app.clock();
  await app.db.transaction(async (tx) => {
    const user = await lockedUser(tx, caller.userId);
    if (!user.securityAuthEnabled) throw notEnabled();
    const spent = await spendCode(tx, app.secretBox, user, code, at);
    if (!spent) throw new AppError(400, 'OTP_INVALID', OTP_INVALID_MESSAGE);
    if (spent === 'backup') await recordActivity(tx, { userId: user.id, kind: 'BACKUP_CODE_USED', origin, detail: 'disable' }, at);
    await tx
      .update(users)
      .set({ securityAuthEnabled: false, totpSecretEnc: null, totpPendingSecretEnc: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
    await recordActivity(tx, { userId: user.id, kind: 'SECURITY_AUTH_DISABLED', origin }, at);
  });
  attempt.succeeded();
  return { security_auth_enabled: '0' };
}

/**
 * Spends a code of a user with security auth on, inside the caller's transaction: a TOTP code
 * moves totp_last_step forward, a backup code gets its used_at. Each is a conditional UPDATE, so
 * of two transactions with one code only the first to write passes. Null when the code is wrong,
 * expired, or already used.
 */
export async function spendCode(tx: DbOrTx, box: SecretBox, user: User, code: string, at: Date): Promise<'totp' | 'backup' | null> {
  if (!user.totpSecretEnc) return null;
  if (isTotpCode(code)) {
    const secret = box.open(user.totpSecretEnc, secretContext(user.id));
    const step = matchTotpStep(secret, code.trim(), at, user.totpLastStep);
    if (step === null) return null;
    const moved = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), eq(users.securityAuthEnabled, true), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return moved.length > 0 ? 'totp' : null;
  }
  const normalized = normalizeBackupCode(code);
  if (!normalized) return null;
  const used = await tx
    .update(backupCodes)
    .set({ usedAt: at })
    .where(and(eq(backupCodes.userId, user.id), eq(backupCodes.codeHash, backupCodeHash(box, user.id, normalized)), isNull(backupCodes.usedAt)))
    .returning({ id: backupCodes.id });
  return used.length > 0 ? 'backup' : null;
}
