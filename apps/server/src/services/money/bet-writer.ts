/**
 * Writing one accepted bet: the order, its fills, the makers' orders, every affected user's
 * market exposure and account reservation, and the market's version, all or nothing. The
 * service has matched the bet in memory against the book of version `expectVersion`; the write
 * succeeds only if the market is still at that version (else 'stale': reload and match again)
 * and the taker can afford the exposure (else 'funds').
 *
 * Two implementations with the same contract: `writeBetTransaction` (one transaction, market row
 * locked first, then accounts in id order: the obviously correct one) and `writeBetStatement`
 * (bet-statement.ts: the same work as one data-modifying statement, one round trip).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fills, ledgerAccounts, marketPositions, markets, orders } from '../../db/schema/index.ts';
import { lockBetAccounts, updateMakerOrder } from './bet-shared.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<OrderRow, 'outcome' | 'pnlPaise' | 'settledAt' | 'cashOutId'> & {
  /** The cash out the bet is a leg of (bet-legs.ts); absent for an ordinary bet. */
  cashOutId?: number | null;
};

export interface FillWrite {
  makerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  selectionId: number;
  takerSide: 'BACK' | 'LAY';
  price: number;
  sizePaise: number;
}

export interface MakerWrite {
  orderId: number;
  matchedDeltaPaise: number;
  valueDelta: number;
  /** Nothing of the order is left unmatched after this bet. */
  filledOut: boolean;
}

export interface ExposureWrite {
  userId: number;
  accountId: number;
  beforePaise: number;
  afterPaise: number;
}

export interface BetPlan {
  marketId: number;
  expectVersion: number;
  order: NewOrder;
  fills: FillWrite[];
  makers: MakerWrite[];
  /** The taker's first, then the makers' (each user once). */
  exposures: ExposureWrite[];
  at: Date;
}

export type WriteResult =
  | { kind: 'ok'; balancePaise: number; exposurePaise: number }
  | { kind: 'stale' }
  /** Refused: the taker cannot afford it. versionBumped: the market's version moved on by one with nothing else written. */
  | { kind: 'funds'; versionBumped: boolean }
  | { kind: 'duplicate'; existing: OrderRow; versionBumped: boolean };

export type BetWriter = (db: DbOrTx, plan: BetPlan) => Promise<WriteResult>;

export async function orderByClientRef(
  db: DbOrTx,
  userId: number,
  clientRef: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.clientRef, clientRef)));
  return row;
}

/** The SQLSTATE of a database error, whether the driver error is wrapped (drizzle) or not. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Postgres unique violation. */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

export const writeBetTransaction: BetWriter = async (db, plan) => {
  try {
    return await db.transaction(async (tx): Promise<WriteResult> => {
      const [market] = await tx
        .select({ version: markets.version })
        .from(markets)
        .where(eq(markets.id, plan.marketId))
        .for('update');
      if (!market || market.version !== plan.expectVersion) return { kind: 'stale' };
      const { order } = plan;
      if (order.clientRef) {
        const existing = await orderByClientRef(tx, order.userId, order.clientRef);
        if (existing) return { kind: 'duplicate', existing, versionBumped: false };
      }
      const funds = await lockBetAccounts(
        tx,
        plan.exposures.map((e) => e.accountId),
        plan.exposures[0]!,
      );
      if (funds.kind === 'funds') return { kind: 'funds', versionBumped: false };

      const newVersion = plan.expectVersion + 1;
      await insertBetPlan(tx, plan, newVersion);
      await tx.update(markets).set({ version: newVersion }).where(eq(markets.id, plan.marketId));
      return funds;
    });
  } catch (error) {
    // A concurrent request with the same client_ref committed first.
    if (plan.order.clientRef && isUniqueViolation(error)) {
      const existing = await orderByClientRef(db, plan.order.userId, plan.order.clientRef);
      if (existing) return { kind: 'duplicate', existing, versionBumped: false };
    }
    throw error;
  }
};

/**
 * The rows of an accepted bet (the order, its fills, the makers' orders, every user's market
 * exposure and account reservation), inside a transaction that holds the market row and has
 * checked the version and the taker's funds; `seq` is the market version the fills belong to.
 */
export async function insertBetPlan(tx: DbOrTx, plan: BetPlan, seq: number): Promise<void> {
  const { order } = plan;
  await tx.insert(orders).values(order);
  if (plan.fills.length > 0) {
    await tx.insert(fills).values(
      plan.fills.map((f) => ({
        ...f,
        marketId: plan.marketId,
        takerOrderId: order.id,
        seq,
        createdAt: plan.at,
      })),
    );
  }
  for (const m of plan.makers) await updateMakerOrder(tx, m);
  for (const e of plan.exposures) {
    await tx
      .insert(marketPositions)
      .values({ marketId: plan.marketId, userId: e.userId, exposurePaise: e.afterPaise })
      .onConflictDoUpdate({
        target: [marketPositions.marketId, marketPositions.userId],
        set: { exposurePaise: e.afterPaise },
      });
    const delta = e.afterPaise - e.beforePaise;
    if (delta !== 0) {
      await tx
        .update(ledgerAccounts)
        .set({ exposurePaise: sql`${ledgerAccounts.exposurePaise} + ${delta}` })
        .where(eq(ledgerAccounts.id, e.accountId));
    }
  }
}
