import {
  commissionOf,
  FULL_SHARE_BP,
  splitResult,
  type ChainLevel,
  type CommissionBase,
} from '@exchange/engine';
import type { Check, Query } from './checker.ts';

/**
 * The bank checker's invariants of the agents' business (ADR 48), read in SQL after the load:
 *
 * - the shares posted equal the bettors' P&L: for every result standing (a market settlement
 *   not rolled back, a settled casino bet), the levels' P&L shares add up to minus the bettor's
 *   P&L as its own postings moved it, and their commission shares to the rebate paid; no split
 *   without a result standing behind it;
 * - the postings are the rows: per result and level one share and one commission transfer of the
 *   rows' sums, per bettor one rebate; a rolled-back version's reversed exactly once, a standing
 *   one not at all; no such posting without rows;
 * - each result is split by the figures in force at the bettor's first bet on it (its debit for a
 *   casino bet), read from `account_terms` and the tree: every level above the agent its
 *   percentage rounded toward zero, the agent the rest; the commission the bettor's rate then;
 * - in the ledger: the `shares` account holds the bettors' P&L on every result standing (the
 *   settlements', casino credits' and voided wins' own postings), and the `pnl` and `shares`
 *   accounts move no chips: together they hold minus the commissions paid to bettors.
 *
 * Results of the operator's void of a settled winning bet (source VOID) count in the ledger
 * check through the wins taken back; their rows are not checked one by one here.
 */
export async function checkShares(q: Query): Promise<Check[]> {
  const n = (v: unknown) => Number(v);
  const rows = (
    await q(`select source, source_id, version, user_id, level_user_id, depth, share_bp, pnl_share_paise, commission_share_paise, rolled_back_at is not null as rolled_back
             from partnership_results where source in ('MARKET', 'CASINO') order by source, source_id, version, user_id, depth`)
  ).map((r) => ({
    source: String(r.source) as 'MARKET' | 'CASINO',
    id: n(r.source_id),
    version: n(r.version),
    user: n(r.user_id),
    level: n(r.level_user_id),
    depth: n(r.depth),
    shareBp: n(r.share_bp),
    pnl: n(r.pnl_share_paise),
    commission: n(r.commission_share_paise),
    rolledBack: r.rolled_back === true,
  }));
  type SplitRow = (typeof rows)[number];
  const stemOf = (r: { source: string; id: number; version: number }) =>
    r.source === 'MARKET' ? `${r.id}:${r.version}` : `casino:${r.id}`;

  // The results standing, with each bettor's P&L as its own postings moved it.
  const settled = await q(
    `select market_id, version, user_id, net_pnl_paise - commission_paise as pnl, rolled_back_at is not null as rolled_back from settlement_results`,
  );
  const casino = await q(
    `select id, user_id, returned_paise - amount_paise as pnl, created_at from casino_transactions where kind = 'debit' and bet_state = 'settled'`,
  );
  const standing = new Map<
    string,
    { source: 'MARKET' | 'CASINO'; id: number; version: number; user: number; pnl: number; at?: Date }
  >();
  for (const s of settled)
    if (s.rolled_back !== true)
      standing.set(`${s.market_id}:${s.version}|${s.user_id}`, {
        source: 'MARKET',
        id: n(s.market_id),
        version: n(s.version),
        user: n(s.user_id),
        pnl: n(s.pnl),
      });
  for (const c of casino)
    standing.set(`casino:${c.id}|${c.user_id}`, {
      source: 'CASINO',
      id: n(c.id),
      version: 0,
      user: n(c.user_id),
      pnl: n(c.pnl),
      at: c.created_at as Date,
    });
  const rolledBackResults = new Set(
    settled.filter((s) => s.rolled_back === true).map((s) => `${s.market_id}:${s.version}|${s.user_id}`),
  );

  const byResult = new Map<string, SplitRow[]>();
  for (const r of rows) {
    const key = `${stemOf(r)}|${r.user}`;
    byResult.set(key, [...(byResult.get(key) ?? []), r]);
  }

  const postings = await q(`
    select idempotency_key as key, amount_paise as amount, debit_account_id as debit, credit_account_id as credit
    from ledger_transfers where idempotency_key ~ '^(rollback:)?(share|rebateshare|rebate):'`);
  const byKey = new Map(
    postings.map((p) => [String(p.key), { amount: n(p.amount), debit: n(p.debit), credit: n(p.credit) }]),
  );
  const [sharesAccount] = await q(`select id, balance_paise from ledger_accounts where kind = 'shares'`);
  const sharesId = sharesAccount ? n(sharesAccount.id) : -1;

  // 1. The shares posted equal the bettors' P&L, result by result.
  const unequal: unknown[] = [];
  for (const [key, result] of standing) {
    const mine = (byResult.get(key) ?? []).filter((r) => !r.rolledBack);
    const pnlShares = mine.reduce((s, r) => s + r.pnl, 0);
    const commissionShares = mine.reduce((s, r) => s + r.commission, 0);
    const rebate = byKey.get(`rebate:${key.split('|')[0]}:${result.user}`)?.amount ?? 0;
    if (mine.length === 0 || pnlShares !== -result.pnl || commissionShares !== rebate)
      unequal.push({
        result: key,
        bettorPnl: result.pnl,
        levels: mine.length,
        pnlShares,
        rebate,
        commissionShares,
      });
  }
  const orphanRows = [...byResult]
    .filter(([key, rs]) => rs.some((r) => !r.rolledBack) && !standing.has(key))
    .map(([key]) => key);
  const notMarked = [...byResult]
    .filter(([key, rs]) => rolledBackResults.has(key) && rs.some((r) => !r.rolledBack))
    .map(([key]) => key);

  // 2. The postings are the rows.
  const wrongPostings: unknown[] = [];
  const groups = new Map<
    string,
    { pnl: number; commission: number; rolledBack: boolean; kind: 'level' | 'bettor' }
  >();
  for (const r of rows) {
    for (const [key, amount, kind] of [
      [`${stemOf(r)}:${r.level}`, r.pnl, 'level'],
      [`${stemOf(r)}:${r.user}`, r.commission, 'bettor'],
    ] as const) {
      const g = groups.get(`${kind}|${key}`) ?? { pnl: 0, commission: 0, rolledBack: r.rolledBack, kind };
      if (kind === 'level') {
        g.pnl += amount;
        g.commission += r.commission;
      } else g.commission += amount;
      groups.set(`${kind}|${key}`, g);
    }
  }
  const signedShare = (t: { amount: number; debit: number } | undefined) =>
    t ? (t.debit === sharesId ? t.amount : -t.amount) : 0;
  const reversedOnce = (key: string, rolledBack: boolean) => {
    const t = byKey.get(key);
    const back = byKey.get(`rollback:${key}`);
    if (!t) return back === undefined;
    return rolledBack
      ? back !== undefined && back.amount === t.amount && back.debit === t.credit && back.credit === t.debit
      : back === undefined;
  };
  for (const [id, g] of groups) {
    const [kind, key] = id.split('|') as ['level' | 'bettor', string];
    const problems =
      kind === 'level'
        ? [
            signedShare(byKey.get(`share:${key}`)) !== g.pnl &&
              `share ${signedShare(byKey.get(`share:${key}`))} != rows ${g.pnl}`,
            (byKey.get(`rebateshare:${key}`)?.amount ?? 0) !== g.commission &&
              `commission ${byKey.get(`rebateshare:${key}`)?.amount ?? 0} != rows ${g.commission}`,
            !reversedOnce(`share:${key}`, g.rolledBack) && 'share reversal',
            !reversedOnce(`rebateshare:${key}`, g.rolledBack) && 'commission reversal',
          ]
        : [
            (byKey.get(`rebate:${key}`)?.amount ?? 0) !== g.commission &&
              `rebate ${byKey.get(`rebate:${key}`)?.amount ?? 0} != rows ${g.commission}`,
            !reversedOnce(`rebate:${key}`, g.rolledBack) && 'rebate reversal',
          ];
    const found = problems.filter(Boolean);
    if (found.length > 0) wrongPostings.push({ [kind]: key, rolledBack: g.rolledBack, problems: found });
  }
  const orphanPostings = postings
    .map((p) => /^(share|rebateshare|rebate):(casino:\d+|\d+:\d+):(\d+)$/.exec(String(p.key)))
    .filter(
      (m): m is RegExpExecArray =>
        m !== null && !groups.has(`${m[1] === 'rebate' ? 'bettor' : 'level'}|${m[2]}:${m[3]}`),
    )
    .map((m) => m[0]);

  // 3. Each result split by the figures of the bettor's first bet on it.
  const wrongSplits = await checkFigures(q, standing, byResult);

  // 4. In the ledger.
  const [bettors] = await q(`
    select (select coalesce(sum(net_pnl_paise - commission_paise), 0) from settlement_results where rolled_back_at is null)
         + (select coalesce(sum(returned_paise - amount_paise), 0) from casino_transactions where kind = 'debit' and bet_state = 'settled')
         - (select coalesce(sum(t.amount_paise), 0) from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id and a.kind = 'user'
            where t.idempotency_key like 'void:%') as pnl`);
  const [levels] = await q(
    `select coalesce(sum(balance_paise), 0) as pnl, count(*) as accounts from ledger_accounts where kind = 'pnl'`,
  );
  // What the pnl and shares accounts paid to chips accounts (net): the commissions standing.
  const [paid] = await q(`
    select coalesce(sum(case when p.kind in ('pnl', 'shares') then t.amount_paise else -t.amount_paise end), 0) as paid,
           count(*) filter (where p.kind not in ('pnl', 'shares') and c.kind not in ('pnl', 'shares')) as none
    from ledger_transfers t join ledger_accounts p on p.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
    where (p.kind in ('pnl', 'shares')) <> (c.kind in ('pnl', 'shares'))`);
  const shares = sharesAccount ? n(sharesAccount.balance_paise) : 0;
  const ledger = {
    shares,
    bettorsPnl: n(bettors!.pnl),
    levels: n(levels!.pnl),
    commissionsPaid: n(paid!.paid),
  };
  const ledgerOk =
    ledger.shares === ledger.bettorsPnl && ledger.levels + ledger.shares === -ledger.commissionsPaid;

  const standingCount = `${standing.size} results standing (${casino.length} casino), ${rows.length} rows`;
  return [
    {
      name: "the shares posted equal the bettors' P&L (each result standing: its levels' P&L shares add up to minus the bettor's P&L, their commission shares to the rebate)",
      ok: unequal.length + orphanRows.length + notMarked.length === 0,
      detail:
        unequal.length + orphanRows.length + notMarked.length === 0
          ? standingCount
          : JSON.stringify({
              unequal: unequal.slice(0, 5),
              orphanRows: orphanRows.slice(0, 5),
              notMarkedRolledBack: notMarked.slice(0, 5),
            }),
    },
    {
      name: 'the share and commission postings are the split rows (reversed exactly once when rolled back)',
      ok: wrongPostings.length + orphanPostings.length === 0,
      detail:
        wrongPostings.length + orphanPostings.length === 0
          ? `${groups.size} levels and bettors of results, ${postings.length} postings`
          : JSON.stringify({ wrong: wrongPostings.slice(0, 5), orphans: orphanPostings.slice(0, 5) }),
    },
    {
      name: "each result is split by the figures in force at the bettor's first bet on it (each level its percentage, the agent the rest)",
      ok: wrongSplits.wrong.length === 0,
      detail:
        wrongSplits.wrong.length === 0
          ? `${wrongSplits.checked} splits, ${wrongSplits.changed} of them by figures changed since`
          : `${wrongSplits.wrong.length}: ${JSON.stringify(wrongSplits.wrong.slice(0, 3))}`,
    },
    {
      name: "the shares account holds the bettors' P&L standing; pnl and shares move no chips (they hold minus the commissions paid)",
      ok: ledgerOk,
      detail: `${JSON.stringify(ledger)}, ${levels!.accounts} pnl accounts`,
    },
  ];
}

/** Check 3: the split each result should have, from the tree, the figures' history and the first bets. */
async function checkFigures(
  q: Query,
  standing: ReadonlyMap<
    string,
    { source: 'MARKET' | 'CASINO'; id: number; version: number; user: number; pnl: number; at?: Date }
  >,
  byResult: ReadonlyMap<
    string,
    { level: number; depth: number; shareBp: number; pnl: number; commission: number; rolledBack: boolean }[]
  >,
): Promise<{ checked: number; changed: number; wrong: unknown[] }> {
  const n = (v: unknown) => Number(v);
  const parents = new Map(
    (await q(`select id, parent_id from users`)).map((u) => [
      n(u.id),
      u.parent_id === null ? null : n(u.parent_id),
    ]),
  );
  const history = new Map<
    number,
    { at: number; partnershipBp: number; matchBp: number; sessionBp: number; casinoBp: number }[]
  >();
  for (const t of await q(
    `select user_id, partnership_bp, match_commission_bp, session_commission_bp, casino_commission_bp, effective_at from account_terms order by user_id, effective_at, id`,
  ))
    history.set(n(t.user_id), [
      ...(history.get(n(t.user_id)) ?? []),
      {
        at: (t.effective_at as Date).getTime(),
        partnershipBp: n(t.partnership_bp ?? 0),
        matchBp: n(t.match_commission_bp),
        sessionBp: n(t.session_commission_bp),
        casinoBp: n(t.casino_commission_bp),
      },
    ]);
  const termsAt = (userId: number, at: number) => {
    const found = (history.get(userId) ?? []).filter((t) => t.at <= at).at(-1);
    return found ?? { at: 0, partnershipBp: 0, matchBp: 0, sessionBp: 0, casinoBp: 0 };
  };
  const marketIds = [
    ...new Set([...standing.values()].filter((r) => r.source === 'MARKET').map((r) => r.id)),
  ];
  const markets = new Map(
    (await q(`select id, kind, market_type, result_kind from markets where id = any($1)`, [marketIds])).map(
      (m) => [n(m.id), m],
    ),
  );
  const firsts = new Map(
    (
      await q(
        `select market_id, user_id, min(placed_at) as first, sum(matched_paise) as stakes from orders where market_id = any($1) group by market_id, user_id`,
        [marketIds],
      )
    ).map((o) => [`${o.market_id}|${o.user_id}`, { at: (o.first as Date).getTime(), stakes: n(o.stakes) }]),
  );
  const now = Date.now();
  let checked = 0;
  let changed = 0;
  const wrong: unknown[] = [];
  for (const [key, r] of standing) {
    const first =
      r.source === 'CASINO' ? { at: r.at!.getTime(), stakes: 0 } : firsts.get(`${r.id}|${r.user}`);
    const above: number[] = [];
    for (let p = parents.get(r.user); p != null; p = parents.get(p)) above.unshift(p);
    if (!first || above.length === 0) {
      wrong.push({ result: key, why: !first ? 'no first bet' : 'no level above the bettor' });
      continue;
    }
    const chainAt = (at: number): ChainLevel[] =>
      above.map((userId, i) => ({
        userId,
        partnershipBp: i === 0 ? FULL_SHARE_BP : termsAt(userId, at).partnershipBp,
      }));
    const rates = termsAt(r.user, first.at);
    const market = markets.get(r.id);
    const base: CommissionBase =
      r.source === 'CASINO'
        ? { kind: 'CASINO', netPnlPaise: r.pnl }
        : market?.result_kind === 'VOID'
          ? { kind: 'NONE' }
          : market?.kind === 'FANCY'
            ? { kind: 'SESSION', stakesPaise: first.stakes }
            : market?.kind === 'BOOKMAKER' || market?.market_type === 'MATCH_ODDS'
              ? { kind: 'MATCH', netPnlPaise: r.pnl }
              : { kind: 'NONE' };
    const expected = splitResult(r.pnl, commissionOf(base, rates), chainAt(first.at)).map((l) => [
      l.userId,
      l.depth,
      l.shareBp,
      l.pnlSharePaise,
      l.commissionSharePaise,
    ]);
    const got = (byResult.get(key) ?? [])
      .filter((x) => !x.rolledBack)
      .map((x) => [x.level, x.depth, x.shareBp, x.pnl, x.commission]);
    checked++;
    if (
      JSON.stringify(chainAt(first.at)) !== JSON.stringify(chainAt(now)) ||
      JSON.stringify(rates) !== JSON.stringify(termsAt(r.user, now))
    )
      changed++;
    if (JSON.stringify(got) !== JSON.stringify(expected))
      wrong.push({ result: key, firstBet: new Date(first.at).toISOString(), expected, got });
  }
  return { checked, changed, wrong };
}
