import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

describe('login limiter', () => {
  const setup = (options = {}) => {
    let now = 0;
    const limiter = new LoginLimiter(() => new Date(now), { windowMs: 1000, maxFailuresPerUser: 3, maxFailuresPerIp: 5, ...options });
    return { limiter, advance: (ms: number) => void (now += ms) };
  };
  const fail = (limiter: LoginLimiter, name: string, ip: string) => expect(limiter.reserve(name, ip)).not.toBeNull();

  it('refuses a name after its limit, any case, until failures age out of the window', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i++) fail(limiter, 'Demo1', `ip${i}`);
    expect(limiter.reserve('demo1', 'other')).toBeNull();
    advance(999);
    expect(limiter.reserve('DEMO1', 'other')).toBeNull();
    advance(1);
    expect(limiter.reserve('demo1', 'other')).not.toBeNull();
  });

  it('counts a reservation before its check, so the limit holds for guesses in flight', () => {
    const { limiter } = setup();
    const inFlight = [0, 1, 2, 3, 4].map(() => limiter.reserve('demo1', 'ip'));
    expect(inFlight.filter((a) => a !== null)).toHaveLength(3);
  });

  it('a success clears the name and does not charge the address', () => {
    const { limiter } = setup();
    fail(limiter, 'x', 'ip');
    fail(limiter, 'x', 'ip');
    limiter.reserve('x', 'ip')!.succeeded();
    for (let i = 0; i < 3; i++) fail(limiter, 'x', 'ip2');
    expect(limiter.reserve('x', 'ip3')).toBeNull();
    // 'ip' has 2 failures, not 3: three more from it reach its limit of 5, not four.
    for (let i = 0; i < 3; i++) fail(limiter, `y${i}`, 'ip');
    expect(limiter.reserve('y0', 'ip')).toBeNull();
  });

  it('past its limit, an address still checks names without failures, once each', () => {
    const { limiter } = setup();
    for (let i = 0; i < 5; i++) fail(limiter, `name${i}`, 'ip');
    expect(limiter.reserve('name0', 'ip')).toBeNull();
    limiter.reserve('innocent', 'ip')!.succeeded();
    fail(limiter, 'fresh', 'ip');
    expect(limiter.reserve('fresh', 'ip')).toBeNull();
    expect(limiter.reserve('fresh', 'elsewhere')).not.toBeNull();
  });

  it('keeps a bounded number of keys', () => {
    const { limiter } = setup({ maxKeys: 4, maxFailuresPerUser: 1 });
    for (let i = 0; i < 10; i++) fail(limiter, `n${i}`, 'ip');
    // The newest name is remembered, the oldest were dropped.
    expect(limiter.reserve('n9', 'elsewhere')).toBeNull();
    expect(limiter.reserve('n0', 'elsewhere')).not.toBeNull();
  });
});
