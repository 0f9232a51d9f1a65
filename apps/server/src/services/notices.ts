/**
 * Notices a user sees once on next load (ADR 35): written in the transaction of the action
 * they tell of (a voided bet), read by their owner only, and marked seen by their owner only.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { UserNotice } from '@exchange/contracts';
import type { DbOrTx } from '../db/client.ts';
import { userNotices } from '../db/schema/index.ts';

/** At most this many unseen notices are answered at once (the oldest first); the rest come after. */
const NOTICES_MAX = 100;

export type NoticeKind = 'BET_VOIDED';

export async function addNotice(
  db: DbOrTx,
  notice: { userId: number; kind: NoticeKind; message: string },
  at: Date,
): Promise<void> {
  await db.insert(userNotices).values({ ...notice, createdAt: at });
}

/** The user's unseen notices, oldest first. */
export async function unseenNotices(db: DbOrTx, userId: number): Promise<UserNotice[]> {
  const rows = await db
    .select()
    .from(userNotices)
    .where(and(eq(userNotices.userId, userId), isNull(userNotices.seenAt)))
    .orderBy(asc(userNotices.id))
    .limit(NOTICES_MAX);
  return rows.map((n) => ({
    id: n.id,
    kind: n.kind,
    message: n.message,
    created_at: n.createdAt.toISOString(),
  }));
}

/** Marks the user's own notices among `ids` seen; ids of anyone else's notices change nothing. */
export async function markNoticesSeen(
  db: DbOrTx,
  userId: number,
  ids: readonly number[],
  at: Date,
): Promise<void> {
  await db
    .update(userNotices)
    .set({ seenAt: at })
    .where(
      and(
        eq(userNotices.userId, userId),
        inArray(userNotices.id, [...new Set(ids)]),
        isNull(userNotices.seenAt),
      ),
    );
}
