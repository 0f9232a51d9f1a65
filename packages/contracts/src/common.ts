import { roundToPaise } from '@exchange/engine';
import { z } from 'zod';

/** '0' / '1' flags, kept as strings because the original client compares with '1'. */
export const Flag = z.enum(['0', '1']);
export type Flag = z.infer<typeof Flag>;

/**
 * Rupees at the API edge: a finite number with at most 2 decimals whose paise fit a safe
 * integer (the ledger's bigint columns are read as JavaScript numbers).
 */
export const Rupees = z
  .number()
  .finite()
  .refine((v) => Number(v.toFixed(2)) === v, 'At most 2 decimals')
  .refine((v) => Number.isSafeInteger(roundToPaise(v)), 'Amount is too large');

/** ISO 8601 timestamp string (UTC). The web app formats it in IST. */
export const IsoDate = z.string();

/** The range of the database's `integer` columns: every id but a bet's, lines, runs, rates. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** A whole number an `integer` column can hold (operator inputs such as selection ids and lines). */
export const Int4 = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(INT4_MIN, 'Number is out of range')
  .max(INT4_MAX, 'Number is out of range');

/**
 * An id as the original client sends it (a number or a numeric string), bounded to its column:
 * outside the range no row can have it, so it is refused as malformed rather than looked up.
 */
const idWithin = (min: number, max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^-?\d+$/)], { error: 'Id must be a whole number' })
    .transform(Number)
    .pipe(z.number().int('Id must be a whole number').min(min, 'Id is out of range').max(max, 'Id is out of range'));

/** Ids of `integer` columns: sports (negative ones included), series, matches, markets, selections. */
export const IdLike = idWithin(INT4_MIN, INT4_MAX);
/** Ids of `bigint` columns read as numbers (bets): positive and safe integers. */
export const BigIdLike = idWithin(1, Number.MAX_SAFE_INTEGER);

/** Years a report date may name: far beyond any real statement, well inside every engine's range. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;
/** True when yyyy-MM-dd names a day of the calendar (not 2026-13-45, not 2025-02-29). */
export function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (y < FIRST_YEAR || y > LAST_YEAR) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An IST day as reports and lists take it: yyyy-MM-dd, and a real day of the calendar. */
export const Day = z
  .string({ error: 'Date must be yyyy-MM-dd' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be yyyy-MM-dd')
  .refine(isCalendarDay, `Date must be a day of the calendar between ${FIRST_YEAR} and ${LAST_YEAR}`);

/**
 * C0 controls and DEL. No text of this API carries them (names, searches, references,
 * passwords), PostgreSQL text cannot hold NUL, and they hide text in logs and screens: every
 * string of every request body that has one is refused, decided here once for all fields.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The path ('search', '0.button_name') of the first string in `body` with a control character, or null. */
export function controlCharacterPath(body: unknown): string | null {
  // Iterative: a deeply nested body must not overflow the stack.
  const pending: [unknown, string][] = [[body, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTER.test(value)) return path || 'body';
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value).reverse()) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

export type RequestCheck<T> = { success: true; data: T } | { success: false; message: string };

/**
 * The one validation of a request body, used by the server and the fuzz suite alike: no
 * control characters in any text, then the call's schema (the first issue's message).
 */
export function checkRequestBody<S extends z.ZodType>(schema: S, raw: unknown): RequestCheck<z.output<S>> {
  const path = controlCharacterPath(raw);
  if (path !== null) return { success: false, message: `${path} must not contain control characters` };
  const result = schema.safeParse(raw);
  if (!result.success) return { success: false, message: result.error.issues[0]?.message ?? 'Invalid request' };
  return { success: true, data: result.data };
}

/** The longest client_ref a money call takes (its idempotency id). */
export const CLIENT_REF_MAX_LENGTH = 64;
