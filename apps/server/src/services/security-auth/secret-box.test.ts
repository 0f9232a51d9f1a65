import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key);
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal(secret, 'totp:7');
    expect(sealed).not.toContain(secret);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(sealed, 'totp:7')).toBe(secret);
    expect(new SecretBox(Buffer.from(key)).open(sealed, 'totp:7')).toBe(secret);
    expect(box.seal(secret, 'totp:7')).not.toBe(sealed);
  });

  it('refuses to open with another key, another context, or a changed value', () => {
    const sealed = box.seal(secret, 'totp:7');
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'totp:7')).toThrow();
    expect(() => box.open(sealed, 'totp:8')).toThrow();
    const [format, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open([format, iv, tag, flipped.toString('base64url')].join('.'), 'totp:7')).toThrow();
    expect(() => box.open(`v2.${iv}.${tag}.${body}`, 'totp:7')).toThrow('Not a sealed security auth value');
    expect(() => box.open(secret, 'totp:7')).toThrow('Not a sealed security auth value');
  });

  it('MACs a value the same way under one key only, and refuses keys that are not 32 bytes', () => {
    expect(box.mac('backup:7:abcd2345')).toBe(new SecretBox(key).mac('backup:7:abcd2345'));
    expect(box.mac('backup:7:abcd2345')).toMatch(/^[0-9a-f]{64}$/);
    expect(box.mac('backup:7:abcd2345')).not.toBe(new SecretBox(randomBytes(32)).mac('backup:7:abcd2345'));
    expect(box.mac('backup:7:abcd2345')).not.toBe(box.mac('backup:8:abcd2345'));
    expect(() => new SecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});
