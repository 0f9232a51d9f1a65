/**
 * What each committed event becomes: the drafts of the notifications it tells (ADR 51). Each
 * reads what it tells from the database after the commit (the bet, its market and match, the
 * settlement, the request) and names the event with a key that a second telling repeats.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cashOuts, markets, matches, orders, paymentRequests, races, runners, settlementResults } from '../../db/schema/index.ts';
import type { AccountChange } from '../agents.ts';
import { voidReasonText, type AutoCashOutEvent, type BetNotice } from '../betting/index.ts';
import { marketLabel } from '../market-names.ts';
import type { NotificationDraft } from './store.ts';
import { betText, CAUSE_TEXT, marketText, matchedAt, resultText, rupees, type BetFacts } from './texts.ts';

/** The part of a market's commit event the notifications keep (its state is not theirs to hold). */
export interface MarketNotices {
  marketId: number;
  bets: BetNotice[];
}

/** Whether a bet change may be told: a rest the bettor took out himself is not. */
export function toldChange(b: BetNotice): boolean {
  if (b.change === 'cancelled' || b.change === 'lapsed') return b.cause !== undefined;
  return true;
}

interface MarketFacts {
  marketId: number;
  matchId: number;
  marketLabel: string;
  matchName: string;
  resultKind: 'WINNERS' | 'RUNS' | 'VOID' | null;
  resultRuns: number | null;
  settlementVersion: number;
  settled: boolean;
  /** The runners that won or placed, in the market's order. */
  winners: string[];
}

async function betFactsOf(db: Db, betIds: readonly number[]): Promise<Map<number, BetFacts>> {
  if (betIds.length === 0) return new Map();
  const rows = await db
    .select({
      betId: orders.id,
      userId: orders.userId,
      marketId: orders.marketId,
      matchId: markets.matchId,
      kind: orders.kind,
      side: orders.side,
      price: orders.price,
      line: orders.line,
      sizePaise: orders.sizePaise,
      matchedPaise: orders.matchedPaise,
      matchedValue: orders.matchedValue,
      cancelledPaise: orders.cancelledPaise,
      initialMatchedPaise: orders.initialMatchedPaise,
      initialMatchedValue: orders.initialMatchedValue,
      cashOutId: orders.cashOutId,
      runnerName: runners.name,
      marketLabel,
      matchName: matches.matchName,
    })
    .from(orders)
    .innerJoin(markets, eq(markets.id, orders.marketId))
    .innerJoin(matches, eq(matches.matchId, markets.matchId))
    .leftJoin(races, eq(races.raceId, markets.raceId))
    .leftJoin(runners, and(eq(runners.marketId, orders.marketId), eq(runners.selectionId, orders.selectionId)))
    .where(inArray(orders.id, [...new Set(betIds)]));
  return new Map(rows.map((r) => [r.betId, r]));
}

async function marketFactsOf(db: Db, marketIds: readonly number[]): Promise<Map<number, MarketFacts>> {
  if (marketIds.length === 0) return new Map();
  const ids = [...new Set(marketIds)];
  const [rows, won] = await Promise.all([
    db
      .select({
        marketId: markets.id,
        matchId: markets.matchId,
        marketLabel,
        matchName: matches.matchName,
        resultKind: markets.resultKind,
        resultRuns: markets.resultRuns,
        settlementVersion: markets.settlementVersion,
        settledAt: markets.settledAt,
      })
      .from(markets)
      .innerJoin(matches, eq(matches.matchId, markets.matchId))
      .leftJoin(races, eq(races.raceId, markets.raceId))
      .where(inArray(markets.id, ids)),
    db
      .select({ marketId: runners.marketId, name: runners.name })
      .from(runners)
      .where(and(inArray(runners.marketId, ids), inArray(runners.status, ['WINNER', 'PLACED'])))
      .orderBy(asc(runners.sort), asc(runners.selectionId)),
  ]);
  return new Map(
    rows.map((r) => [
      r.marketId,
      {
        ...r,
        settled: r.settledAt !== null,
        winners: won.filter((w) => w.marketId === r.marketId).map((w) => w.name),
      },
    ]),
  );
}

const where = (m: { marketId: number; matchId: number }) => ({ marketId: m.marketId, matchId: m.matchId });

/** A bet matched (all of it, or part): what matched so far, at what average. */
function matchedDraft(b: BetFacts, matchedPaise: number, matchedValue: number, unmatchedPaise: number): NotificationDraft {
  const full = matchedPaise >= b.sizePaise;
  const at = matchedAt(b, matchedPaise, matchedValue);
  return {
    userId: b.userId,
    kind: 'BET_MATCHED',
    eventKey: `matched:${b.betId}:${matchedPaise}`,
    title: full ? 'Bet matched' : 'Bet partly matched',
    message: full
      ? `${betText(b)} on ${marketText(b)} matched in full ${at}.`
      : `${betText(b)} on ${marketText(b)}: ${rupees(matchedPaise)} matched ${at}${unmatchedPaise > 0 ? `, ${rupees(unmatchedPaise)} unmatched` : ''}.`,
    ...where(b),
    amountPaise: matchedPaise,
  };
}

/** What a cash out locked, as the end of a sentence. */
function lockedText(valuePaise: number): string {
  return valuePaise >= 0
    ? `${rupees(valuePaise)} profit locked in whatever wins`
    : `your loss limited to ${rupees(valuePaise)} whatever wins`;
}

/**
 * The notifications of some markets' commits: bets matched (the taker's on placement, the
 * makers'), rests the market lapsed or cancelled, settlements (or voids) and rollbacks with each
 * user's result, and the bettor's own cash outs (its legs' placement).
 */
export async function marketDrafts(db: Db, events: readonly MarketNotices[]): Promise<NotificationDraft[]> {
  const notices = events.flatMap((e) => e.bets.filter(toldChange).map((b) => ({ ...b, marketId: e.marketId })));
  const betIds = notices.flatMap((n) => (n.betId === null ? [] : [n.betId]));
  const results = notices.filter((n) => n.betId === null);
  const bets = await betFactsOf(db, betIds);
  const cashOutIds = [...bets.values()].flatMap((b) => (b.cashOutId === null ? [] : [b.cashOutId]));
  const [cashOutRows, marketFacts] = await Promise.all([
    cashOutIds.length === 0
      ? Promise.resolve([])
      : db.select().from(cashOuts).where(inArray(cashOuts.id, [...new Set(cashOutIds)])),
    marketFactsOf(
      db,
      results.map((n) => n.marketId),
    ),
  ]);
  const cashOutOf = new Map(cashOutRows.map((c) => [c.id, c]));

  const drafts: NotificationDraft[] = [];
  for (const n of notices) {
    if (n.betId === null) continue;
    const b = bets.get(n.betId);
    if (!b) continue;
    switch (n.change) {
      case 'placed': {
        if (b.cashOutId !== null) {
          const c = cashOutOf.get(b.cashOutId);
          // An automatic cash out is told by its own event (fired or failed).
          if (!c || c.origin !== 'MANUAL') break;
          const share = c.fractionBps < 10_000 ? `${c.fractionBps / 100}% of your position on ` : '';
          drafts.push({
            userId: c.userId,
            kind: 'CASH_OUT',
            eventKey: `cash_out:${c.id}`,
            title: 'Cashed out',
            message: `You cashed out ${share}${marketText(b)}: ${lockedText(c.valuePaise)}.`,
            ...where(b),
            amountPaise: c.valuePaise,
          });
          break;
        }
        if (b.initialMatchedPaise > 0)
          drafts.push(matchedDraft(b, b.initialMatchedPaise, b.initialMatchedValue, b.sizePaise - b.initialMatchedPaise));
        break;
      }
      case 'matched':
        if (b.matchedPaise > 0)
          drafts.push(matchedDraft(b, b.matchedPaise, b.matchedValue, b.sizePaise - b.matchedPaise - b.cancelledPaise));
        break;
      case 'lapsed':
      case 'cancelled': {
        const unmatched = b.sizePaise - b.matchedPaise;
        if (unmatched <= 0 || !n.cause) break;
        const what = n.change === 'lapsed' ? 'lapsed' : 'was cancelled';
        drafts.push({
          userId: b.userId,
          kind: n.change === 'lapsed' ? 'BET_LAPSED' : 'BET_CANCELLED',
          eventKey: `${n.change}:${b.betId}`,
          title: n.change === 'lapsed' ? 'Bet lapsed' : 'Bet cancelled',
          message:
            b.matchedPaise === 0
              ? `${betText(b)} on ${marketText(b)} ${what} unmatched: ${CAUSE_TEXT[n.cause]}.`
              : `The unmatched ${rupees(unmatched)} of ${betText(b)} on ${marketText(b)} ${what}: ${CAUSE_TEXT[n.cause]}. ${rupees(b.matchedPaise)} stays matched.`,
          ...where(b),
          amountPaise: unmatched,
        });
        break;
      }
      default:
        break;
    }
  }
  drafts.push(...(await resultDrafts(db, results, marketFacts)));
  return drafts;
}

/** Each user's settlement (won, lost, or the market voided) or rollback of a market. */
async function resultDrafts(
  db: Db,
  notices: readonly (BetNotice & { marketId: number })[],
  facts: Map<number, MarketFacts>,
): Promise<NotificationDraft[]> {
  if (notices.length === 0) return [];
  const marketIds = [...new Set(notices.map((n) => n.marketId))];
  const userIds = [...new Set(notices.map((n) => n.userId))];
  const rows = await db
    .select()
    .from(settlementResults)
    .where(and(inArray(settlementResults.marketId, marketIds), inArray(settlementResults.userId, userIds)))
    .orderBy(desc(settlementResults.version));
  const drafts: NotificationDraft[] = [];
  for (const n of notices) {
    const m = facts.get(n.marketId);
    if (!m) continue;
    const mine = rows.filter((r) => r.marketId === n.marketId && r.userId === n.userId);
    if (n.change === 'settled') {
      // The settlement in force (none: rolled back already, told by its own event).
      const r = mine.find((s) => s.version === m.settlementVersion && s.rolledBackAt === null);
      if (!m.settled || !r) continue;
      const pnl = r.netPnlPaise - r.commissionPaise;
      if (m.resultKind === 'VOID') {
        drafts.push({
          userId: n.userId,
          kind: 'BET_VOIDED',
          eventKey: `settled:${m.marketId}:${r.version}`,
          title: 'Market voided',
          message: `${marketText(m)} was voided: your bets on it are void and their stakes are back in your balance.`,
          ...where(m),
          amountPaise: pnl,
        });
        continue;
      }
      const result =
        m.resultKind === 'RUNS' ? `${m.resultRuns ?? ''} runs` : m.winners.length > 0 ? m.winners.join(', ') : 'no winner';
      const commission = r.commissionPaise > 0 ? ` (after ${rupees(r.commissionPaise)} commission)` : '';
      drafts.push({
        userId: n.userId,
        kind: 'MARKET_SETTLED',
        eventKey: `settled:${m.marketId}:${r.version}`,
        title: pnl > 0 ? 'Market settled: you won' : pnl < 0 ? 'Market settled: you lost' : 'Market settled',
        message: `${marketText(m)} settled, result: ${result}. You ${resultText(pnl)}${pnl === 0 ? '' : commission}.`,
        ...where(m),
        amountPaise: pnl,
      });
    } else if (n.change === 'rolled_back') {
      const r = mine.find((s) => s.rolledBackAt !== null);
      if (!r) continue;
      const pnl = r.netPnlPaise - r.commissionPaise;
      drafts.push({
        userId: n.userId,
        kind: 'MARKET_SETTLED',
        eventKey: `rolled_back:${m.marketId}:${r.version}`,
        title: 'Result rolled back',
        message: `The result of ${marketText(m)} was rolled back: your result on it (you ${resultText(pnl)}) is undone until the market is settled again.`,
        ...where(m),
        amountPaise: -pnl,
      });
    }
  }
  return drafts;
}

/** An automatic cash out fired, or tried and failed (told once per rule as set). */
export async function autoCashOutDrafts(db: Db, event: AutoCashOutEvent): Promise<NotificationDraft[]> {
  const m = (await marketFactsOf(db, [event.marketId])).get(event.marketId);
  if (!m) return [];
  if (event.cashOut) {
    const value = Math.round(event.cashOut.value * 100);
    return [
      {
        userId: event.userId,
        kind: 'AUTO_CASH_OUT_FIRED',
        eventKey: `cash_out:${event.cashOut.cash_out_id}`,
        title: 'Automatic cash out done',
        message: `Your automatic cash out on ${marketText(m)} was placed: ${lockedText(value)}.`,
        ...where(m),
        amountPaise: value,
      },
    ];
  }
  if (!event.error) return [];
  const why =
    event.error.code === 'CASH_OUT_PRICE_MOVED'
      ? 'the prices moved before it could be placed'
      : event.error.message.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
  const { id, takeProfitPaise, stopLossPaise } = event.rule;
  return [
    {
      userId: event.userId,
      kind: 'AUTO_CASH_OUT_FAILED',
      eventKey: `auto_cash_out_failed:${id}:${takeProfitPaise ?? ''}:${stopLossPaise ?? ''}`,
      title: 'Automatic cash out not placed',
      message: `Your automatic cash out on ${marketText(m)} could not be placed: ${why}. It stays set and is tried again while the value is at your target or limit.`,
      ...where(m),
      amountPaise: null,
    },
  ];
}

/** A deposit or withdrawal request decided (approved or rejected); a request made is not told. */
export async function paymentDrafts(db: Db, requestId: number): Promise<NotificationDraft[]> {
  const [r] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId));
  if (!r || r.status === 'PENDING') return [];
  const approved = r.status === 'APPROVED';
  const deposit = r.kind === 'DEPOSIT';
  const sentence = deposit
    ? approved
      ? `Your deposit of ${rupees(r.amountPaise)} was approved: it is in your balance.`
      : `Your deposit of ${rupees(r.amountPaise)} was rejected.`
    : approved
      ? `Your withdrawal of ${rupees(r.amountPaise)} was approved and paid out.`
      : `Your withdrawal of ${rupees(r.amountPaise)} was rejected: the amount is back in your balance.`;
  return [
    {
      userId: r.userId,
      kind: 'PAYMENT_DECIDED',
      eventKey: `payment:${r.id}`,
      title: `${deposit ? 'Deposit' : 'Withdrawal'} ${approved ? 'approved' : 'rejected'}`,
      message: r.decisionRemark ? `${sentence} Remark: ${r.decisionRemark}` : sentence,
      amountPaise: r.amountPaise,
    },
  ];
}

/** Chips moved by the user's agent, or a settled winning bet voided by the operator. */
export async function accountDrafts(db: Db, change: AccountChange): Promise<NotificationDraft[]> {
  if (change.kind === 'chips') {
    const deposit = change.direction === 'deposit';
    return [
      {
        userId: change.userId,
        kind: 'CHIPS_MOVED',
        eventKey: `chips:${change.transferId}`,
        title: deposit ? 'Chips deposited' : 'Chips withdrawn',
        message: deposit
          ? `${change.agentName} deposited ${rupees(change.amountPaise)} in your account.`
          : `${change.agentName} withdrew ${rupees(change.amountPaise)} from your account.`,
        amountPaise: deposit ? change.amountPaise : -change.amountPaise,
      },
    ];
  }
  const b = (await betFactsOf(db, [change.betId])).get(change.betId);
  if (!b) return [];
  return [
    {
      userId: change.userId,
      kind: 'BET_VOIDED',
      eventKey: `void:${change.betId}`,
      title: 'Bet voided',
      message: `Your bet #${b.betId} (${betText(b)}) on ${marketText(b)} was voided: ${voidReasonText(change.reason)}. ${rupees(change.amountPaise)} was taken back.`,
      ...where(b),
      amountPaise: -change.amountPaise,
    },
  ];
}
