import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

describe('login limiter', () => {
  const setup = (options = {}) => {
    let now = 0;
    const limiter = new LoginLimiter(() => new Date(now), { windowMs: 1000, maxFailuresPerUser: 3, maxFailuresPerIp: 5, ...options });
    return { limiter, advance: (ms: number) => void (now += ms) };
  };

  it('blocks a name after its limit, any case, until failures age out of the window', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i++) limiter.recordFailure('Demo1', `ip${i}`);
    expect(limiter.isBlocked('demo1', 'other')).toBe(true);
    advance(999);
    expect(limiter.isBlocked('DEMO1', 'other')).toBe(true);
    advance(1);
    expect(limiter.isBlocked('demo1', 'other')).toBe(false);
  });

  it('blocks an address after its limit, and a success clears only the name', () => {
    const { limiter } = setup();
    for (let i = 0; i < 5; i++) limiter.recordFailure(`name${i}`, 'ip');
    expect(limiter.isBlocked('fresh', 'ip')).toBe(true);
    limiter.recordFailure('x', 'ip2');
    limiter.recordFailure('x', 'ip2');
    limiter.recordSuccess('x');
    limiter.recordFailure('x', 'ip3');
    limiter.recordFailure('x', 'ip3');
    expect(limiter.isBlocked('x', 'ip4')).toBe(false);
  });

  it('keeps a bounded number of keys', () => {
    const { limiter } = setup({ maxKeys: 4, maxFailuresPerUser: 1 });
    for (let i = 0; i < 10; i++) limiter.recordFailure(`n${i}`, 'ip');
    // The newest name is remembered, the oldest were dropped.
    expect(limiter.isBlocked('n9', 'elsewhere')).toBe(true);
    expect(limiter.isBlocked('n0', 'elsewhere')).toBe(false);
  });
});
