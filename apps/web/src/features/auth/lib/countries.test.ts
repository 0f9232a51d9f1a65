import { describe, expect, it } from 'vitest';
import { buildCountries, flagOf, pickCountry } from './countries';

describe('sign-up country list', () => {
  const countries = buildCountries();

  it('puts India (+91) first', () => {
    expect(countries[0]).toMatchObject({ code: 'IN', name: 'India', dial_code: '+91', flag: '🇮🇳' });
  });
  it('has about 240 entries with unique two-letter codes', () => {
    expect(countries.length).toBeGreaterThanOrEqual(230);
    expect(countries.length).toBeLessThanOrEqual(260);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(
      countries.every(
        (c) => /^[A-Z]{2}$/.test(c.code) && /^\+\d{1,4}$/.test(c.dial_code) && c.name.length > 1,
      ),
    ).toBe(true);
  });
  it('sorts the rest by name', () => {
    const rest = countries.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });
  it('makes regional-indicator flags', () => {
    expect(flagOf('gb')).toBe('🇬🇧');
  });
  it('preselects by country, then by dial code, then India', () => {
    expect(pickCountry(countries, { countryCode: 'CA', dialCode: '+1' }).code).toBe('CA');
    expect(pickCountry(countries, { countryCode: '', dialCode: '+44' }).dial_code).toBe('+44');
    expect(pickCountry(countries, { countryCode: '', dialCode: '+999' }).code).toBe('IN');
  });
});
