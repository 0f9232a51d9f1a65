import { describe, expect, it } from 'vitest';
import { isTotpCode, newBackupCodes, normalizeBackupCode } from './backup-codes.ts';
import { matchTotpStep, newTotpSecret, otpauthUrl, totpCode, totpStep } from './totp.ts';

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", codes cut to 6 digits. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('gives the RFC 6238 test codes', () => {
    const at = (seconds: number) => totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)));
    expect(at(59)).toBe('287082');
    expect(at(1111111109)).toBe('081804');
    expect(at(1234567890)).toBe('005924');
    expect(at(2000000000)).toBe('279037');
  });

  it('accepts the current step and one either side, later than the last step used', () => {
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    const code = (s: number) => totpCode(RFC_SECRET, s);
    expect(matchTotpStep(RFC_SECRET, code(step), now, null)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, code(step - 1), now, null)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, code(step + 1), now, null)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, code(step - 2), now, null)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, code(step + 2), now, null)).toBeNull();
    // Replay: the step used, and any before it, are refused.
    expect(matchTotpStep(RFC_SECRET, code(step), now, step)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, code(step - 1), now, step - 1)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, code(step + 1), now, step)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URL apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(otpauthUrl(secret, 'Exchange', 'demo1')).toBe(
      `otpauth://totp/Exchange:demo1?issuer=Exchange&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});

describe('backup codes', () => {
  it('makes ten distinct xxxx-xxxx codes of unambiguous characters', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
  });

  it('reads a code as typed: any case, dash optional; tells it from a 6-digit code', () => {
    expect(normalizeBackupCode('AbC2-d3Ef')).toBe('abc2d3ef');
    expect(normalizeBackupCode(' abc2d3ef ')).toBe('abc2d3ef');
    expect(normalizeBackupCode('abc2-d3e')).toBeNull();
    expect(normalizeBackupCode('123456')).toBeNull();
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('abc2-d3ef')).toBe(false);
  });
});
