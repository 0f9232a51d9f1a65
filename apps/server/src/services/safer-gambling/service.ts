/**
 * A bettor's own deposit and loss limits (issue 25, ADR 58): read with what is left of each over
 * its rolling period, asked for (tighter at once, looser after the cooling-off and a confirmation),
 * and the deposit check every deposit request passes. Every change is in the activity log.
 */
import { and, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import {
  LIMIT_PERIOD_MS,
  LimitKind,
  LimitPeriod,
  type LimitView,
  type SaferGambling,
  type SetRealityCheckRequest,
} from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import type { DbOrTx } from '../../db/client.ts';
import {
  bettorLimits,
  bettorProtection,
  casinoTransactions,
  ledgerAccounts,
  paymentRequests,
  settlementResults,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordActivity, type RequestOrigin } from '../activity.ts';
import { resultNetPaise } from '../betting/index.ts';
import { agentLimitsRow, agentLimitsView } from './agent-limits.ts';
import { askLimit, confirmableAt, confirmLimit, NO_LIMIT, type LimitState } from './limits.ts';
import { restrictionAt } from './protection.ts';

const PERIODS = LimitPeriod.options;
const KINDS = LimitKind.options;
const rupees = (paise: number) => `₹${paiseToRupees(paise).toLocaleString('en-IN')}`;
const periodWord: Record<LimitPeriod, string> = { DAY: '24 hours', WEEK: '7 days', MONTH: '30 days' };

type Row = typeof bettorLimits.$inferSelect;
const stateOf = (row: Row | undefined): LimitState =>
  row
    ? { amountPaise: row.amountPaise, pendingAmountPaise: row.pendingAmountPaise, pendingAt: row.pendingAt }
    : NO_LIMIT;

/** What counts against a limit over a period: its sum and when its oldest part leaves the period. */
export interface Usage {
  usedPaise: number;
  oldestAt: Date | null;
}

/** Deposits asked for in the period, those not rejected (a pending one will be credited). */
async function depositUsage(db: DbOrTx, userId: number, since: Date): Promise<Usage> {
  const [row] = await db
    .select({
      used: sql<string | null>`sum(${paymentRequests.amountPaise})`,
      oldest: sql<Date | string | null>`min(${paymentRequests.createdAt})`,
    })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.userId, userId),
        eq(paymentRequests.kind, 'DEPOSIT'),
        ne(paymentRequests.status, 'REJECTED'),
        gte(paymentRequests.createdAt, since),
      ),
    );
  return { usedPaise: Number(row?.used ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null };
}

/** Net loss over the period: settled markets (standing results) and settled casino rounds. */
export async function lossUsage(db: DbOrTx, userId: number, since: Date): Promise<Usage> {
  const [sports] = await db
    .select({
      net: sql<string | null>`sum(${resultNetPaise})`,
      oldest: sql<Date | string | null>`min(${settlementResults.settledAt})`,
    })
    .from(settlementResults)
    .where(
      and(
        eq(settlementResults.userId, userId),
        isNull(settlementResults.rolledBackAt),
        gte(settlementResults.settledAt, since),
      ),
    );
  const [casino] = await db
    .select({
      net: sql<string | null>`sum(${casinoTransactions.returnedPaise} - ${casinoTransactions.amountPaise})`,
      oldest: sql<Date | string | null>`min(${casinoTransactions.settledAt})`,
    })
    .from(casinoTransactions)
    .where(
      and(
        eq(casinoTransactions.userId, userId),
        eq(casinoTransactions.kind, 'debit'),
        eq(casinoTransactions.betState, 'settled'),
        gte(casinoTransactions.settledAt, since),
      ),
    );
  const net = Number(sports?.net ?? 0) + Number(casino?.net ?? 0);
  const oldest = [sports?.oldest, casino?.oldest].filter((d) => d != null).map((d) => new Date(d!));
  return {
    usedPaise: Math.max(0, -net),
    oldestAt: oldest.length > 0 ? new Date(Math.min(...oldest.map((d) => d.getTime()))) : null,
  };
}

/** What is at risk now and not yet in the net loss: open bets' exposure and open casino stakes. */
export async function atRiskPaise(db: DbOrTx, userId: number, sportsExposurePaise?: number): Promise<number> {
  let exposure = sportsExposurePaise;
  if (exposure === undefined) {
    const [account] = await db
      .select({ exposure: ledgerAccounts.exposurePaise })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    exposure = account?.exposure ?? 0;
  }
  const [casino] = await db
    .select({ open: sql<string | number | null>`sum(${casinoTransactions.amountPaise})` })
    .from(casinoTransactions)
    .where(
      and(
        eq(casinoTransactions.userId, userId),
        eq(casinoTransactions.kind, 'debit'),
        eq(casinoTransactions.status, 'OK'),
        eq(casinoTransactions.betState, 'open'),
      ),
    );
  return exposure + Number(casino?.open ?? 0);
}

const usageOf = (db: DbOrTx, userId: number, kind: LimitKind, period: LimitPeriod, now: Date) =>
  (kind === 'DEPOSIT' ? depositUsage : lossUsage)(
    db,
    userId,
    new Date(now.getTime() - LIMIT_PERIOD_MS[period]),
  );

/**
 * `atRiskPaise`: for a loss limit, what may still be lost on open bets and casino rounds. It is
 * taken off what is left as the bet path takes it off (a refusal and the page agree).
 */
function limitView(kind: LimitKind, period: LimitPeriod, state: LimitState, usage: Usage, atRiskPaise: number): LimitView {
  const at = confirmableAt(state);
  const counted = usage.usedPaise + (kind === 'LOSS' ? atRiskPaise : 0);
  return {
    kind,
    period,
    amount: state.amountPaise === null ? null : paiseToRupees(state.amountPaise),
    left: state.amountPaise === null ? null : paiseToRupees(Math.max(0, state.amountPaise - counted)),
    used: paiseToRupees(usage.usedPaise),
    ...(kind === 'LOSS' ? { at_risk: paiseToRupees(atRiskPaise) } : {}),
    rolls_at: usage.oldestAt
      ? new Date(usage.oldestAt.getTime() + LIMIT_PERIOD_MS[period]).toISOString()
      : null,
    pending:
      state.pendingAt === null || at === null
        ? null
        : {
            amount: state.pendingAmountPaise === null ? null : paiseToRupees(state.pendingAmountPaise),
            asked_at: state.pendingAt.toISOString(),
            confirmable_at: at.toISOString(),
          },
  };
}

/** `lock`: the rows held until the transaction ends (two deposits at once are checked in turn). */
async function rowsOf(db: DbOrTx, userId: number, lock = false): Promise<Map<string, Row>> {
  const query = db.select().from(bettorLimits).where(eq(bettorLimits.userId, userId));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [`${r.kind}:${r.period}`, r]));
}

/** Every limit of the bettor's, with what is left of each now. */
export async function saferGambling(db: DbOrTx, userId: number, now: Date): Promise<SaferGambling> {
  const rows = await rowsOf(db, userId);
  const atRisk = await atRiskPaise(db, userId);
  const limits: LimitView[] = [];
  for (const kind of KINDS)
    for (const period of PERIODS)
      limits.push(
        limitView(
          kind,
          period,
          stateOf(rows.get(`${kind}:${period}`)),
          await usageOf(db, userId, kind, period, now),
          atRisk,
        ),
      );
  const depositLeft = limits.filter((l) => l.kind === 'DEPOSIT' && l.left !== null).map((l) => l.left!);
  const [protection] = await db.select().from(bettorProtection).where(eq(bettorProtection.userId, userId));
  return {
    agent_limits: agentLimitsView(await agentLimitsRow(db, userId)),
    limits,
    deposit_left: depositLeft.length > 0 ? Math.min(...depositLeft) : null,
    reality_check_minutes: protection?.realityCheckMinutes ?? null,
    restriction: restrictionAt(protection, now),
  };
}

/** The bettor's reality check interval (null: off), recorded in the activity log. */
export async function setRealityCheck(
  db: DbOrTx,
  userId: number,
  minutes: SetRealityCheckRequest['minutes'],
  now: Date,
  origin?: RequestOrigin,
): Promise<SetRealityCheckRequest> {
  await db.transaction(async (tx) => {
    await tx
      .insert(bettorProtection)
      .values({ userId, realityCheckMinutes: minutes, updatedAt: now })
      .onConflictDoUpdate({
        target: bettorProtection.userId,
        set: { realityCheckMinutes: minutes, updatedAt: now },
      });
    const detail = minutes === null ? 'off' : `every ${minutes} minutes`;
    await recordActivity(tx, { userId, kind: 'REALITY_CHECK_SET', origin, detail }, now);
  });
  return { minutes };
}

async function write(
  db: DbOrTx,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
  state: LimitState,
  now: Date,
): Promise<void> {
  await db
    .insert(bettorLimits)
    .values({ userId, kind, period, ...state, updatedAt: now })
    .onConflictDoUpdate({
      target: [bettorLimits.userId, bettorLimits.kind, bettorLimits.period],
      set: { ...state, updatedAt: now },
    });
}

const amountText = (paise: number | null) => (paise === null ? 'none' : rupees(paise));

/** The bettor asks for a limit (null: none) of a kind and period. */
export async function setLimit(
  db: DbOrTx,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
  amountPaise: number | null,
  now: Date,
  origin?: RequestOrigin,
): Promise<LimitView> {
  return db.transaction(async (tx) => {
    // The row locked (or created) first: two asks at once apply one after the other.
    await tx.insert(bettorLimits).values({ userId, kind, period, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(bettorLimits)
      .where(
        and(eq(bettorLimits.userId, userId), eq(bettorLimits.kind, kind), eq(bettorLimits.period, period)),
      )
      .for('update');
    const before = stateOf(row);
    const after = askLimit(before, amountPaise, now);
    await write(tx, userId, kind, period, after, now);
    const what = `${kind === 'DEPOSIT' ? 'deposit' : 'loss'} limit per ${periodWord[period]}`;
    const detail =
      after.pendingAt !== null
        ? `${what} ${amountText(after.pendingAmountPaise)} asked (in force: ${amountText(after.amountPaise)}; may be confirmed from ${confirmableAt(after)!.toISOString()})`
        : `${what} ${amountText(after.amountPaise)} in force`;
    await recordActivity(tx, { userId, kind: 'LIMIT_CHANGED', origin, detail }, now);
    return limitView(
      kind,
      period,
      after,
      await usageOf(tx, userId, kind, period, now),
      kind === 'LOSS' ? await atRiskPaise(tx, userId) : 0,
    );
  });
}

/** The bettor confirms a looser limit asked for at least the cooling-off ago. */
export async function confirmAskedLimit(
  db: DbOrTx,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
  now: Date,
  origin?: RequestOrigin,
): Promise<LimitView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bettorLimits)
      .where(
        and(eq(bettorLimits.userId, userId), eq(bettorLimits.kind, kind), eq(bettorLimits.period, period)),
      )
      .for('update');
    const before = stateOf(row);
    const after = confirmLimit(before, now);
    if (!after) {
      const at = confirmableAt(before);
      throw new AppError(
        409,
        'LIMIT_NOT_CONFIRMABLE',
        at === null
          ? 'No change of this limit is waiting to be confirmed'
          : `This change can be confirmed from ${at.toISOString()}`,
        {},
        { confirmable_at: at?.toISOString() ?? null },
      );
    }
    await write(tx, userId, kind, period, after, now);
    const what = `${kind === 'DEPOSIT' ? 'deposit' : 'loss'} limit per ${periodWord[period]}`;
    await recordActivity(
      tx,
      {
        userId,
        kind: 'LIMIT_CHANGED',
        origin,
        detail: `${what} ${amountText(after.amountPaise)} confirmed, in force`,
      },
      now,
    );
    return limitView(
      kind,
      period,
      after,
      await usageOf(tx, userId, kind, period, now),
      kind === 'LOSS' ? await atRiskPaise(tx, userId) : 0,
    );
  });
}

/**
 * A deposit request of `amountPaise` passes the bettor's deposit limits: the lowest of what is
 * left over each period decides. Refused with what is left and when the period rolls. Call it in
 * the transaction that records the request: the limit rows stay locked until it commits.
 */
export async function checkDepositLimit(
  db: DbOrTx,
  userId: number,
  amountPaise: number,
  now: Date,
): Promise<void> {
  const rows = await rowsOf(db, userId, true);
  for (const period of PERIODS) {
    const state = stateOf(rows.get(`DEPOSIT:${period}`));
    if (state.amountPaise === null) continue;
    const usage = await depositUsage(db, userId, new Date(now.getTime() - LIMIT_PERIOD_MS[period]));
    const left = Math.max(0, state.amountPaise - usage.usedPaise);
    if (amountPaise <= left) continue;
    const rollsAt = usage.oldestAt ? new Date(usage.oldestAt.getTime() + LIMIT_PERIOD_MS[period]) : null;
    throw new AppError(
      400,
      'DEPOSIT_LIMIT_REACHED',
      `Your deposit limit of ${rupees(state.amountPaise)} per ${periodWord[period]} leaves ${rupees(left)} now${rollsAt ? `; more is free from ${rollsAt.toISOString()}` : ''}`,
      {},
      { left: paiseToRupees(left), period, rolls_at: rollsAt?.toISOString() ?? null },
    );
  }
}
