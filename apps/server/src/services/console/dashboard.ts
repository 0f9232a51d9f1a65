/**
 * The console's dashboard (ADR 36): the caller's own account, its downline's money, what the
 * house won or lost on the downline today and this week by sport and on the casino, the payment
 * requests waiting in the downline and the most exposed open markets.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Dashboard, HousePnl, HousePnlRow } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import { queryRows } from '../../db/client.ts';
import { casinoTransactions, markets, matches, paymentRequests, settlementResults, sports } from '../../db/schema/index.ts';
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
 * The house's P&L over the downline between two IST days: per sport, minus what the downline's
 * standing settlement results left it after commission and voided wins (the P&L report's
 * figures), and on the casino, minus what its settled casino bets returned over their stakes.
 */
async function housePnl(svc: DashboardServices, agentId: number, fromDay: string, toDay: string): Promise<HousePnl> {
  const bySport = await svc.db
    .select({ sportId: sports.sportId, name: sports.name, netPaise: sql<string | number>`sum(${resultNetPaise})` })
    .from(settlementResults)
    .innerJoin(markets, eq(markets.id, settlementResults.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .innerJoin(sports, eq(sports.sportId, matches.sportId))
    .where(standingResults(inDownlineOf(settlementResults.userId, agentId), fromDay, toDay))
    .groupBy(sports.sportId, sports.name, sports.order)
    .orderBy(asc(sports.order), asc(sports.sportId));
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
  const rows = [
    ...bySport.map((s) => ({ key: `sport:${s.sportId}`, label: s.name, kind: 'sport' as const, paise: houseOf(Number(s.netPaise)) })),
    { key: 'casino', label: 'Casino', kind: 'casino' as const, paise: houseOf(Number(casino?.netPaise ?? 0)) },
  ];
  return {
    from_date: fromDay,
    to_date: toDay,
    rows: rows.map(({ paise, ...row }): HousePnlRow => ({ ...row, house_pnl: paiseToRupees(paise) })),
    total: paiseToRupees(rows.reduce((sum, r) => sum + r.paise, 0)),
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
