/**
 * The gate every path that moves money toward gambling passes (issue 25, ADR 58): a bet, a casino
 * launch or stake, a deposit request, chips from an agent. One read of the bettor's protection
 * row by its primary key; a bet reads the copy that came with the session instead, so the hot
 * bet path adds no query and bets that arrive together still reach the market in arrival order.
 * Withdrawals, statements, cancels and cash outs never call it: they take money out of play.
 */
import { eq } from 'drizzle-orm';
import { IST_OFFSET_MS, type Restriction } from '@exchange/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { bettorProtection } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { restrictionAt, type ProtectionRow } from './protection.ts';

/** The break or self-exclusion in force on the user at `now` (null: none). */
export async function restrictionOf(db: DbOrTx, userId: number, now: Date): Promise<Restriction | null> {
  const [row] = await db
    .select({
      restrictionKind: bettorProtection.restrictionKind,
      restrictionStartedAt: bettorProtection.restrictionStartedAt,
      restrictionEndsAt: bettorProtection.restrictionEndsAt,
      reopenAskedAt: bettorProtection.reopenAskedAt,
    })
    .from(bettorProtection)
    .where(eq(bettorProtection.userId, userId));
  return restrictionAt(row, now);
}

/** "2026-12-04 18:30 IST": the bettor's own clock, as the site shows every time. */
export const istText = (iso: string) =>
  `${new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} IST`;

/**
 * The refusal for a restriction in force, worded for the bettor himself ('own') or for the agent
 * sending him chips ('user').
 */
export function restrictionRefusal(r: Restriction, now: Date, whose: 'own' | 'user' = 'own'): AppError {
  const details = { kind: r.kind, ends_at: r.ends_at, reopens_at: r.reopens_at };
  if (r.kind === 'BREAK') {
    const until = istText(r.ends_at);
    return new AppError(
      403,
      'ACCOUNT_ON_BREAK',
      whose === 'own'
        ? `You are on a break until ${until}: no bets, casino or deposits until then. Your statements and withdrawals still work.`
        : `This user is on a break until ${until}: no chips, bets, casino or deposits until then`,
      {},
      details,
    );
  }
  const term =
    r.reopens_at !== null
      ? `; the account reopens at ${istText(r.reopens_at)}`
      : Date.parse(r.ends_at) > now.getTime()
        ? ` until ${istText(r.ends_at)}`
        : ` (the term ended at ${istText(r.ends_at)}; the account reopens 24 hours after ${whose === 'own' ? 'you ask' : 'the user asks'})`;
  return new AppError(
    403,
    'SELF_EXCLUDED',
    whose === 'own'
      ? `You have excluded yourself${term}: no bets, casino or deposits. Your statements and withdrawals still work.`
      : `This user is self-excluded${term}: no chips, bets, casino or deposits`,
    {},
    details,
  );
}

/** Refuses (403 ACCOUNT_ON_BREAK or SELF_EXCLUDED) when a break or self-exclusion is in force. */
export async function assertMayGamble(
  db: DbOrTx,
  userId: number,
  now: Date,
  whose: 'own' | 'user' = 'own',
): Promise<void> {
  const restriction = await restrictionOf(db, userId, now);
  if (restriction) throw restrictionRefusal(restriction, now, whose);
}

/**
 * The same refusal from the protection row the session carries (AuthUser.protection): no query.
 * Starting a restriction or asking to reopen drops the user's cached sessions, so the copy is the
 * row as committed; a break's end is read from its times here.
 */
export function assertSessionMayGamble(protection: ProtectionRow | null, now: Date): void {
  const restriction = restrictionAt(protection ?? undefined, now);
  if (restriction) throw restrictionRefusal(restriction, now);
}
