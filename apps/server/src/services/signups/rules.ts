/**
 * What a sign-up must pass before its account is written (ADR 41): a limit of sign-ups per client
 * address and hour, and one account per mobile number. Both are read from the `users` table inside
 * the sign-up's transaction, under an advisory lock on the address and one on the number, so
 * concurrent sign-ups (on any process of a cluster: the lock and the rows are in the database)
 * cannot all pass the same check.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** The limit's window: SIGNUP_LIMIT_PER_HOUR counts the sign-ups of the last hour. */
export const SIGNUP_WINDOW_MS = 60 * 60_000;

/** The advisory lock's first key, this ADR's number (ADR 36 took 36 for the catalog ids). */
const LOCK_CLASS = 41;

/** A mobile number without its trunk zeros: 09876543210 and 9876543210 are one number. */
export const nationalNumber = (mobile: string) => mobile.replace(/^0+/, '');

const lock = (tx: DbOrTx, key: string) => tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${key}))`);

/** "in 42 minutes", "in 1 minute": when the next sign-up from the address is taken. */
const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Refuses a sign-up from `ip` when `limit` accounts were signed up from it in the hour before
 * `at` (429 RATE_LIMITED with Retry-After: when the oldest of them leaves the window). A limit of
 * 0 turns the rule off. Takes the address's lock to the end of the transaction.
 */
export async function refuseOverAddressLimit(tx: DbOrTx, ip: string, at: Date, limit: number): Promise<void> {
  if (limit <= 0) return;
  await lock(tx, `signup-ip:${ip}`);
  // The limit-th latest sign-up of the window: while it is in the window, the address is full.
  const [full] = await queryRows<{ created_at: string | Date }>(
    tx,
    sql`select created_at from users
        where signup_ip = ${ip} and created_at > ${new Date(at.getTime() - SIGNUP_WINDOW_MS).toISOString()}::timestamptz
        order by created_at desc offset ${limit - 1} limit 1`,
  );
  if (!full) return;
  const freeAt = new Date(full.created_at).getTime() + SIGNUP_WINDOW_MS;
  const seconds = Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000));
  throw new AppError(
    429,
    'RATE_LIMITED',
    `Too many sign-ups from your network. Try again ${inMinutes(seconds)}, or ask your agent for an account.`,
    { 'retry-after': String(seconds) },
  );
}

/**
 * Refuses a mobile number that already has an account (409 MOBILE_EXISTS): the same national
 * number with the same dial code, or on an account made without one (an agent's). Takes the
 * number's lock to the end of the transaction.
 */
export async function refuseTakenMobile(tx: DbOrTx, mobile: string, dialCode: string): Promise<void> {
  const number = nationalNumber(mobile);
  await lock(tx, `signup-mobile:${number}`);
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`select id from users
        where ltrim(mobile, '0') = ${number} and (dial_code is null or dial_code = ${dialCode}) limit 1`,
  );
  if (taken) {
    throw new AppError(409, 'MOBILE_EXISTS', 'This mobile number already has an account. Log in to it, or ask your agent for help.');
  }
}
