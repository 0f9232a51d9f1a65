import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecurityAuthKey, SECURITY_AUTH_KEY_FILE } from './key.ts';

describe('loadSecurityAuthKey', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sec-key-'));
    dirs.push(dir);
    return join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes SECURITY_AUTH_KEY when set, and writes no file', () => {
    const key = randomBytes(32);
    const dataDir = freshDir();
    const loaded = loadSecurityAuthKey({ SECURITY_AUTH_KEY: key.toString('base64') }, dataDir);
    expect(loaded.source).toBe('env');
    expect(loaded.key.equals(key)).toBe(true);
    expect(() => statSync(join(dataDir, SECURITY_AUTH_KEY_FILE))).toThrow();
  });

  it('refuses a SECURITY_AUTH_KEY that is not 32 bytes of base64', () => {
    expect(() => loadSecurityAuthKey({ SECURITY_AUTH_KEY: randomBytes(16).toString('base64') }, freshDir())).toThrow('32 bytes');
    expect(() => loadSecurityAuthKey({ SECURITY_AUTH_KEY: `${randomBytes(32).toString('base64')}!!` }, freshDir())).toThrow('32 bytes');
  });

  it('generates a key into the data folder on the first start (owner-only) and reads it on later starts', () => {
    const dataDir = freshDir();
    const first = loadSecurityAuthKey({}, dataDir);
    expect(first.source).toBe('generated');
    expect(first.key).toHaveLength(32);
    const path = join(dataDir, SECURITY_AUTH_KEY_FILE);
    expect(first.path).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64').equals(first.key)).toBe(true);
    const second = loadSecurityAuthKey({}, dataDir);
    expect(second).toMatchObject({ source: 'file', path });
    expect(second.key.equals(first.key)).toBe(true);
    expect(second.warning).toBeUndefined();
    chmodSync(path, 0o644);
    expect(loadSecurityAuthKey({}, dataDir).warning).toContain('chmod 600');
  });
});
