/**
 * The notifications table and the bettor's settings: storing (only the kinds the user receives,
 * once per user and event key), the caller's page, marking read, and the settings. Every read and
 * write is scoped to one user, the caller's.
 */
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ALWAYS_SENT_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  type BettorSettings,
  type Notification,
  type NotificationKind,
  type NotificationsPage,
  type NotificationsRead,
  type UpdateBettorSettings,
} from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, userSettings } from '../../db/schema/index.ts';

/** A notification to store: what happened, for whom, and the event's key (once per user). */
export interface NotificationDraft {
  userId: number;
  kind: NotificationKind;
  /** Names the event: the same event told again has the same key and is stored once. */
  eventKey: string;
  title: string;
  message: string;
  marketId?: number | null;
  matchId?: number | null;
  amountPaise?: number | null;
}

/** A notification stored for its user: what the live push sends to the user's sockets. */
export interface StoredNotification {
  userId: number;
  notification: Notification;
}

/** Rows written per statement (9 parameters each: well inside the protocol's 65,535). */
const INSERT_CHUNK = 500;

const DEFAULT_SETTINGS: BettorSettings = {
  confirm_cash_out: true,
  notification_kinds: [...NOTIFICATION_KINDS],
};

type NotificationRow = typeof notifications.$inferSelect;

function view(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    message: row.message,
    market_id: row.marketId,
    match_id: row.matchId,
    amount: row.amountPaise === null ? null : paiseToRupees(row.amountPaise),
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Stores the drafts whose kind their user receives, each once per (user, event key): a draft
 * whose key is stored already is left out. Returns those stored now, oldest first.
 */
export async function storeNotifications(
  db: DbOrTx,
  drafts: readonly NotificationDraft[],
  at: Date,
): Promise<StoredNotification[]> {
  // The first draft of each (user, event key): a round may hear one event twice.
  const unique = new Map<string, NotificationDraft>();
  for (const d of drafts) {
    const key = `${d.userId} ${d.eventKey}`;
    if (!unique.has(key)) unique.set(key, d);
  }
  if (unique.size === 0) return [];
  const userIds = [...new Set([...unique.values()].map((d) => d.userId))];
  const muted = new Map(
    (
      await db
        .select({ userId: userSettings.userId, muted: userSettings.mutedKinds })
        .from(userSettings)
        .where(inArray(userSettings.userId, userIds))
    ).map((s) => [s.userId, new Set(s.muted)]),
  );
  const wanted = [...unique.values()].filter(
    (d) => ALWAYS_SENT_NOTIFICATION_KINDS.includes(d.kind) || !(muted.get(d.userId)?.has(d.kind) ?? false),
  );
  const stored: StoredNotification[] = [];
  for (let i = 0; i < wanted.length; i += INSERT_CHUNK) {
    const rows = await db
      .insert(notifications)
      .values(
        wanted.slice(i, i + INSERT_CHUNK).map((d) => ({
          userId: d.userId,
          kind: d.kind,
          eventKey: d.eventKey,
          title: d.title,
          message: d.message,
          marketId: d.marketId ?? null,
          matchId: d.matchId ?? null,
          amountPaise: d.amountPaise ?? null,
          createdAt: at,
        })),
      )
      .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
      .returning();
    for (const row of rows.sort((a, b) => a.id - b.id))
      stored.push({ userId: row.userId, notification: view(row) });
  }
  return stored;
}

async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** The user's notifications, newest first, a page at a time, with the total and the unread count. */
export async function notificationsPage(
  db: DbOrTx,
  userId: number,
  request: { page: number; limit: number },
): Promise<NotificationsPage> {
  const { page, limit } = request;
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ]);
  return {
    rows: rows.map(view),
    total: Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
    page,
    limit,
  };
}

/**
 * Marks the user's notifications read: those among `ids` (ids of anyone else's mark nothing), or
 * all of them without ids. Answers how many it marked and how many are left unread.
 */
export async function markNotificationsRead(
  db: DbOrTx,
  userId: number,
  ids: readonly number[] | undefined,
  at: Date,
): Promise<NotificationsRead> {
  const marked = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === undefined ? undefined : inArray(notifications.id, [...new Set(ids)]),
      ),
    )
    .returning({ id: notifications.id });
  return { marked: marked.length, unread: await unreadCount(db, userId) };
}

/** The kinds in the contracts' order, each once. */
const canonicalKinds = (kinds: readonly NotificationKind[]): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((k) => kinds.includes(k));
/** The kinds received: every kind but the muted ones. */
const receivedKinds = (muted: readonly NotificationKind[]): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((k) => ALWAYS_SENT_NOTIFICATION_KINDS.includes(k) || !muted.includes(k));

/** The user's own settings (the defaults without a row). */
export async function bettorSettings(db: DbOrTx, userId: number): Promise<BettorSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return { ...DEFAULT_SETTINGS, notification_kinds: [...DEFAULT_SETTINGS.notification_kinds] };
  return { confirm_cash_out: row.confirmCashOut, notification_kinds: receivedKinds(row.mutedKinds) };
}

/** Changes the fields given of the user's settings (a row made with the defaults for the rest); answers them all. */
export async function updateBettorSettings(
  db: DbOrTx,
  userId: number,
  change: {
    confirm_cash_out?: boolean | undefined;
    notification_kinds?: UpdateBettorSettings['notification_kinds'];
  },
  at: Date,
): Promise<BettorSettings> {
  const fields: Partial<typeof userSettings.$inferInsert> = {};
  if (change.confirm_cash_out !== undefined) fields.confirmCashOut = change.confirm_cash_out;
  if (change.notification_kinds !== undefined)
    fields.mutedKinds = NOTIFICATION_KINDS.filter(
      (k) => !ALWAYS_SENT_NOTIFICATION_KINDS.includes(k) && !canonicalKinds(change.notification_kinds!).includes(k),
    );
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...fields, updatedAt: at })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...fields, updatedAt: at } })
    .returning();
  return {
    confirm_cash_out: row!.confirmCashOut,
    notification_kinds: receivedKinds(row!.mutedKinds),
  };
}

/** A system account (the feed's market maker) receives no notification: its settings say so, once. */
export async function muteNotifications(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, mutedKinds: [...NOTIFICATION_KINDS], updatedAt: at })
    .onConflictDoUpdate({ target: userSettings.userId, set: { mutedKinds: [...NOTIFICATION_KINDS], updatedAt: at } });
}
