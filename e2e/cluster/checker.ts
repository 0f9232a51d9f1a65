import pg from 'pg';
import { settleMarket, type MatchedFancyBet, type MatchedRunnerBet, type RunnerResult } from '@exchange/engine';
import { callApi } from './client.ts';
import { checkShares } from './shares-checker.ts';
import { checkNegativeAvailable } from './take-backs.ts';
import type { WorkloadLog } from './workload.ts';

/**
 * The bank checker: after a workload, what must hold in the cluster's database (read in SQL over
 * a connection of its own) and over the API, whatever faults were injected. Each check gives the
 * first offending rows, so a failure says what was lost or doubled.
 */
export interface Check {
  name: string;
  ok: boolean;
  /** What was checked (rows, users), and the offenders when it failed. */
  detail: string;
}

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v);
const first = (rows: unknown[]) => JSON.stringify(rows.slice(0, 5));

export async function checkBank(databaseUrl: string, log: WorkloadLog, origins: string[]): Promise<Check[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const q = async <T extends Row = Row>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
  const checks: Check[] = [];
  const check = (name: string, offenders: unknown[], of: string) =>
    checks.push({ name, ok: offenders.length === 0, detail: offenders.length === 0 ? of : `${offenders.length} of ${of}: ${first(offenders)}` });
  try {
    const [sum] = await q('select coalesce(sum(balance_paise), 0) as total, count(*) as accounts from ledger_accounts');
    check('postings sum to zero', n(sum!.total) === 0 ? [] : [{ sumPaise: n(sum!.total) }], `${sum!.accounts} accounts`);

    const [transfers] = await q('select count(*) as c from ledger_transfers');
    check(
      'each transfer balances (one debit, one credit of one positive amount)',
      await q('select id, amount_paise from ledger_transfers where amount_paise <= 0 or debit_account_id = credit_account_id'),
      `${transfers!.c} transfers`,
    );

    check(
      "every account's balance equals the sum of its postings",
      await q(`
        select a.id, a.balance_paise,
               coalesce((select sum(amount_paise) from ledger_transfers where credit_account_id = a.id), 0)
             - coalesce((select sum(amount_paise) from ledger_transfers where debit_account_id = a.id), 0) as postings
        from ledger_accounts a
        where a.balance_paise <> coalesce((select sum(amount_paise) from ledger_transfers where credit_account_id = a.id), 0)
                               - coalesce((select sum(amount_paise) from ledger_transfers where debit_account_id = a.id), 0)`),
      `${sum!.accounts} accounts`,
    );

    const users = await q(`select count(*) as c from ledger_accounts where kind = 'user'`);
    checks.push(...(await checkNegativeAvailable(q, log, origins)));

    // The casino keeps no reservation (a debit moves the stake at once): exposure is the markets' alone.
    const exposureOff = await q(`
        select a.id, a.user_id, a.exposure_paise, coalesce(p.total, 0) as positions
        from ledger_accounts a
        left join (select user_id, sum(exposure_paise) as total from market_positions group by user_id) p on p.user_id = a.user_id
        where a.exposure_paise <> coalesce(p.total, 0)`);
    // The offenders' positions, market by market, for the post-mortem.
    const theirPositions = exposureOff.length === 0 ? [] : await q(
      `select p.user_id, p.market_id, m.kind, m.status, m.settled_at is not null as settled, m.settlement_version, p.exposure_paise
       from market_positions p join markets m on m.id = p.market_id where p.user_id = any($1) and p.exposure_paise > 0 order by p.user_id, p.market_id`,
      [exposureOff.slice(0, 3).map((r) => r.user_id)],
    );
    check("each account's exposure equals the sum of its market positions", exposureOff, `${users[0]!.c} users`);
    if (exposureOff.length > 0) checks.at(-1)!.detail += `; their positions: ${JSON.stringify(theirPositions)}`;

    checks.push(...(await checkSettlements(q, new Set(log.markets.keys()))));
    checks.push(...(await checkShares(q)));
    checks.push(...(await checkAcknowledged(q, log)));
    checks.push(...(await checkCashOuts(q, log)));
    checks.push(await checkApiBalances(q, log, origins));
  } finally {
    await db.end();
  }
  return checks;
}

export type Query = <T extends Row = Row>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * Every settlement paid exactly once: each version's settle/commission postings match its
 * settlement_results rows, a rolled-back version is reversed exactly once and a live one not at
 * all, at most one live version per market (on a settled market), and the live version's amounts
 * equal the P&L the engine computes afresh from the market's fills and matched bets.
 */
async function checkSettlements(q: Query, ours: ReadonlySet<number>): Promise<Check[]> {
  const results = await q(`select market_id, version, user_id, net_pnl_paise, commission_paise, rolled_back_at from settlement_results`);
  const postings = await q(`
    select t.idempotency_key as key, t.amount_paise as amount, a.user_id as debit_user, b.user_id as credit_user
    from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id join ledger_accounts b on b.id = t.credit_account_id
    where t.idempotency_key like 'settle:%' or t.idempotency_key like 'commission:%' or t.idempotency_key like 'rollback:%'`);
  const byKey = new Map(postings.map((p) => [String(p.key), p]));
  /** What a posting moved into the user's account (negative: out of it). */
  const intoUser = (key: string, userId: number) => {
    const p = byKey.get(key);
    if (!p) return 0;
    return n(p.credit_user) === userId ? n(p.amount) : n(p.debit_user) === userId ? -n(p.amount) : NaN;
  };
  const wrongPostings: unknown[] = [];
  const wrongReversals: unknown[] = [];
  const liveVersions = new Map<number, Set<number>>();
  for (const r of results) {
    const [m, v, u] = [n(r.market_id), n(r.version), n(r.user_id)];
    const id = `${m}:${v}:${u}`;
    const net = intoUser(`settle:${id}`, u);
    const commission = -intoUser(`commission:${id}`, u);
    if (net !== n(r.net_pnl_paise) || commission !== n(r.commission_paise))
      wrongPostings.push({ market: m, version: v, user: u, net, expected: n(r.net_pnl_paise), commission, expectedCommission: n(r.commission_paise) });
    const reversed = ['settle', 'commission'].filter((k) => byKey.has(`${k}:${id}`)).every((k) => byKey.has(`rollback:${k}:${id}`));
    const anyReversal = ['settle', 'commission'].some((k) => byKey.has(`rollback:${k}:${id}`));
    if (r.rolled_back_at ? !reversed : anyReversal) wrongReversals.push({ market: m, version: v, user: u, rolledBack: Boolean(r.rolled_back_at) });
    if (!r.rolled_back_at) liveVersions.set(m, (liveVersions.get(m) ?? new Set()).add(v));
  }
  // A posting with no settlement row behind it would be money from nowhere.
  const orphans = postings.filter((p) => {
    const m = /^(?:rollback:)?(?:settle|commission):(\d+):(\d+):(\d+)$/.exec(String(p.key));
    return m && !results.some((r) => n(r.market_id) === n(m[1]) && n(r.version) === n(m[2]) && n(r.user_id) === n(m[3]));
  });

  const settled = await q(`select id, kind, commission_bps, result_kind, result_runs, settlement_version from markets where settled_at is not null`);
  const doubled = [...liveVersions].filter(([m, vs]) => vs.size > 1 || !settled.some((s) => n(s.id) === m)).map(([m, vs]) => ({ market: m, liveVersions: [...vs] }));

  const mismatches: unknown[] = [];
  // The workload's markets (two runners, one winner, no non-runner): the feed's races, when it runs, have rules of their own.
  for (const market of settled.filter((s) => ours.has(n(s.id)))) {
    const id = n(market.id);
    const version = n(market.settlement_version);
    const expected = await engineSettlement(q, market);
    const stored = new Map(results.filter((r) => n(r.market_id) === id && n(r.version) === version).map((r) => [n(r.user_id), r]));
    for (const u of expected.users) {
      const got = intoUser(`settle:${id}:${version}:${u.userId}`, u.userId);
      const commission = -intoUser(`commission:${id}:${version}:${u.userId}`, u.userId);
      if (got !== u.netPnlPaise || commission !== u.commissionPaise || !stored.has(u.userId))
        mismatches.push({ market: id, kind: market.kind, user: u.userId, engine: u.netPnlPaise, posted: got, engineCommission: u.commissionPaise, commission });
      stored.delete(u.userId);
    }
    for (const extra of stored.keys()) mismatches.push({ market: id, user: extra, engine: 'no bets', posted: intoUser(`settle:${id}:${version}:${extra}`, extra) });
  }
  return [
    { name: 'settlement postings match the settlement rows (no payment doubled or missing)', ok: wrongPostings.length + orphans.length === 0, detail: wrongPostings.length + orphans.length === 0 ? `${results.length} user settlements, ${postings.length} postings` : first([...wrongPostings, ...orphans]) },
    { name: 'each rolled-back settlement reversed exactly once, no live one reversed', ok: wrongReversals.length === 0, detail: wrongReversals.length === 0 ? `${results.filter((r) => r.rolled_back_at).length} rolled back` : first(wrongReversals) },
    { name: 'at most one live settlement per market, on settled markets only', ok: doubled.length === 0, detail: doubled.length === 0 ? `${settled.length} settled markets` : first(doubled) },
    { name: "each user's settlement equals the engine's P&L from the fills", ok: mismatches.length === 0, detail: mismatches.length === 0 ? `${settled.filter((s) => ours.has(n(s.id))).length} markets` : `${mismatches.length}: ${first(mismatches)}` },
  ];
}

/** The engine's settlement of a settled market, from its stored fills (exchange) or matched bets (house). */
async function engineSettlement(q: Query, market: Row) {
  const id = n(market.id);
  const commissionBps = n(market.commission_bps);
  const isVoid = market.result_kind === 'VOID';
  if (market.kind === 'FANCY') {
    const bets = await q(`select id, user_id, side, line, price, matched_paise from orders where market_id = $1 and matched_paise > 0 order by id`, [id]);
    const matched: MatchedFancyBet[] = bets.map((b) => ({ betId: String(b.id), userId: n(b.user_id), side: b.side as 'YES' | 'NO', line: n(b.line ?? 0), ratePercent: n(b.price), sizePaise: n(b.matched_paise) }));
    return settleMarket({ kind: 'FANCY', bets: matched, result: isVoid ? 'VOID' : { runs: n(market.result_runs) }, commissionBps });
  }
  let matched: MatchedRunnerBet[];
  if (market.kind === 'EXCHANGE') {
    const fills = await q(`select taker_order_id, maker_order_id, taker_user_id, maker_user_id, selection_id, taker_side, price, size_paise, seq from fills where market_id = $1 order by id`, [id]);
    matched = fills.flatMap((f): MatchedRunnerBet[] => [
      { betId: String(f.taker_order_id), userId: n(f.taker_user_id), selectionId: n(f.selection_id), side: f.taker_side as 'BACK' | 'LAY', price: n(f.price), sizePaise: n(f.size_paise), matchedSeq: n(f.seq) },
      { betId: String(f.maker_order_id), userId: n(f.maker_user_id), selectionId: n(f.selection_id), side: f.taker_side === 'BACK' ? 'LAY' : 'BACK', price: n(f.price), sizePaise: n(f.size_paise), matchedSeq: n(f.seq) },
    ]);
  } else {
    const bets = await q(`select id, user_id, selection_id, side, price, matched_paise, book_seq from orders where market_id = $1 and matched_paise > 0 order by id`, [id]);
    matched = bets.map((b) => ({ betId: String(b.id), userId: n(b.user_id), selectionId: n(b.selection_id), side: b.side as 'BACK' | 'LAY', price: n(b.price), sizePaise: n(b.matched_paise), matchedSeq: n(b.book_seq) }));
  }
  const runners = await q(`select selection_id, status from runners where market_id = $1`, [id]);
  const result: RunnerResult[] = runners.map((r) => ({ selectionId: n(r.selection_id), status: r.status === 'WINNER' ? 'WINNER' : 'LOSER' }));
  return settleMarket({ kind: market.kind as 'EXCHANGE' | 'BOOKMAKER', bets: matched, result: isVoid ? 'VOID' : result, commissionBps });
}

/** Every acknowledged bet and wallet call exists, once; nothing refused exists. */
async function checkAcknowledged(q: Query, log: WorkloadLog): Promise<Check[]> {
  const refs = [...log.bets.keys()];
  const orders = await q(`select id, user_id, market_id, client_ref from orders where client_ref = any($1)`, [refs]);
  const byRef = new Map<string, Row[]>();
  for (const o of orders) byRef.set(String(o.client_ref), [...(byRef.get(String(o.client_ref)) ?? []), o]);
  const bets = [...log.bets.values()];
  const acked = bets.filter((b) => b.outcome === 'ok');
  const missing = acked.filter((b) => {
    const found = byRef.get(b.clientRef) ?? [];
    return found.length !== 1 || n(found[0]!.id) !== b.betId || n(found[0]!.user_id) !== b.userId || n(found[0]!.market_id) !== b.marketId;
  });
  const doubled = [...byRef].filter(([, rows]) => rows.length > 1).map(([ref, rows]) => ({ ref, bets: rows.map((r) => r.id) }));
  const refusedExisting = bets.filter((b) => b.outcome === 'refused' && byRef.has(b.clientRef));
  const unknown = bets.filter((b) => b.outcome === 'unknown');

  const calls = [...log.casino.values()];
  // A rollback moves the stake back only when its debit was taken: one that came before its
  // debit (whose answer was lost: a marker that refuses it later) or after a refused one moves nothing.
  const rows = await q(
    `select c.transaction_id, c.kind, c.user_id, c.amount_paise, c.status, c.ledger_transfer_id,
            c.kind = 'rollback' and (d.id is null or d.status <> 'OK') as moves_nothing
     from casino_transactions c
     left join casino_transactions d on d.provider_id = c.provider_id and d.transaction_id = c.reference_transaction_id and d.kind = 'debit'
     where c.transaction_id = any($1)`,
    [calls.map((c) => c.transactionId)],
  );
  const byTx = new Map<string, Row[]>();
  for (const r of rows) byTx.set(String(r.transaction_id), [...(byTx.get(String(r.transaction_id)) ?? []), r]);
  const casinoMissing = calls
    .filter((c) => c.outcome === 'ok')
    .filter((c) => {
      const found = byTx.get(c.transactionId) ?? [];
      const r = found[0];
      return found.length !== 1 || r!.kind !== c.kind || n(r!.user_id) !== c.userId || n(r!.amount_paise) !== c.amountPaise || r!.status !== 'OK' || (c.amountPaise > 0 && r!.ledger_transfer_id === null && r!.moves_nothing !== true);
    });
  const casinoDoubled = [...byTx].filter(([, found]) => found.length > 1).map(([id]) => id);
  // A wallet call the platform refused moved no money.
  const casinoRefusedMoved = calls.filter((c) => c.outcome === 'refused' && (byTx.get(c.transactionId) ?? []).some((r) => r.ledger_transfer_id !== null));
  return [
    { name: 'every acknowledged bet exists, once, as answered', ok: missing.length + doubled.length === 0, detail: missing.length + doubled.length === 0 ? `${acked.length} acknowledged, ${unknown.length} unknown (${unknown.filter((b) => byRef.has(b.clientRef)).length} of them placed)` : first([...missing, ...doubled]) },
    { name: 'no refused bet exists', ok: refusedExisting.length === 0, detail: refusedExisting.length === 0 ? `${bets.filter((b) => b.outcome === 'refused').length} refused` : first(refusedExisting) },
    { name: 'every acknowledged casino debit/credit/rollback exists once', ok: casinoMissing.length + casinoDoubled.length === 0, detail: casinoMissing.length + casinoDoubled.length === 0 ? `${calls.filter((c) => c.outcome === 'ok').length} acknowledged` : first([...casinoMissing, ...casinoDoubled]) },
    { name: 'no refused casino call moved money', ok: casinoRefusedMoved.length === 0, detail: casinoRefusedMoved.length === 0 ? `${calls.filter((c) => c.outcome === 'refused').length} refused` : first(casinoRefusedMoved) },
  ];
}

/**
 * Cash outs (ADR 49): every acknowledged one exists once, as answered, and no refused one does;
 * every cash out's legs are there and matched whole (all or none); an automatic rule that fired
 * is gone, and fired once (a second cash out of the same rule would need a second row for its
 * client_ref, which the unique index forbids, so the count of AUTO rows per rule is checked).
 */
async function checkCashOuts(q: Query, log: WorkloadLog): Promise<Check[]> {
  const records = [...log.cashOuts.values()];
  const rows = await q(`select id, user_id, market_id, client_ref, origin from cash_outs where user_id = any($1)`, [log.bettors.map((b) => b.userId)]);
  const byRef = new Map(rows.map((r) => [`${n(r.user_id)}|${String(r.client_ref)}`, r]));
  const missing = records.filter((c) => {
    if (c.outcome !== 'ok') return false;
    const row = byRef.get(`${c.userId}|${c.clientRef}`);
    return !row || n(row.id) !== c.cashOutId || n(row.market_id) !== c.marketId;
  });
  const refusedExisting = records.filter((c) => c.outcome === 'refused' && byRef.has(`${c.userId}|${c.clientRef}`));
  const legs = await q(
    `select c.id, count(o.id) as legs, count(o.id) filter (where o.matched_paise <> o.size_paise or o.status in ('OPEN', 'CANCELLED')) as not_whole
     from cash_outs c left join orders o on o.cash_out_id = c.id where c.user_id = any($1) group by c.id`,
    [log.bettors.map((b) => b.userId)],
  );
  const broken = legs.filter((l) => n(l.legs) === 0 || n(l.not_whole) > 0);
  const autos = rows.filter((r) => r.origin === 'AUTO');
  const ruleIds = autos.map((r) => String(r.client_ref).replace(/^auto:/, ''));
  const left = ruleIds.length === 0 ? [] : await q(`select id from auto_cash_outs where id::text = any($1)`, [ruleIds]);
  const twice = ruleIds.filter((id, i) => ruleIds.indexOf(id) !== i);
  const [rules] = await q(`select count(*) as c from auto_cash_outs where user_id = any($1)`, [log.bettors.map((b) => b.userId)]);
  return [
    {
      name: 'every acknowledged cash out exists once, as answered; no refused one exists',
      ok: missing.length + refusedExisting.length === 0,
      detail:
        missing.length + refusedExisting.length === 0
          ? `${records.filter((c) => c.outcome === 'ok').length} acknowledged, ${records.filter((c) => c.outcome === 'refused').length} refused`
          : first([...missing, ...refusedExisting]),
    },
    { name: "every cash out's legs are there, each matched whole (all or none)", ok: broken.length === 0, detail: broken.length === 0 ? `${legs.length} cash outs` : first(broken) },
    {
      name: 'each automatic cash out fired once, and its rule is gone',
      ok: left.length + twice.length === 0,
      detail: left.length + twice.length === 0 ? `${autos.length} fired, ${rules!.c} rules waiting` : first([...left, ...twice]),
    },
  ];
}

/**
 * Over the API, on every process: each bettor's balance and liability are its ledger's. The feed
 * (its market maker) and the automatic cash outs still move money while this runs: a bettor whose
 * ledger changed between its read and the API's is read again (ledger, API, ledger), and only an
 * answer that differs from a ledger that held still around it counts as wrong: a stale cache.
 */
async function checkApiBalances(q: Query, log: WorkloadLog, origins: string[]): Promise<Check> {
  const ledgerOf = async (userIds: number[]) => {
    const accounts = await q(`select user_id, balance_paise, exposure_paise from ledger_accounts where user_id = any($1)`, [userIds]);
    return new Map(accounts.map((a) => [n(a.user_id), { total_balance: n(a.balance_paise) / 100, liability: n(a.exposure_paise) / 100 }]));
  };
  const same = (x: { total_balance: number; liability: number }, y: { total_balance: number; liability: number }) =>
    x.total_balance === y.total_balance && x.liability === y.liability;
  const wrong: unknown[] = [];
  for (const origin of origins)
    for (const b of log.bettors) {
      for (let attempt = 1; ; attempt++) {
        const before = (await ledgerOf([b.userId])).get(b.userId)!;
        const res = await callApi(origin, 'getUserBalance', undefined, b.token);
        if (res.kind === 'ok' && same(res.data, before)) break;
        const after = (await ledgerOf([b.userId])).get(b.userId)!;
        if (same(before, after) || attempt === 5) {
          wrong.push({ origin, user: b.userName, api: res.kind === 'ok' ? res.data : res, ledger: after, attempts: attempt });
          break;
        }
      }
    }
  return { name: 'every process answers each bettor the ledger balance and liability', ok: wrong.length === 0, detail: wrong.length === 0 ? `${log.bettors.length} bettors x ${origins.length} processes` : first(wrong) };
}
