/**
 * The bank checker and the crash test, short forms (`npm run proof` runs the long ones): two
 * server processes on a fresh PostgreSQL database with NATS, bettors and the operator over HTTP
 * on both, then every invariant of the checker. The crash: kill -9 of the process holding the
 * feed lease in the middle of the load, restarted; calls to it fail as unknown outcomes and are
 * retried with their ids, and nothing acknowledged is lost or doubled.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankRun, describeRun, leaseHolder, startBankCluster, type BankCluster, type BankRun } from './bank.ts';
import { checkBank } from './checker.ts';

describe('two server processes under the bank workload', () => {
  let bank: BankCluster;
  let crashRun: BankRun | undefined;
  beforeAll(async () => {
    bank = await startBankCluster({ env: { FEED_SIMULATOR: '1' } });
  });
  afterAll(() => bank?.stop());

  it('keeps every invariant of the bank checker under ~20 s of concurrent bets and casino rounds', async () => {
    const run = await bankRun(bank, { durationMs: 20_000, bettors: 30 });
    console.log(`bank checker, 2 processes:\n${describeRun(run)}`);
    expect(run.failed).toEqual([]);
    // A load that proves something: bets of every kind acknowledged, markets settled and rolled back.
    for (const kind of ['exchange bet', 'bookmaker bet', 'fancy bet', 'cancel', 'casino debit', 'casino credit', 'declare result', 'take break'] as const)
      expect(run.log.tallies.get(kind)?.acknowledged, kind).toBeGreaterThan(0);
    // No fault was injected: every call has an answer.
    expect(run.log.serverErrors).toEqual([]);
  });

  it('loses and doubles nothing when the feed lease holder is killed (kill -9) mid-load and restarted', async () => {
    let killed: number | undefined;
    const run = await bankRun(bank, {
      durationMs: 16_000,
      bettors: 30,
      liveClients: 3,
      midway: async () => {
        killed = (await leaseHolder(bank.cluster.urls, 'feed')) ?? 0;
        await bank.cluster.kill(killed);
        await new Promise((r) => setTimeout(r, 1_000));
        await bank.cluster.restart(killed);
      },
    });
    crashRun = run;
    console.log(`crash test (process ${killed} killed and restarted):\n${describeRun(run)}`);
    expect(run.failed).toEqual([]);
    // The kill was seen by the clients: some calls went unanswered.
    expect(run.log.serverErrors.length).toBeGreaterThan(0);
    // The live clients saw it: the killed process's sockets came back, with fresh images.
    expect(run.live!.reconnects).toBeGreaterThan(0);
    // Both processes answer again.
    for (const url of bank.cluster.urls) expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  // The checker itself can fail: a payment posted twice (balances kept consistent, as a bug would),
  // an acknowledged bet that is not in the database, an exposure no take-back explains (raised in
  // SQL on a bettor no rollback touched, its market position with it) and a level's share posted
  // a paisa off its split (ADR 48) are all reported.
  it('reports a doubled settlement payment, a lost acknowledged bet, an unexplained negative balance and a share off its split', async () => {
    expect(crashRun).toBeDefined();
    const db = new pg.Client({ connectionString: bank.cluster.databaseUrl });
    await db.connect();
    try {
      await db.query(`
        with paid as (
          select * from ledger_transfers where idempotency_key like 'settle:%' and idempotency_key not like '%:rounding' order by id limit 1
        ), copy as (
          insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, remark, debit_balance_after_paise, credit_balance_after_paise)
          select regexp_replace(idempotency_key, '^settle:(\\d+):(\\d+):', 'settle:\\1:9\\2:'), debit_account_id, credit_account_id, amount_paise, reason, remark, 0, 0 from paid
          returning debit_account_id, credit_account_id, amount_paise
        ), debited as (
          update ledger_accounts a set balance_paise = balance_paise - c.amount_paise from copy c where a.id = c.debit_account_id
        )
        update ledger_accounts a set balance_paise = balance_paise + c.amount_paise from copy c where a.id = c.credit_account_id`);
      // A user no rollback or void touched (a demo account, say), its exposure raised past its balance.
      const [user] = (
        await db.query<{ user_id: number; raise: string }>(
          `select user_id, balance_paise - exposure_paise + 10000 as raise from ledger_accounts
           where kind = 'user' and user_id not in (select user_id from settlement_results where rolled_back_at is not null)
           order by user_id limit 1`,
        )
      ).rows;
      expect(user).toBeDefined();
      await db.query('update ledger_accounts set exposure_paise = exposure_paise + $2 where user_id = $1', [user!.user_id, user!.raise]);
      await db.query(
        `insert into market_positions (market_id, user_id, exposure_paise) values ($2, $1, $3)
         on conflict (market_id, user_id) do update set exposure_paise = market_positions.exposure_paise + excluded.exposure_paise`,
        [user!.user_id, [...crashRun!.log.markets.keys()][0], user!.raise],
      );
      // A level's share of a standing result, a paisa more than its rows (balances kept in step).
      await db.query(`
        with share as (
          update ledger_transfers set amount_paise = amount_paise + 1
          where id = (select id from ledger_transfers where idempotency_key like 'share:%' and idempotency_key not in
                      (select substr(idempotency_key, 10) from ledger_transfers where idempotency_key like 'rollback:share:%') order by id limit 1)
          returning debit_account_id, credit_account_id
        ), debited as (
          update ledger_accounts a set balance_paise = balance_paise - 1 from share s where a.id = s.debit_account_id
        )
        update ledger_accounts a set balance_paise = balance_paise + 1 from share s where a.id = s.credit_account_id`);
    } finally {
      await db.end();
    }
    const log = crashRun!.log;
    log.bets.set('never-placed', { clientRef: 'never-placed', userId: log.bettors[0]!.userId, marketId: 1, outcome: 'ok', betId: 1 });
    const failed = (await checkBank(bank.cluster.databaseUrl, log, bank.cluster.urls)).filter((c) => !c.ok).map((c) => c.name);
    expect(failed).toContain('settlement postings match the settlement rows (no payment doubled or missing)');
    expect(failed).toContain('every acknowledged bet exists, once, as answered');
    expect(failed).toContain('an available balance is below zero only by what the operator took back (rollbacks, voids)');
    expect(failed).toContain('the share and commission postings are the split rows (reversed exactly once when rolled back)');
    expect(failed).toContain("the shares account holds the bettors' P&L standing; pnl and shares move no chips (they hold minus the commissions paid)");
    // Only those: the raised exposure is in the positions too, so no other check is tripped.
    expect(failed).toHaveLength(5);
  });
});
