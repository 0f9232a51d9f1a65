import { callApi } from './client.ts';
import type { Check, Query } from './checker.ts';
import type { WorkloadLog } from './workload.ts';

/**
 * The balance rule after the operator's take-backs (ADR 37): a rollback reverses a market's
 * settlement and reserves its reopened bets' exposure again without a funds check, and a voided
 * win is taken back the same way (ADR 35), so an available balance (balance - exposure) may go
 * below zero, but only by what those take-backs removed. Every other call checks funds first.
 *
 * What a take-back removed from a user, per rolled-back settlement version of a market:
 *   the payout the rollback reversed (its postings out of the user, net of those into it; the
 *   agent's commission paid with the settlement, ADR 48, is part of it)
 *   minus what the market gives the user since: the next settlement's postings into the user
 *   when it was declared again, or, while it is not, minus the exposure now reserved on it;
 * counted only when positive (a re-declaration that pays more pays a debt, it cannot fund a
 * deficit made later). Plus each win taken back by a void (`void:<order>` postings).
 * A re-declared result that loses turns the reserved exposure into a posted loss: the same money,
 * so it stays counted. Any negative available beyond that sum is a violation.
 */
export async function checkNegativeAvailable(q: Query, log: WorkloadLog, origins: string[]): Promise<Check[]> {
  const negative = await q<{ user_id: number; balance_paise: string; exposure_paise: string }>(
    `select user_id, balance_paise, exposure_paise from ledger_accounts where kind = 'user' and balance_paise - exposure_paise < 0 order by user_id`,
  );
  const [{ c: users }] = (await q<{ c: string }>(`select count(*) as c from ledger_accounts where kind = 'user'`)) as [{ c: string }];
  const removed = await takenBack(q, negative.map((r) => Number(r.user_id)));
  const unexplained = negative
    .map((r) => ({ user: Number(r.user_id), balance: Number(r.balance_paise), exposure: Number(r.exposure_paise), takenBack: removed.get(Number(r.user_id)) ?? 0 }))
    .filter((r) => r.exposure - r.balance > r.takenBack);
  const rule: Check = {
    name: 'an available balance is below zero only by what the operator took back (rollbacks, voids)',
    ok: unexplained.length === 0,
    detail:
      unexplained.length === 0
        ? `${users} users, ${negative.length} below zero, all explained by take-backs`
        : `${unexplained.length} of ${negative.length} below zero unexplained (paise): ${JSON.stringify(unexplained.slice(0, 5))}`,
  };
  return [rule, await betRefusedBelowZero(q, log, origins, new Set(negative.map((r) => Number(r.user_id))))];
}

/** What rollbacks and voids took from each of `userIds` (paise), by the rule above. */
async function takenBack(q: Query, userIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (userIds.length === 0) return out;
  const add = (user: number, paise: number) => out.set(user, (out.get(user) ?? 0) + paise);
  // Into the user (negative: out of it), per settlement version and user, of the settlement
  // postings (settle, commission) and of their reversals.
  const moved = await q<{ market_id: string; version: string; user_id: number; rolled_back: boolean; paid: string; reversed: string }>(
    `select r.market_id, r.version, r.user_id, r.rolled_back_at is not null as rolled_back,
            coalesce(sum(case when t.idempotency_key not like 'rollback:%' then case when t.credit_account_id = a.id then t.amount_paise else -t.amount_paise end end), 0) as paid,
            coalesce(sum(case when t.idempotency_key like 'rollback:%' then case when t.credit_account_id = a.id then t.amount_paise else -t.amount_paise end end), 0) as reversed
     from settlement_results r
     join ledger_accounts a on a.user_id = r.user_id and a.kind = 'user'
     left join ledger_transfers t
       on t.idempotency_key in (
            'settle:' || r.market_id || ':' || r.version || ':' || r.user_id,
            'commission:' || r.market_id || ':' || r.version || ':' || r.user_id,
            'rebate:' || r.market_id || ':' || r.version || ':' || r.user_id,
            'rollback:settle:' || r.market_id || ':' || r.version || ':' || r.user_id,
            'rollback:commission:' || r.market_id || ':' || r.version || ':' || r.user_id,
            'rollback:rebate:' || r.market_id || ':' || r.version || ':' || r.user_id)
      and (t.debit_account_id = a.id or t.credit_account_id = a.id)
     where r.user_id = any($1)
     group by r.market_id, r.version, r.user_id, r.rolled_back_at
     order by r.user_id, r.market_id, r.version`,
    [userIds],
  );
  const reserved = await q<{ market_id: string; user_id: number; exposure_paise: string }>(
    `select market_id, user_id, exposure_paise from market_positions where user_id = any($1) and exposure_paise > 0`,
    [userIds],
  );
  const exposureOn = new Map(reserved.map((p) => [`${p.market_id}:${p.user_id}`, Number(p.exposure_paise)]));
  for (const [i, r] of moved.entries()) {
    if (!r.rolled_back) continue;
    const next = moved[i + 1];
    const sameMarket = next !== undefined && next.user_id === r.user_id && next.market_id === r.market_id;
    // After the rollback: the next declaration's postings into the user, or the exposure reserved meanwhile.
    const since = sameMarket ? Number(next.paid) : -(exposureOn.get(`${r.market_id}:${r.user_id}`) ?? 0);
    add(r.user_id, Math.max(0, -Number(r.reversed) - since));
  }
  const voids = await q<{ user_id: number; amount: string }>(
    `select a.user_id, sum(t.amount_paise) as amount from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
     where t.idempotency_key like 'void:%' and a.user_id = any($1) group by a.user_id`,
    [userIds],
  );
  for (const v of voids) add(v.user_id, Number(v.amount));
  return out;
}

/**
 * Over the API: a bettor below zero is refused a bet (INSUFFICIENT_FUNDS, ADR 35), on an exchange
 * market still open. One attempt, by the first such bettor of this run who is not on a break.
 */
async function betRefusedBelowZero(q: Query, log: WorkloadLog, origins: string[], negative: Set<number>): Promise<Check> {
  const name = 'a bettor below zero is refused a bet (INSUFFICIENT_FUNDS)';
  // A bettor on a break (the workload takes some) is refused ACCOUNT_ON_BREAK before his funds
  // are looked at (ADR 58): the one tried here is not on one.
  const onBreak = new Set(
    (
      await q<{ user_id: number }>(
        `select user_id from bettor_protection where restriction_kind is not null and (restriction_ends_at is null or restriction_ends_at > now())`,
      )
    ).map((r) => Number(r.user_id)),
  );
  const bettor = log.bettors.find((b) => negative.has(b.userId) && !onBreak.has(b.userId));
  if (!bettor) return { name, ok: true, detail: 'no bettor of this run below zero and free to bet: not tried' };
  const ids = [...log.markets].filter(([, kind]) => kind === 'EXCHANGE').map(([id]) => id);
  const [market] = await q<{ id: number }>(`select id from markets where id = any($1) and status = 'OPEN' and settled_at is null order by id desc limit 1`, [ids]);
  if (!market) return { name, ok: true, detail: `user ${bettor.userId} below zero, but no exchange market of the run open: not tried` };
  const body = { market_id: market.id, selection_id: 1, is_back: 1, odds: 2, stake: 100, client_ref: `below-zero-${bettor.userId}-${Date.now()}` };
  const res = await callApi(origins[0]!, 'placeMarketBet', body, bettor.token);
  const ok = res.kind === 'refused' && res.code === 'INSUFFICIENT_FUNDS';
  return { name, ok, detail: `user ${bettor.userId} on market ${market.id}: ${res.kind === 'refused' ? `refused ${res.code}` : res.kind === 'ok' ? 'ACCEPTED' : `unknown (${res.error})`}` };
}
