/**
 * Helpers for the agents' business suites (ADR 48): a tree of agents and bettors made with the
 * users service, their figures written as `account_terms` rows with the instant each took effect
 * (the agent calls that set them are tested on their own), a launched casino game for the wallet,
 * and what the ledger and `partnership_results` hold of the split.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  accountTerms,
  casinoLaunchTokens,
  ledgerAccounts,
  partnershipResults,
  sessions,
  type ResultSource,
} from '../db/schema/index.ts';
import { accountOfUser, transfer, worldAccount } from '../services/money/index.ts';
import { hashToken } from '../services/sessions.ts';
import { createUser, findUserByName } from '../services/users.ts';

/** The seeded operator: the root of every tree. */
export async function rootId(db: DbOrTx): Promise<number> {
  const admin = await findUserByName(db, 'admin');
  if (!admin) throw new Error('The seed has no admin');
  return admin.id;
}

/** A user of the tree (an agent, or a bettor with `role: 'user'`), with its chips account. */
export async function userUnder(
  db: Db,
  userName: string,
  parentId: number,
  role: 'agent' | 'user',
  at: Date,
): Promise<number> {
  const user = await createUser(db, { userName, passwordHash: 'x', role, parentId }, at);
  return user.id;
}

/** An account's figures as a change taking effect at `at`; percentages in basis points. */
export interface TermsChange {
  partnershipBp?: number | null;
  matchBp?: number;
  sessionBp?: number;
  casinoBp?: number;
}

export async function setTerms(
  db: DbOrTx,
  userId: number,
  change: TermsChange,
  effectiveAt: Date,
): Promise<void> {
  await db.insert(accountTerms).values({
    userId,
    partnershipBp: change.partnershipBp ?? null,
    matchCommissionBp: change.matchBp ?? 0,
    sessionCommissionBp: change.sessionBp ?? 0,
    casinoCommissionBp: change.casinoBp ?? 0,
    effectiveAt,
  });
}

/** Chips for a bettor from the world account. */
export async function fund(db: DbOrTx, userId: number, paise: number, at: Date): Promise<void> {
  const account = await accountOfUser(db, userId);
  await transfer(
    db,
    {
      idempotencyKey: `test-fund:${userId}:${randomBytes(4).toString('hex')}`,
      debitAccountId: (await worldAccount(db)).id,
      creditAccountId: account.id,
      amountPaise: paise,
      reason: 'DEPOSIT',
      remark: 'test',
    },
    at,
  );
}

/** The balance of a level's `pnl` account (0 before its first share). */
export async function pnlOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balancePaise })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.pnlOfUserId, userId));
  return row?.balance ?? 0;
}

/** Every `pnl` account's balance, by its level, and the `shares` account's. */
export async function partnershipBalances(db: DbOrTx): Promise<{ pnl: Map<number, number>; shares: number }> {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      owner: ledgerAccounts.pnlOfUserId,
      balance: ledgerAccounts.balancePaise,
    })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.kind} in ('pnl', 'shares')`);
  const pnl = new Map<number, number>();
  let shares = 0;
  for (const r of rows) {
    if (r.kind === 'shares') shares = r.balance;
    else pnl.set(r.owner!, r.balance);
  }
  return { pnl, shares };
}

export type SplitRow = typeof partnershipResults.$inferSelect;

/** The rows of one result (every version, unless one is given), by bettor then depth. */
export async function splitRows(
  db: DbOrTx,
  source: ResultSource,
  sourceId: number,
  version?: number,
): Promise<SplitRow[]> {
  return db
    .select()
    .from(partnershipResults)
    .where(
      and(
        eq(partnershipResults.source, source),
        eq(partnershipResults.sourceId, sourceId),
        version === undefined ? undefined : eq(partnershipResults.version, version),
      ),
    )
    .orderBy(asc(partnershipResults.version), asc(partnershipResults.userId), asc(partnershipResults.depth));
}

/**
 * A casino game launched for the bettor, as the launch would leave it: a live platform session
 * and the launch token the provider uses in its wallet calls (returned).
 */
export async function launchedGame(db: DbOrTx, userId: number, gameCode: string, at: Date): Promise<string> {
  const session = randomBytes(16).toString('hex');
  await db.insert(sessions).values({ tokenHash: hashToken(session), userId, createdAt: at, lastUsedAt: at });
  const token = randomBytes(16).toString('hex');
  await db.insert(casinoLaunchTokens).values({
    tokenHash: hashToken(token),
    userId,
    gameCode,
    sessionTokenHash: hashToken(session),
    launchType: 1,
    createdAt: at,
    lastUsedAt: at,
    expiresAt: new Date(at.getTime() + 365 * 86_400_000),
    maxExpiresAt: new Date(at.getTime() + 365 * 86_400_000),
  });
  return token;
}
