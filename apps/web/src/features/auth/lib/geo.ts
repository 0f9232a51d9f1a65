import { GEO_LOOKUP_URL } from '@exchange/contracts';

/**
 * The sign-up screen's default dial code comes from a geo-IP lookup (spec section 7). Any failure
 * (no network, timeout, odd answer) falls back to India, +91, and is only logged.
 */
export const GEO_TIMEOUT_MS = 3000;
export const FALLBACK_GEO: GeoGuess = { countryCode: 'IN', dialCode: '+91' };

export interface GeoGuess {
  countryCode: string;
  dialCode: string;
}

export async function lookupGeo(timeoutMs = GEO_TIMEOUT_MS): Promise<GeoGuess> {
  try {
    const res = await fetch(GEO_LOOKUP_URL, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { country_code?: unknown; country_calling_code?: unknown };
    const dialCode = String(body.country_calling_code ?? '');
    const countryCode = String(body.country_code ?? '').toUpperCase();
    if (!/^\+\d{1,4}$/.test(dialCode)) throw new Error('no dial code in the answer');
    return { countryCode: /^[A-Z]{2}$/.test(countryCode) ? countryCode : '', dialCode };
  } catch (err) {
    console.warn(`Geo lookup failed; using +91 (${err instanceof Error ? err.message : String(err)})`);
    return FALLBACK_GEO;
  }
}

/** The default dial code, e.g. '+91'. */
export async function lookupDialCode(timeoutMs = GEO_TIMEOUT_MS): Promise<string> {
  return (await lookupGeo(timeoutMs)).dialCode;
}
