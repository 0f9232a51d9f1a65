/**
 * What the web pages reach beyond their own origin and the casino provider (ADR 42): the server's
 * page policy lets them reach exactly these.
 */

/** The sign-up screen's geo-IP lookup, which picks the default dial code (spec section 7). */
export const GEO_LOOKUP_URL = 'https://ipapi.co/json/';
