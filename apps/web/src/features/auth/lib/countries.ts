import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/mobile';

/** A country of the sign-up dial-code list (spec section 3: name, flag, code, dial_code). */
export interface Country {
  name: string;
  /** Regional-indicator emoji flag. */
  flag: string;
  /** Two-letter ISO code. */
  code: CountryCode;
  /** '+' and the calling code, e.g. '+91'. */
  dial_code: string;
}

/** India is listed first (the spec's default market). */
export const FIRST_COUNTRY: CountryCode = 'IN';

const REGIONAL_INDICATOR_A = 0x1f1e6;

export function flagOf(code: string): string {
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((c) => REGIONAL_INDICATOR_A + c.charCodeAt(0) - 65),
  );
}

/**
 * Every country libphonenumber-js knows (about 240), named by Intl.DisplayNames, India first and
 * the rest by name.
 */
export function buildCountries(locale = 'en'): Country[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const all = getCountries().map((code) => ({
    name: names.of(code) ?? code,
    flag: flagOf(code),
    code,
    dial_code: `+${getCountryCallingCode(code)}`,
  }));
  const first = all.filter((c) => c.code === FIRST_COUNTRY);
  const rest = all
    .filter((c) => c.code !== FIRST_COUNTRY)
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return [...first, ...rest];
}

/** The entry to preselect for a geo lookup: its country when listed, else the first with its dial code, else India. */
export function pickCountry(countries: Country[], geo: { countryCode?: string; dialCode: string }): Country {
  return (
    countries.find((c) => c.code === geo.countryCode) ??
    countries.find((c) => c.dial_code === geo.dialCode) ??
    (countries[0] as Country)
  );
}
