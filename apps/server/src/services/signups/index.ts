/** Sign-ups (ADR 41): the per-address limit and one account per mobile number; the shared-accounts report. */
export { nationalNumber, refuseOverAddressLimit, refuseTakenMobile, SIGNUP_WINDOW_MS } from './rules.ts';
export { sharedAccounts } from './shared-accounts.ts';

export const DEFAULT_SIGNUP_LIMIT_PER_HOUR = 10;

/** SIGNUP_LIMIT_PER_HOUR: a whole number, 0 turning the limit off (tests, load scripts); else the default. */
export function signupLimitFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.SIGNUP_LIMIT_PER_HOUR?.trim();
  const value = raw ? Number(raw) : DEFAULT_SIGNUP_LIMIT_PER_HOUR;
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_SIGNUP_LIMIT_PER_HOUR;
}
