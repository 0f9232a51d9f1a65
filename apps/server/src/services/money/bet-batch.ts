/**
 * The group commit's writer (ADR 31): the bets of every market batch ready at once, written in
 * ONE transaction and one round trip. Set-wise first (bet-setwise.ts: the whole commit as one
 * statement, written only if every bet passes as planned); else bet by bet, one bet statement
 * each (bet-statement.ts), where each refusal is found at its own bet.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { betPoolOf, type Db } from '../../db/client.ts';
import { betStatement, executeOnPglite, isPglite, takerDeltaOf, type BetRow, type PgliteRaw } from './bet-statement.ts';
import { SETWISE_BET_STATEMENT, setwiseAnswers, setwiseValues } from './bet-setwise.ts';
import { sqlStateOf, type BetPlan } from './bet-writer.ts';

const { escapeLiteral } = pg;

/** The bet statement prepared in SQL (PREPARE), for a batch sent as one simple query of EXECUTEs. */
const BET_SQL_STATEMENT = 'place_bet_v3';
/** The set-wise commit, prepared beside it. */
const SETWISE_SQL_STATEMENT = 'place_bets_setwise_v2';
/** The bet-pool connections where both are prepared. */
const sqlPreparedOn = new WeakSet<object>();

/** A value as an SQL literal: quoted and escaped, typed by the prepared statement's parameter. */
const literal = (x: string | number | null) => (x === null ? 'null' : escapeLiteral(String(x)));

type Written = { balancePaise: number; exposurePaise: number };

/** Why a bet's row says it was not written as planned, if it was not. */
function stopOf(row: BetRow): BatchOutcome['stopped'] {
  if (Number(row.version_ok) === 0) return 'stale';
  if (Number(row.funds_ok) === 0) return 'funds';
  if (Number(row.inserted) === 0) return 'duplicate';
  return undefined;
}
export interface BatchOutcome {
  /** The answers of the bets written, a prefix of the batch, committed. */
  written: Written[];
  /** Where the batch stopped, if it did: that bet was refused for funds, found the market moved on (stale) or its client_ref used (duplicate); the bets after it were not written. */
  stopped?: 'funds' | 'stale' | 'duplicate';
}

/**
 * Group commit: the bets that queued while a write was in flight, on one market or on many,
 * written as their statements in ONE transaction and one round trip (one commit). Each market's
 * bets were matched one after another in memory; each statement sees the ones before it, so
 * every bet is checked exactly as if it were alone. Within a market, the first bet not accepted
 * as planned ends that market's group: what was written before it is committed (a refused
 * statement writes at most the version), and the caller places the rest one by one; the other
 * markets' groups go on.
 *
 * First try set-wise (bet-setwise.ts): the whole commit as one statement, written only if every
 * bet passes as planned. When one would not, the bets are written one statement each, as
 * described above: on PostgreSQL in a second transaction and round trip (the first wrote
 * nothing), on PGlite in the same transaction.
 *
 * Undefined when the commit lost a race and wrote nothing (lostRace): its bets are then placed
 * alone, where each has its answer. Any other error propagates (nothing was written).
 */
export async function writeBetBatches(db: Db, groups: readonly (readonly BetPlan[])[]): Promise<CommitOutcome | undefined> {
  const commit = commitOf(groups);
  try {
    const betPool = betPoolOf(db);
    if (betPool) return await writeOnPostgres(betPool, commit);
    const client = (db as { $client?: unknown }).$client;
    if (isPglite(client) && 'transaction' in client) return await writeOnPglite(client as PgliteRaw & Pick<PGlite, 'transaction'>, commit);
    // A database this writer does not batch on: the bets go alone.
    return undefined;
  } catch (error) {
    if (lostRace(error)) return undefined;
    throw error;
  }
}

export interface CommitOutcome {
  /** Each group's outcome, in the order given. */
  outcomes: BatchOutcome[];
  /** Written set-wise, as one statement. */
  setwise: boolean;
}

type LockedRow = { id: unknown; balance: unknown; exposure: unknown };

/** A commit's groups with what both databases' writes need: the rows to lock and the set-wise parameters. */
function commitOf(groups: readonly (readonly BetPlan[])[]) {
  // Every market row, then every account the batch touches, each in id order: the global lock
  // order (market first, then accounts), taken up front because the statements' sets interleave.
  const markets = `{${[...new Set(groups.map((g) => g[0]!.marketId))].sort((a, b) => a - b).join(',')}}`;
  const accounts = `{${[...new Set(groups.flatMap((g) => g.flatMap((p) => p.exposures.map((e) => e.accountId))))].sort((a, b) => a - b).join(',')}}`;
  return {
    groups,
    markets,
    accounts,
    setwise: setwiseValues(groups),
    /** The answers of a set-wise commit, from the accounts as locked before it. */
    setwiseOutcome(locked: readonly LockedRow[]): CommitOutcome {
      const byId = new Map(locked.map((r) => [Number(r.id), { balancePaise: Number(r.balance), exposurePaise: Number(r.exposure) }]));
      return { outcomes: setwiseAnswers(groups, byId).map((written): BatchOutcome => ({ written })), setwise: true };
    },
    /** Each group's outcome from its bets' rows, in order: the first not written as planned stops it. */
    oneByOneOutcome(rows: readonly BetRow[]): CommitOutcome {
      let at = 0;
      const outcomes = groups.map((plans) => {
        const out: BatchOutcome = { written: [] };
        const mine = rows.slice(at, at + plans.length);
        at += plans.length;
        for (const [i, row] of mine.entries()) {
          const stopped = stopOf(row);
          if (stopped) return { ...out, stopped };
          out.written.push({ balancePaise: Number(row.balance), exposurePaise: Number(row.exposure) + takerDeltaOf(plans[i]!) });
        }
        return out;
      });
      return { outcomes, setwise: false };
    },
  };
}
type Commit = ReturnType<typeof commitOf>;

/**
 * PostgreSQL: the whole batch in ONE round trip, a simple query of BEGIN, the locks, the EXECUTE
 * of the prepared set-wise statement and COMMIT. Bet by bet, the same with one EXECUTE of the
 * prepared bet statement per bet. Those statements all run, so each bet after the first of its
 * market is gated on the previous bet's order there (afterOrderId): after a bet that was not
 * written as planned, the rest of its market write nothing, exactly as if that market's group
 * had stopped there.
 */
async function writeOnPostgres(betPool: pg.Pool, commit: Commit): Promise<CommitOutcome> {
  const conn = await betPool.connect();
  try {
    if (!sqlPreparedOn.has(conn)) {
      await conn.query(`prepare ${BET_SQL_STATEMENT} as ${betStatement.text}`);
      await conn.query(`prepare ${SETWISE_SQL_STATEMENT} as ${SETWISE_BET_STATEMENT}`);
      sqlPreparedOn.add(conn);
    }
    const locks = [
      `select id from markets where id = any(${literal(commit.markets)}::int[]) order by id for update`,
      `select id, balance_paise as balance, exposure_paise as exposure from ledger_accounts where id = any(${literal(commit.accounts)}::int[]) order by id for update`,
    ];
    const send = async (statements: string[]) => {
      try {
        return (await conn.query(statements.join(';\n'))) as unknown as { rows: Record<string, unknown>[] }[];
      } catch (error) {
        await conn.query('rollback');
        throw error;
      }
    };
    if (commit.setwise) {
      // Committed either way: when the statement wrote nothing, the commit only ends the locks.
      const results = await send(['begin', ...locks, `execute ${SETWISE_SQL_STATEMENT}(${commit.setwise.map(literal).join(', ')})`, 'commit']);
      if (Number(results[3]!.rows[0]!.ok) === 1) return commit.setwiseOutcome(results[2]!.rows as LockedRow[]);
      // Not every bet passes as planned: bet by bet, where each refusal is found at its bet.
    }
    const statements = commit.groups.flatMap((plans) =>
      plans.map(
        (plan, i) =>
          `execute ${BET_SQL_STATEMENT}(${betStatement.values(plan, i === 0 ? null : plans[i - 1]!.order.id).map(literal).join(', ')})`,
      ),
    );
    const results = await send(['begin', ...locks, ...statements, 'commit']);
    return commit.oneByOneOutcome(results.slice(3, 3 + statements.length).map((r) => r.rows[0]! as BetRow));
  } finally {
    conn.release();
  }
}

/**
 * PGlite runs in-process: no round trips to save, so one bet after the other, each awaited,
 * skipping the rest of a market's group once one of its bets stopped it. The protocol calls run
 * under the query lock; the transaction holds the transaction lock.
 */
function writeOnPglite(pglite: PgliteRaw & Pick<PGlite, 'transaction'>, commit: Commit): Promise<CommitOutcome> {
  return pglite.transaction(async (tx) => {
    await tx.query('select id from markets where id = any($1::int[]) order by id for update', [commit.markets]);
    const locked = await tx.query<LockedRow>(
      'select id, balance_paise as balance, exposure_paise as exposure from ledger_accounts where id = any($1::int[]) order by id for update',
      [commit.accounts],
    );
    if (commit.setwise) {
      const written = await tx.query<{ ok: unknown }>(SETWISE_BET_STATEMENT, commit.setwise);
      if (Number(written.rows[0]!.ok) === 1) return commit.setwiseOutcome(locked.rows);
    }
    const rows: BetRow[] = [];
    for (const plans of commit.groups) {
      for (const plan of plans) {
        const row = (await pglite.runExclusive(() => executeOnPglite(pglite, plan, true)))[0]!;
        rows.push(row);
        if (stopOf(row)) {
          // The rest of this market's group is not written: rows that say so, in place.
          const skipped = plans.length - 1 - plans.indexOf(plan);
          for (let k = 0; k < skipped; k++) rows.push(row);
          break;
        }
      }
    }
    return commit.oneByOneOutcome(rows);
  });
}

/**
 * A commit that lost a race to another transaction: a client_ref that another process inserted
 * after the set-wise statement's duplicate check (that insert has no ON CONFLICT: it writes every
 * order of the commit or none), or a deadlock or serialization failure. Only PostgreSQL, with
 * several connections, can lose one. Placed alone, each bet meets the race's own answer: the
 * first answer for a repeated client_ref, a retry on the market as then committed.
 */
const LOST_RACE_STATES = new Set(['23505', '40001', '40P01']);
const lostRace = (error: unknown): boolean => LOST_RACE_STATES.has(sqlStateOf(error) ?? '');
