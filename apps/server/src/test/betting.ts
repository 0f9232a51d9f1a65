/** Helpers for the betting suites: markets through the operator API, balances, invariants. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { SPORT, type BodyOf } from '@exchange/contracts';
import { queryRows, type Db } from '../db/client.ts';
import { ledgerAccounts, marketPositions, markets, matches } from '../db/schema/index.ts';
import type { BettingService } from '../services/betting/index.ts';
import { checkLedger } from '../services/money/index.ts';
import type { TestContext } from './databases.ts';

export async function firstMatchOf(
  db: Db,
  sportId: number,
  inPlay?: boolean,
): Promise<{ matchId: number; matchName: string }> {
  const rows = await db
    .select({ matchId: matches.matchId, matchName: matches.matchName })
    .from(matches)
    .where(
      and(
        eq(matches.sportId, sportId),
        eq(matches.isActive, true),
        inPlay === undefined ? undefined : eq(matches.inPlay, inPlay),
      ),
    )
    .orderBy(matches.matchId)
    .limit(1);
  if (!rows[0]) throw new Error(`No match of sport ${sportId}`);
  return rows[0];
}

/**
 * What the betting suites start from, set before their tests (so read it in tests and hooks):
 * the admin's and agent1's tokens, and the first cricket match not in play.
 */
export function bettingCast(ctx: () => TestContext): { admin: string; agent1: string; matchId: number } {
  const cast = { admin: '', agent1: '', matchId: 0 };
  beforeAll(async () => {
    cast.admin = await ctx().login('admin');
    cast.agent1 = await ctx().login('agent1');
    cast.matchId = (await firstMatchOf(ctx().db, SPORT.CRICKET, false)).matchId;
  });
  return cast;
}

/** Creates a market through operator/createMarket and returns its id. */
export async function createMarket(
  ctx: TestContext,
  adminToken: string,
  body: BodyOf<'operatorCreateMarket'>,
): Promise<number> {
  const res = await ctx.call('operatorCreateMarket', body, adminToken);
  if (res.statusCode !== 200) throw new Error(`createMarket failed: ${JSON.stringify(res.json)}`);
  return res.json.data.market_id as number;
}

/** A two-runner (Home, Away) exchange Match Odds market on `matchId`, not in play, with `extra` on top. */
export function createMatchOdds(
  ctx: TestContext,
  adminToken: string,
  matchId: number,
  extra: Partial<BodyOf<'operatorCreateMarket'>> = {},
): Promise<number> {
  return createMarket(ctx, adminToken, {
    match_id: matchId,
    kind: 'EXCHANGE',
    market_type: 'MATCH_ODDS',
    name: 'Match Odds',
    runners: [{ name: 'Home' }, { name: 'Away' }],
    in_play: false,
    ...extra,
  });
}

/** A user's account statement rows over every date (the newest first, at most 100). */
export async function statementRows(
  ctx: TestContext,
  token: string,
): Promise<{ credit: number; debit: number; remark: string; balance: number }[]> {
  const res = await ctx.call(
    'getUserAccountStatementHistory',
    { from_date: '2020-01-01', to_date: '2099-12-31', limit: 100 },
    token,
  );
  return res.json.data.rows;
}

/**
 * A bettor created by an agent (agent/createUser) with `chips` rupees from it, past its first
 * password change: its id and a token.
 */
export async function newBettor(
  ctx: TestContext,
  agentToken: string,
  userName: string,
  chips: number,
): Promise<{ userId: number; token: string }> {
  const ok = async (name: Parameters<TestContext['call']>[0], body: unknown, token: string) => {
    const res = await ctx.call(name, body, token);
    if (res.statusCode !== 200) throw new Error(`${name} failed: ${JSON.stringify(res.json)}`);
    return res.json.data;
  };
  const created = await ok('agentCreateUser', { user_name: userName, password: 'Bettor@1234', role: 'user' }, agentToken);
  const first = await ctx.login(userName, 'Bettor@1234');
  await ok('changePassword', { master_password: 'Bettor@1234', new_password: 'Bettor@5678', confirm_password: 'Bettor@5678' }, first);
  await ok(
    'agentTransferChips',
    { user_id: created.user_id, amount: chips, direction: 'deposit', client_ref: `fund-${userName}` },
    agentToken,
  );
  return { userId: created.user_id, token: await ctx.login(userName, 'Bettor@5678') };
}

export async function balanceOf(
  ctx: TestContext,
  token: string,
): Promise<{ total_balance: number; liability: number; available_balance: number }> {
  return (await ctx.call('getUserBalance', undefined, token)).json.data;
}

/**
 * What must hold after every money scenario: postings sum to zero, every balance equals its
 * postings, no user's available balance is negative, and every stored exposure (per market and
 * per account) equals what the engine computes from the stored bets.
 */
export async function expectInvariants(db: Db, betting: BettingService): Promise<void> {
  expect(await checkLedger(db)).toEqual({ sumPaise: 0, mismatchedAccountIds: [] });
  const negative = await queryRows<{ id: number }>(
    db,
    sql`select id from ledger_accounts where kind = 'user' and balance_paise - exposure_paise < 0`,
  );
  expect(negative).toEqual([]);
  const recomputed = await betting.recomputedExposures();
  const stored = await db.select().from(marketPositions);
  const storedByKey = new Map(stored.map((p) => [`${p.marketId}:${p.userId}`, p.exposurePaise]));
  for (const [marketId, byUser] of recomputed) {
    for (const [userId, exposure] of byUser)
      expect({ marketId, userId, exposure: storedByKey.get(`${marketId}:${userId}`) ?? 0 }).toEqual({
        marketId,
        userId,
        exposure,
      });
  }
  const sums = await queryRows<{ user_id: number; total: string | number }>(
    db,
    sql`select user_id, sum(exposure_paise) as total from market_positions group by user_id`,
  );
  const sumByUser = new Map(sums.map((s) => [Number(s.user_id), Number(s.total)]));
  const accounts = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'user'));
  for (const a of accounts)
    expect({ account: a.id, exposure: a.exposurePaise }).toEqual({
      account: a.id,
      exposure: sumByUser.get(a.userId!) ?? 0,
    });
  // The markets in memory are the database's (changes that keep memory rather than reload it).
  const open = await db.select({ id: markets.id }).from(markets).where(isNull(markets.settledAt));
  for (const market of betting.loadedStates(open.map((m) => m.id)))
    expect({ market: market.id, drift: await betting.memoryDrift(market.id) }).toEqual({ market: market.id, drift: [] });
}
