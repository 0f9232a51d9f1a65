import { describe, expect, it } from 'vitest';
import { backupCodesFile, backupCodesFileName, groupSecret, qrImageSrc } from './security-auth';

describe('security-auth helpers', () => {
  it('turns the QR SVG into an image source, markup escaped', () => {
    const src = qrImageSrc('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1"/></svg>');
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true);
    expect(src).not.toContain('<');
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toContain('<path d="M0 0h1"/>');
  });

  it('groups the secret by four without a trailing space', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret('AB CD EF GH')).toBe('ABCD EFGH');
  });

  it('writes every backup code, numbered, in the file', () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd-${1000 + i}`);
    const text = backupCodesFile('demo5', codes, '01/02/2027 10:00:00');
    expect(text).toContain('Security Auth backup codes for demo5');
    for (const c of codes) expect(text).toContain(c);
    expect(text).toContain(' 1. abcd-1000');
    expect(text).toContain('10. abcd-1009');
    expect(backupCodesFileName('demo5')).toBe('security-auth-backup-codes-demo5.txt');
  });
});
