/**
 * Backup codes (ADR 34): ten random one-time codes shown once at enable, in the form xxxx-xxxx
 * from letters and digits that cannot be misread (no 0/o, 1/l/i). Only an HMAC of each is kept;
 * the user id is part of what is MACed, so equal codes of two users do not share a hash.
 */
import { randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@exchange/contracts';
import type { SecretBox } from './secret-box.ts';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 4;

export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const half = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${half()}-${half()}`);
}

/** The 8 characters of a backup code as typed (any case, dash optional); null when it is not one. */
export function normalizeBackupCode(code: string): string | null {
  const plain = code.trim().replace('-', '').toLowerCase();
  return /^[a-z0-9]{8}$/.test(plain) ? plain : null;
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.trim());

export function backupCodeHash(box: SecretBox, userId: number, normalized: string): string {
  return box.mac(`backup:${userId}:${normalized}`);
}
