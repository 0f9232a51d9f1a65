import { describe, expect, it } from 'vitest';
import { totpCode, wrongCode } from './totp';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890", the last 6 of its 8 digits).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('test TOTP', () => {
  it('gives the RFC 6238 test vectors', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(RFC_SECRET, 20_000_000_000_000)).toBe('353130');
  });

  it('finds a code the server will refuse', () => {
    const at = 1_234_567_890_000;
    const code = wrongCode(RFC_SECRET, at);
    expect(code).toMatch(/^\d{6}$/);
    expect(code).not.toBe(totpCode(RFC_SECRET, at));
  });
});
