/**
 * TOTP (RFC 6238) through the otpauth library: SHA-1, 6 digits, 30-second steps, as every
 * authenticator app expects. A code is accepted for the current step or one step either side
 * (clock drift), and only for a step later than the last one accepted, so a code cannot be
 * used twice (ADR 34).
 */
import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@exchange/contracts';

const ALGORITHM = 'SHA1';
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW_STEPS = 1;
/** 160 bits, the RFC 4226 recommendation for SHA-1. */
const SECRET_BYTES = 20;

/** A new secret in base32, the form typed into an authenticator app. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URL of the QR code: "issuer:label" with the issuer parameter too. */
export function otpauthUrl(secret: string, issuer: string, label: string): string {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).toString();
}

/** The time step of an instant: whole periods since the Unix epoch. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a step (tests and the demo compute codes with this too). */
export function totpCode(secret: string, step: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, algorithm: ALGORITHM, digits: TOTP_DIGITS });
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step `code` belongs to, within the window around `at` and later than `lastStep`; null when
 * none matches. The caller records the step (conditionally: see spendCode) before trusting it.
 */
export function matchTotpStep(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(at);
  let matched: number | null = null;
  // Every step of the window is computed, whatever matches, so the time taken says nothing.
  for (let step = now - TOTP_WINDOW_STEPS; step <= now + TOTP_WINDOW_STEPS; step++) {
    const fresh = lastStep === null || step > lastStep;
    if (sameCode(totpCode(secret, step), code) && fresh && matched === null) matched = step;
  }
  return matched;
}
