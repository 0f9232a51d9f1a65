import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CasinoBetDetails, CasinoSettlementDetails, LiveCasinoBet, LiveCasinoBetsPage, LiveCasinoRound } from '@exchange/contracts';
import { paiseToRupees } from '@exchange/engine';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { casinoTransactions } from '../../db/schema/index.ts';
import { istDayRange } from '@exchange/contracts';

export interface LiveCasinoBetsQuery {
  userId: number;
  fromDay: string;
  toDay: string;
  page: number;
  limit: number;
}

type RoundKey = {
  game_code: string;
  round_id: string;
  first_at: Date | string;
};

/**
 * The caller's casino rounds whose first bet falls between two IST days, newest first: each
 * round's accepted bets (debits answered OK) with what came back, the round's result from the
 * credits, and P&L = returned - staked over the bets that were not rolled back.
 */
export async function liveCasinoBets(db: DbOrTx, q: LiveCasinoBetsQuery): Promise<LiveCasinoBetsPage> {
  const from = istDayRange(q.fromDay).start;
  const to = istDayRange(q.toDay).end;
  const accepted = sql`kind = 'debit' and status = 'OK' and user_id = ${q.userId}`;
  const rounds = sql`
    select game_code, round_id, min(created_at) as first_at from casino_transactions
    where ${accepted} group by game_code, round_id
    having min(created_at) >= ${from.toISOString()} and min(created_at) < ${to.toISOString()}`;
  const [summary] = await queryRows<{ n: string | number; stake: string | number | null; returned: string | number | null; open_stake: string | number | null }>(
    db,
    sql`
    select (select count(*) from (${rounds}) r) as n,
           sum(d.amount_paise) filter (where d.bet_state <> 'rolled_back') as stake,
           sum(d.returned_paise) filter (where d.bet_state = 'settled') as returned,
           sum(d.amount_paise) filter (where d.bet_state = 'open') as open_stake
    from casino_transactions d join (${rounds}) r on r.game_code = d.game_code and r.round_id = d.round_id
    where d.kind = 'debit' and d.status = 'OK' and d.user_id = ${q.userId}`,
  );
  const keys = await queryRows<RoundKey>(
    db,
    sql`select * from (${rounds}) r order by first_at desc, round_id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const rows = keys.length === 0 ? [] : await roundsOf(db, q.userId, keys);
  const stake = Number(summary?.stake ?? 0);
  const returned = Number(summary?.returned ?? 0);
  return {
    rows,
    total: Number(summary?.n ?? 0),
    page: q.page,
    limit: q.limit,
    totals: {
      stake: paiseToRupees(stake),
      payout: paiseToRupees(returned),
      pnl: paiseToRupees(returned - stake + Number(summary?.open_stake ?? 0)),
      open_stake: paiseToRupees(Number(summary?.open_stake ?? 0)),
    },
  };
}

async function roundsOf(db: DbOrTx, userId: number, keys: RoundKey[]): Promise<LiveCasinoRound[]> {
  const rows = await db
    .select()
    .from(casinoTransactions)
    .where(
      and(
        eq(casinoTransactions.userId, userId),
        inArray(casinoTransactions.roundId, [...new Set(keys.map((k) => k.round_id))]),
        inArray(casinoTransactions.kind, ['debit', 'credit']),
        eq(casinoTransactions.status, 'OK'),
      ),
    )
    .orderBy(asc(casinoTransactions.id));
  return keys.map((key) => {
    const ofRound = rows.filter((r) => r.gameCode === key.game_code && r.roundId === key.round_id);
    const debits = ofRound.filter((r) => r.kind === 'debit');
    const credits = ofRound.filter((r) => r.kind === 'credit');
    const result = credits.map((c) => (c.details as { result?: CasinoSettlementDetails }).result).find(Boolean);
    const outcomeOf = new Map(credits.map((c) => [c.referenceTransactionId, (c.details as { result?: CasinoSettlementDetails }).result?.outcome]));
    const bets: LiveCasinoBet[] = debits.map((d) => {
      const bet = (d.details as { bet?: CasinoBetDetails }).bet;
      const state = d.betState === 'settled' ? (outcomeOf.get(d.transactionId) ?? 'lost') : d.betState === 'rolled_back' ? 'rolled_back' : 'open';
      return {
        transaction_id: d.transactionId,
        bet_id: d.betId ?? d.transactionId,
        option: bet?.option ?? '',
        option_name: bet?.optionName ?? '',
        odds: bet?.odds ?? 0,
        stake: paiseToRupees(d.amountPaise),
        payout: paiseToRupees(d.returnedPaise ?? 0),
        state,
        placed_at: d.createdAt.toISOString(),
      };
    });
    const counted = debits.filter((d) => d.betState !== 'rolled_back');
    const stake = counted.reduce((s, d) => s + d.amountPaise, 0);
    const returned = counted.filter((d) => d.betState === 'settled').reduce((s, d) => s + (d.returnedPaise ?? 0), 0);
    const open = counted.filter((d) => d.betState === 'open');
    const settledAt = open.length === 0 ? debits.map((d) => d.settledAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0) : 0;
    const gamename = debits.map((d) => (d.details as { bet?: CasinoBetDetails }).bet?.gamename).find(Boolean);
    return {
      round_id: key.round_id,
      game_code: key.game_code,
      gamename: gamename ?? key.game_code,
      date: new Date(key.first_at).toISOString(),
      settled_at: settledAt ? new Date(settledAt).toISOString() : null,
      status: open.length > 0 ? 'open' : counted.length === 0 ? 'rolled_back' : 'settled',
      winner: result?.winner ?? null,
      cards: result?.cards ?? [],
      stake: paiseToRupees(stake),
      payout: paiseToRupees(returned),
      // Open bets are not yet lost: the round's P&L counts only what has settled.
      pnl: paiseToRupees(returned - (stake - open.reduce((s, d) => s + d.amountPaise, 0))),
      bets,
    };
  });
}
