/**
 * The operator's audit log (ADR 36): one row per operator action that changed something, with
 * who acted, from where, what it was done to, a sentence for the screen and the changed
 * object's fields before and after. Written in the action's own transaction, so an action and
 * its row commit together and a refused action leaves none.
 */
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditLogPage, AuditLogRequest, AuditRow } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { istDayRange } from '@exchange/contracts';
import { originOf } from '../activity.ts';
import type { AuthUser } from '../sessions.ts';

/** Who acts, from which address, and when (the request's time). */
export interface AuditActor {
  actorId: number;
  ip: string;
  at: Date;
}

export function auditActor(user: Pick<AuthUser, 'userId'>, request: Pick<FastifyRequest, 'ip' | 'headers'>, at: Date): AuditActor {
  return { actorId: user.userId, ip: originOf(request).ip, at };
}

export type AuditFields = Record<string, unknown>;

export interface AuditEntry {
  action: AuditAction;
  /** 'market', 'match', 'sport', 'series', 'race', 'bet', 'settings', 'casino_game'. */
  targetType: string;
  targetId: string | number;
  /** A sentence for the screen: "Declared India the winner — Cricket / India v Australia / Match Odds". */
  summary: string;
  /** The object's changed fields before (null: it did not exist) and after. */
  before: AuditFields | null;
  after: AuditFields | null;
}

export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    summary: entry.summary,
    before: entry.before,
    after: entry.after,
    ip: actor.ip,
    createdAt: actor.at,
  });
}

/** The validated request (the contract's AuditLogRequest with its defaults applied). */
export type AuditLogQuery = Omit<AuditLogRequest, 'page' | 'limit'> & { page: number; limit: number };

/**
 * One page of the log, newest first: by action, by text in the target (its summary or id) or
 * the actor's name, and by IST days (inclusive).
 */
export async function auditLogPage(db: DbOrTx, q: AuditLogQuery): Promise<AuditLogPage> {
  const where: SQL[] = [];
  if (q.action) where.push(eq(auditLog.action, q.action));
  const search = q.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    where.push(or(ilike(auditLog.summary, pattern), ilike(auditLog.targetId, pattern), ilike(users.userName, pattern))!);
  }
  if (q.from_date) where.push(gte(auditLog.createdAt, istDayRange(q.from_date).start));
  if (q.to_date) where.push(lt(auditLog.createdAt, istDayRange(q.to_date).end));
  const filter = and(...where);
  // Every row has its actor (a foreign key), so the count joins the users only to search their
  // names: over a day's rows the join cost more than the count itself (ADR 43).
  const counted = db.select({ total: count() }).from(auditLog);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ row: auditLog, actorName: users.userName })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(filter)
      .orderBy(desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    search ? counted.innerJoin(users, eq(users.id, auditLog.actorId)).where(filter) : counted.where(filter),
  ]);
  return {
    rows: rows.map(
      ({ row, actorName }): AuditRow => ({
        id: row.id,
        at: row.createdAt.toISOString(),
        actor_id: row.actorId,
        actor_name: actorName,
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        summary: row.summary,
        before: (row.before as AuditFields | null) ?? null,
        after: (row.after as AuditFields | null) ?? null,
        ip: row.ip,
      }),
    ),
    total: Number(totals?.total ?? 0),
    page: q.page,
    limit: q.limit,
  };
}

// ---- sentences ---------------------------------------------------------------------------------

const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹1,00,000.00 */
export const rupeesText = (rupees: number) => `₹${INR.format(rupees)}`;

/** How a field's value reads in a sentence. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 37)}...` : value;
  return String(value);
}

/**
 * "max stake ₹5,00,000.00 → ₹1,00,000.00, hidden": the fields that differ between before and
 * after, with their labels; `is_active` reads as shown / hidden. Empty when nothing differs.
 */
export function changesText(before: AuditFields, after: AuditFields, labels: Record<string, string>, money: readonly string[] = []): string {
  const parts: string[] = [];
  for (const [key, label] of Object.entries(labels)) {
    const a = before[key];
    const b = after[key];
    if (sameValue(a, b)) continue;
    if (key === 'is_active') parts.push(b ? 'shown' : 'hidden');
    else if (typeof b === 'boolean') parts.push(b ? label : `not ${label}`);
    else {
      const fmt = (v: unknown) => (money.includes(key) && typeof v === 'number' ? rupeesText(v) : valueText(v));
      parts.push(`${label} ${fmt(a)} → ${fmt(b)}`);
    }
  }
  return parts.join(', ');
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields of `after` that differ from `before`, each side: what an edit's audit row keeps. */
export function changedFields(before: AuditFields, after: AuditFields): { before: AuditFields; after: AuditFields } {
  const out = { before: {} as AuditFields, after: {} as AuditFields };
  for (const key of Object.keys(after)) {
    if (sameValue(before[key], after[key])) continue;
    out.before[key] = before[key] ?? null;
    out.after[key] = after[key];
  }
  return out;
}
