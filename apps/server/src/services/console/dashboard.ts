/**
 * The console's dashboard (ADR 36): the caller's own account, its downline's money, what the
 * house won or lost on the downline today and this week by sport and on the casino (with the
 * caller's own share of it, ADR 48), the payment requests waiting in the downline and the most
 * exposed open markets.
 */
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Dashboard, HousePnl, HousePnlRow } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import { queryRows } from '../../db/client.ts';
import {
  casinoTransactions,
  markets,
  matches,
  orders,
  partnershipResults,
  paymentRequests,
  settlementResults,
  sports,
} from '../../db/schema/index.ts';
import { DAY_MS, istDate, istDayRange } from '@exchange/contracts';
import { type Clock } from '../../lib/time.ts';
import { resultNetPaise, standingResults } from '../betting/index.ts';
import { downlineCte, inDownlineOf } from '../downline.ts';
import { accountOfUser } from '../money/index.ts';
import { houseOf, moneyOf } from './figures.ts';
import { mostExposedMarkets, type BookServices } from './market-book.ts';

export interface DashboardServices extends BookServices {
  clock: Clock;
}

const TOP_MARKETS = 10;

/** The IST day `days` before `day`. */
const daysBefore = (day: string, days: number) => istDate(new Date(istDayRange(day).start.getTime() - days * DAY_MS));

/** Monday of the IST week holding `day`. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return daysBefore(day, (weekday + 6) % 7);
}

/**
 * The caller's own part of the downline's results between two IST days (ADR 48): its rows of
 * `partnership_results` that stand, settled in the period, its P&L share less the commission it
 * bears, by sport (a market's settlement, or a void of one of its bets: `source_id` is the bet)
 * and on the casino (sport null).
 */
async function ownPnlBySport(svc: DashboardServices, agentId: number, fromDay: string, toDay: string) {
  const marketOfResult = sql`case when ${partnershipResults.source} = 'MARKET' then ${partnershipResults.sourceId} else ${orders.marketId} end`;
  return svc.db
    .select({
      sportId: sports.sportId,
      name: sports.name,
      order: sports.order,
      paise: sql<string | number>`sum(${partnershipResults.pnlSharePaise} - ${partnershipResults.commissionSharePaise})`,
    })
    .from(partnershipResults)
    .leftJoin(orders, and(eq(partnershipResults.source, 'VOID'), eq(orders.id, partnershipResults.sourceId)))
    .leftJoin(markets, eq(markets.id, marketOfResult))
    .leftJoin(matches, eq(matches.matchId, markets.matchId))
    .leftJoin(sports, eq(sports.sportId, matches.sportId))
    .where(
      and(
        eq(partnershipResults.levelUserId, agentId),
        isNull(partnershipResults.rolledBackAt),
        gte(partnershipResults.settledAt, istDayRange(fromDay).start),
        lt(partnershipResults.settledAt, istDayRange(toDay).end),
      ),
    )
    .groupBy(sports.sportId, sports.name, sports.order);
}

/**
 * The house's P&L over the downline between two IST days: per sport, minus what the downline's
 * standing settlement results left it after commission and voided wins (the P&L report's
 * figures), and on the casino, minus what its settled casino bets returned over their stakes.
 * Beside each, the caller's own part (ownPnlBySport).
 */
async function housePnl(svc: DashboardServices, agentId: number, fromDay: string, toDay: string): Promise<HousePnl> {
  const bySport = await svc.db
    .select({ sportId: sports.sportId, name: sports.name, order: sports.order, netPaise: sql<string | number>`sum(${resultNetPaise})` })
    .from(settlementResults)
    .innerJoin(markets, eq(markets.id, settlementResults.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(standingResults(inDownlineOf(settlementResults.userId, agentId), fromDay, toDay))
    .groupBy(sports.sportId, sports.name, sports.order);
  // A rolled-back casino bet returned its stake: only settled ones count, on the day they settled.
  const [casino] = await svc.db
    .select({ netPaise: sql<string | number>`coalesce(sum(${casinoTransactions.returnedPaise} - ${casinoTransactions.amountPaise}), 0)` })
    .from(casinoTransactions)
    .where(
      and(
        eq(casinoTransactions.kind, 'debit'),
        eq(casinoTransactions.betState, 'settled'),
        gte(casinoTransactions.settledAt, istDayRange(fromDay).start),
        lt(casinoTransactions.settledAt, istDayRange(toDay).end),
        inDownlineOf(casinoTransactions.userId, agentId),
      ),
    );
  const own = await ownPnlBySport(svc, agentId, fromDay, toDay);
  // A sport is listed when either figure has results in the period (a void may fall in a later one).
  const sportRows = new Map<number, { name: string; order: number; house: number; own: number }>();
  const sportOf = (s: { sportId: number; name: string; order: number }) => {
    const row = sportRows.get(s.sportId) ?? { name: s.name, order: s.order, house: 0, own: 0 };
    sportRows.set(s.sportId, row);
    return row;
  };
  for (const s of bySport) sportOf(s).house += houseOf(Number(s.netPaise));
  let casinoOwn = 0;
  for (const s of own) {
    if (s.sportId === null || s.name === null || s.order === null) casinoOwn += Number(s.paise);
    else sportOf({ sportId: s.sportId, name: s.name, order: s.order }).own += Number(s.paise);
  }
  const rows = [
    ...[...sportRows]
      .sort(([aId, a], [bId, b]) => a.order - b.order || aId - bId)
      .map(([sportId, s]) => ({
        key: `sport:${sportId}`,
        label: s.name,
        kind: 'sport' as const,
        house: s.house,
        own: s.own,
      })),
    {
      key: 'casino',
      label: 'Casino',
      kind: 'casino' as const,
      house: houseOf(Number(casino?.netPaise ?? 0)),
      own: casinoOwn,
    },
  ];
  return {
    from_date: fromDay,
    to_date: toDay,
    rows: rows.map(({ house, own: mine, ...row }): HousePnlRow => ({
      ...row,
      house_pnl: paiseToRupees(house),
      own_pnl: paiseToRupees(mine),
    })),
    total: paiseToRupees(rows.reduce((sum, r) => sum + r.house, 0)),
    own_total: paiseToRupees(rows.reduce((sum, r) => sum + r.own, 0)),
  };
}

async function downlineMoney(svc: DashboardServices, agentId: number) {
  const [sums] = await queryRows<{ users: string | number; agents: string | number; balance: string | number; exposure: string | number }>(
    svc.db,
    sql`with recursive ${downlineCte([agentId])}
        select count(*) filter (where u.role = 'user') as users, count(*) filter (where u.role = 'agent') as agents,
               coalesce(sum(a.balance_paise), 0) as balance, coalesce(sum(a.exposure_paise), 0) as exposure
        from downline d join users u on u.id = d.id join ledger_accounts a on a.user_id = d.id`,
  );
  return { users: Number(sums?.users ?? 0), agents: Number(sums?.agents ?? 0), ...moneyOf(Number(sums?.balance ?? 0), Number(sums?.exposure ?? 0)) };
}

/** Pending requests of the downline's users (addressed to the caller or to an agent below it). */
async function pendingPayments(svc: DashboardServices, agentId: number) {
  const rows = await svc.db
    .select({ kind: paymentRequests.kind, n: sql<string | number>`count(*)`, paise: sql<string | number>`coalesce(sum(${paymentRequests.amountPaise}), 0)` })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.status, 'PENDING'), inDownlineOf(paymentRequests.userId, agentId)))
    .groupBy(paymentRequests.kind);
  const of = (kind: 'DEPOSIT' | 'WITHDRAW') => rows.find((r) => r.kind === kind);
  return {
    deposits: Number(of('DEPOSIT')?.n ?? 0),
    deposit_amount: paiseToRupees(Number(of('DEPOSIT')?.paise ?? 0)),
    withdrawals: Number(of('WITHDRAW')?.n ?? 0),
    withdrawal_amount: paiseToRupees(Number(of('WITHDRAW')?.paise ?? 0)),
  };
}

export async function agentDashboard(svc: DashboardServices, agentId: number): Promise<Dashboard> {
  const today = istDate(svc.clock());
  const [own, downline, todayPnl, week, pending, top] = await Promise.all([
    accountOfUser(svc.db, agentId),
    downlineMoney(svc, agentId),
    housePnl(svc, agentId, today, today),
    housePnl(svc, agentId, mondayOf(today), today),
    pendingPayments(svc, agentId),
    mostExposedMarkets(svc, agentId, TOP_MARKETS),
  ]);
  return {
    own: moneyOf(own.balancePaise, own.exposurePaise),
    downline,
    today: todayPnl,
    week,
    pending_payments: pending,
    top_markets: top.map(({ market_type: _type, runners: _runners, fancy: _fancy, ...market }) => market),
  };
}
