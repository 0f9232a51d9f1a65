/**
 * A bettor's break or self-exclusion, pure (safer-gambling.md): a break ends by itself at its
 * end; a self-exclusion holds through its term and after it until 24 hours after the bettor asks
 * to reopen. Nobody ends either early.
 */
import { REOPEN_WAIT_MS, type Restriction } from '@exchange/contracts';

export interface ProtectionRow {
  restrictionKind: 'BREAK' | 'SELF_EXCLUSION' | null;
  restrictionStartedAt: Date | null;
  restrictionEndsAt: Date | null;
  reopenAskedAt: Date | null;
}

/** The restriction in force at `now` (null: none). */
export function restrictionAt(row: ProtectionRow | undefined, now: Date): Restriction | null {
  if (!row?.restrictionKind || !row.restrictionStartedAt || !row.restrictionEndsAt) return null;
  const t = now.getTime();
  const reopensAt = row.reopenAskedAt ? new Date(row.reopenAskedAt.getTime() + REOPEN_WAIT_MS) : null;
  const inForce =
    row.restrictionKind === 'BREAK'
      ? t < row.restrictionEndsAt.getTime()
      : t < row.restrictionEndsAt.getTime() || reopensAt === null || t < reopensAt.getTime();
  if (!inForce) return null;
  return {
    kind: row.restrictionKind,
    started_at: row.restrictionStartedAt.toISOString(),
    ends_at: row.restrictionEndsAt.toISOString(),
    reopen_asked_at: row.reopenAskedAt?.toISOString() ?? null,
    reopens_at: reopensAt?.toISOString() ?? null,
  };
}
