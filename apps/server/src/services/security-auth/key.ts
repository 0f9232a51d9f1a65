/**
 * Where the security-auth key comes from (ADR 34): SECURITY_AUTH_KEY (base64 of 32 bytes) when
 * set, which every process of one deployment must share; otherwise a key generated on the first
 * start into the data folder (owner-only file) and read from there on later starts. Losing the
 * key makes the stored TOTP secrets and backup codes useless: back it up with the database.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECURITY_AUTH_KEY_BYTES } from './secret-box.ts';

export const SECURITY_AUTH_KEY_FILE = 'security-auth.key';

export interface LoadedKey {
  key: Buffer;
  /** For the start-up log line: where the key came from (never the key). */
  source: 'env' | 'file' | 'generated';
  path?: string;
  /** Said at start-up: a key file others can read (not refused: some file systems have no modes). */
  warning?: string;
}

function decode(text: string, where: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  // Buffer.from ignores bad characters: a round trip tells a real base64 key from a typo.
  if (key.length !== SECURITY_AUTH_KEY_BYTES || key.toString('base64').replace(/=+$/, '') !== trimmed.replace(/=+$/, '')) {
    throw new Error(`${where} must be ${SECURITY_AUTH_KEY_BYTES} bytes in base64 (e.g. from \`openssl rand -base64 32\`)`);
  }
  return key;
}

export function loadSecurityAuthKey(env: NodeJS.ProcessEnv, dataDir: string): LoadedKey {
  const fromEnv = env.SECURITY_AUTH_KEY;
  if (fromEnv) return { key: decode(fromEnv, 'SECURITY_AUTH_KEY'), source: 'env' };
  const path = join(dataDir, SECURITY_AUTH_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(SECURITY_AUTH_KEY_BYTES);
  try {
    // 'wx': never overwrite a key that is there (two processes starting together keep the first).
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return { key, source: 'generated', path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const loaded: LoadedKey = { key: decode(readFileSync(path, 'utf8'), path), source: 'file', path };
  if (process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) loaded.warning = `${path} is readable by others: chmod 600 it`;
  return loaded;
}
