/**
 * A bettor's break (time-out) and self-exclusion (issue 25, ADR 58): started by the bettor, in
 * one transaction with its activity-log entry; ended by nobody. A break ends by itself; a
 * self-exclusion's account reopens 24 hours after the bettor asks, once its term is over.
 * Cancelling the bettor's unmatched bets is the caller's next step (the betting service's own
 * cancel, so money and the live push stay right).
 */
import { eq } from 'drizzle-orm';
import type { Restriction } from '@exchange/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { bettorProtection } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordActivity, type RequestOrigin } from '../activity.ts';
import { istText } from './gate.ts';
import { restrictionAt } from './protection.ts';

const DAY_MS = 24 * 3_600_000;
type Kind = Restriction['kind'];

/** `months` calendar months after `at` in UTC, on the same day or the month's last (31 Aug + 6: 28/29 Feb). */
export function addMonthsUtc(at: Date, months: number): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(at.getUTCDate(), lastDay),
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
      at.getUTCMilliseconds(),
    ),
  );
}

const RANK: Record<Kind, number> = { BREAK: 0, SELF_EXCLUSION: 1 };

/**
 * Whether a new restriction may start over the one in force: only if it lengthens it. A
 * self-exclusion may replace a break (it is stronger, and at 6 months longer than any break); a
 * break never replaces a self-exclusion, and a break or self-exclusion must end later than the one
 * in force. Otherwise the bettor could shorten his own restriction by starting a shorter one.
 */
export function mayStart(current: Restriction | null, kind: Kind, endsAt: Date): boolean {
  if (!current) return true;
  if (RANK[kind] < RANK[current.kind]) return false;
  return RANK[kind] > RANK[current.kind] || endsAt.getTime() > Date.parse(current.ends_at);
}

async function start(
  db: DbOrTx,
  userId: number,
  kind: Kind,
  endsAt: Date,
  now: Date,
  detail: string,
  origin?: RequestOrigin,
): Promise<Restriction> {
  return db.transaction(async (tx) => {
    // The row locked (or created) first: two asks at once are judged one after the other.
    await tx.insert(bettorProtection).values({ userId, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(bettorProtection)
      .where(eq(bettorProtection.userId, userId))
      .for('update');
    const current = restrictionAt(row, now);
    if (!mayStart(current, kind, endsAt)) {
      const what = current!.kind === 'BREAK' ? 'a break' : 'a self-exclusion';
      throw new AppError(
        409,
        current!.kind === 'BREAK' ? 'ACCOUNT_ON_BREAK' : 'SELF_EXCLUDED',
        `You are already on ${what} until ${istText(current!.ends_at)}: it can only be made longer${current!.kind === 'BREAK' ? ' (or turned into a self-exclusion)' : ''}`,
        {},
        { kind: current!.kind, ends_at: current!.ends_at },
      );
    }
    const fields = {
      restrictionKind: kind,
      restrictionStartedAt: now,
      restrictionEndsAt: endsAt,
      reopenAskedAt: null,
      updatedAt: now,
    };
    await tx.update(bettorProtection).set(fields).where(eq(bettorProtection.userId, userId));
    await recordActivity(
      tx,
      { userId, kind: kind === 'BREAK' ? 'BREAK_TAKEN' : 'SELF_EXCLUDED', origin, detail },
      now,
    );
    return restrictionAt({ ...row!, ...fields }, now)!;
  });
}

/** A break of `days` from now; it ends by itself. */
export function takeBreak(db: DbOrTx, userId: number, days: number, now: Date, origin?: RequestOrigin) {
  const endsAt = new Date(now.getTime() + days * DAY_MS);
  return start(db, userId, 'BREAK', endsAt, now, `${days} days, until ${endsAt.toISOString()}`, origin);
}

/** A self-exclusion of `months` calendar months from now. The caller has checked the password. */
export function selfExclude(db: DbOrTx, userId: number, months: number, now: Date, origin?: RequestOrigin) {
  const endsAt = addMonthsUtc(now, months);
  return start(
    db,
    userId,
    'SELF_EXCLUSION',
    endsAt,
    now,
    `${months} months, until ${endsAt.toISOString()}`,
    origin,
  );
}

/**
 * The bettor asks for his account to reopen after his self-exclusion's term: it reopens 24 hours
 * later. Refused (409 REOPEN_NOT_ALLOWED) before the term ends, with no self-exclusion, or when
 * already asked (a second ask would not move the time).
 */
export async function askReopen(
  db: DbOrTx,
  userId: number,
  now: Date,
  origin?: RequestOrigin,
): Promise<Restriction> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bettorProtection)
      .where(eq(bettorProtection.userId, userId))
      .for('update');
    const current = restrictionAt(row, now);
    const refuse = (message: string) =>
      new AppError(409, 'REOPEN_NOT_ALLOWED', message, {}, { restriction: current });
    if (!current) throw refuse('Your account is not self-excluded: there is nothing to reopen');
    if (current.kind === 'BREAK')
      throw refuse(`A break cannot be ended early: it ends by itself at ${istText(current.ends_at)}`);
    if (Date.parse(current.ends_at) > now.getTime()) {
      throw refuse(
        `Your self-exclusion cannot be ended early: you may ask to reopen from ${istText(current.ends_at)}`,
      );
    }
    if (current.reopens_at !== null)
      throw refuse(`You have already asked: your account reopens at ${istText(current.reopens_at)}`);
    await tx
      .update(bettorProtection)
      .set({ reopenAskedAt: now, updatedAt: now })
      .where(eq(bettorProtection.userId, userId));
    const after = restrictionAt({ ...row!, reopenAskedAt: now }, now)!;
    await recordActivity(
      tx,
      { userId, kind: 'REOPEN_ASKED', origin, detail: `reopens at ${after.reopens_at}` },
      now,
    );
    return after;
  });
}
