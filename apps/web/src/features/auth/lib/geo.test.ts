import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupDialCode, lookupGeo } from './geo';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('geo lookup for the default dial code', () => {
  it('falls back to +91 and only warns when the lookup fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('network down')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(lookupDialCode()).resolves.toBe('+91');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('falls back when the answer has no dial code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ error: true }), { status: 200 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(lookupGeo()).resolves.toEqual({ countryCode: 'IN', dialCode: '+91' });
  });

  it('gives up after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_r, reject) =>
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(lookupDialCode(20)).resolves.toBe('+91');
  });

  it('uses the looked-up country and dial code', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify({ country_code: 'gb', country_calling_code: '+44' }), { status: 200 }),
        ),
    );
    await expect(lookupGeo()).resolves.toEqual({ countryCode: 'GB', dialCode: '+44' });
  });
});
