import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('replaces only the values of credential parameters, any case or escaping of the name', () => {
    expect(redactUrl('/ws?token=abc.def&x=1')).toBe('/ws?token=[REDACTED]&x=1');
    expect(redactUrl('/game/1?LT=a%20b')).toBe('/game/1?LT=[REDACTED]');
    expect(redactUrl('/a?%74oken=abc&usertoken=u&pass=keep')).toBe('/a?%74oken=[REDACTED]&usertoken=[REDACTED]&pass=keep');
    expect(redactUrl('/a?token&b=%E0%A4%A')).toBe('/a?token&b=%E0%A4%A');
    expect(redactUrl('/api/user/login')).toBe('/api/user/login');
  });
});
