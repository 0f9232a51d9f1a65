/**
 * The reports as CSV files (issue 25, ADR 59), made by the same code the screens read, so a file
 * holds the screen's rows and totals:
 * - the account statement: every page of the filter (the screen shows one at a time) and its
 *   totals line;
 * - current bets placed in the range;
 * - bets settled in the range;
 * - the P&L report with its total.
 * A bettor exports its own; an agent a downline user's, scoped as its other reads of that user.
 */
import {
  EXPORT_MAX_ROWS,
  STATEMENT_MAX_LIMIT,
  istDayRange,
  type ExportFile,
  type ExportReport,
  type StatementType,
} from '@exchange/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { profitLoss, settledBetsBetween, userCurrentBets } from '../betting/index.ts';
import { downlineUser } from '../downline.ts';
import type { AuthUser } from '../sessions.ts';
import { userStatement } from '../statement.ts';
import { amount, istCell, toCsv, type Cell } from './csv.ts';

export interface ExportQuery {
  report: ExportReport;
  from_date: string;
  to_date: string;
  statement_type?: StatementType | undefined;
  user_id?: number | undefined;
}

const tooMany = (n: number) =>
  new AppError(
    400,
    'VALIDATION_ERROR',
    `The range holds ${n} rows, more than the ${EXPORT_MAX_ROWS} a file may: choose a shorter range`,
  );

const SIDE_WORDS = { BACK: 'Back', LAY: 'Lay', YES: 'Yes', NO: 'No' } as Record<string, string>;

export async function exportCsv(db: Db, caller: AuthUser, q: ExportQuery): Promise<ExportFile> {
  // The caller's own, or a downline user's (another's or a missing one: 404, as the agent reads).
  const user =
    q.user_id === undefined
      ? { id: caller.userId, userName: caller.userName }
      : await downlineUser(db, caller, q.user_id);
  const { header, rows } = await reportRows(db, user.id, q);
  const name = `${q.report.toLowerCase().replace('_', '-')}-${user.userName}-${q.from_date}-to-${q.to_date}.csv`;
  return { filename: name, csv: toCsv(header, rows), rows: rows.length };
}

async function reportRows(
  db: Db,
  userId: number,
  q: ExportQuery,
): Promise<{ header: string[]; rows: Cell[][] }> {
  switch (q.report) {
    case 'STATEMENT': {
      const filter = {
        from_date: q.from_date,
        to_date: q.to_date,
        statement_type: q.statement_type,
        limit: STATEMENT_MAX_LIMIT,
      };
      const first = await userStatement(db, userId, { ...filter, page: 1 });
      if (first.total > EXPORT_MAX_ROWS) throw tooMany(first.total);
      const pages = [first];
      for (let page = 2; (page - 1) * STATEMENT_MAX_LIMIT < first.total; page++)
        pages.push(await userStatement(db, userId, { ...filter, page }));
      const rows: Cell[][] = pages.flatMap((p) =>
        p.rows.map((r) => [
          istCell(r.date),
          r.type,
          r.remark,
          amount(r.credit),
          amount(r.debit),
          amount(r.balance),
        ]),
      );
      const t = first.totals;
      rows.push([
        'Total',
        null,
        `Opening balance ${t.opening_balance.toFixed(2)}, closing balance ${t.closing_balance.toFixed(2)}`,
        amount(t.credit),
        amount(t.debit),
        amount(t.closing_balance),
      ]);
      return { header: ['Date (IST)', 'Type', 'Remark', 'Credit', 'Debit', 'Balance'], rows };
    }
    case 'CURRENT_BETS': {
      const { start, end } = {
        start: istDayRange(q.from_date).start.getTime(),
        end: istDayRange(q.to_date).end.getTime(),
      };
      const bets = (await userCurrentBets(db, userId, { bet_type: 'all' })).filter((b) => {
        const at = Date.parse(b.placed_at);
        return at >= start && at < end;
      });
      return {
        header: [
          'Bet id',
          'Placed (IST)',
          'Sport',
          'Match',
          'Market',
          'Selection',
          'Side',
          'Odds',
          'Stake',
          'Matched',
          'Unmatched',
          'Status',
        ],
        rows: bets.map((b) => [
          b.bet_id,
          istCell(b.placed_at),
          b.sport_name,
          b.match_name,
          b.market_name,
          b.selection_name,
          SIDE_WORDS[b.side] ?? b.side,
          b.odds,
          amount(b.stake),
          amount(b.matched_stake),
          amount(b.unmatched_stake),
          b.status,
        ]),
      };
    }
    case 'SETTLED_BETS': {
      const bets = await settledBetsBetween(db, userId, q.from_date, q.to_date, EXPORT_MAX_ROWS + 1);
      if (bets.length > EXPORT_MAX_ROWS) throw tooMany(bets.length);
      const rows: Cell[][] = bets.map((b) => [
        b.bet_id,
        istCell(b.settled_at),
        b.sport_name,
        b.match_name,
        b.market_name,
        b.selection_name,
        SIDE_WORDS[b.side] ?? b.side,
        b.avg_odds,
        amount(b.matched_stake),
        b.outcome,
        amount(b.pnl),
      ]);
      rows.push([
        'Total',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        amount(sumRupees(bets.map((b) => b.matched_stake))),
        null,
        amount(sumRupees(bets.map((b) => b.pnl))),
      ]);
      return {
        header: [
          'Bet id',
          'Settled (IST)',
          'Sport',
          'Match',
          'Market',
          'Selection',
          'Side',
          'Avg odds',
          'Matched',
          'Outcome',
          'P&L',
        ],
        rows,
      };
    }
    case 'PROFIT_LOSS': {
      const report = await profitLoss(db, userId, q.from_date, q.to_date);
      const rows: Cell[][] = report.rows.map((r) => [
        r.sport_name,
        r.match_name,
        r.market_name,
        istCell(r.settled_at),
        amount(r.pnl),
        amount(r.commission),
        amount(r.net),
      ]);
      rows.push([
        'Total',
        null,
        null,
        null,
        amount(report.total.pnl),
        amount(report.total.commission),
        amount(report.total.net),
      ]);
      return { header: ['Sport', 'Match', 'Market', 'Settled (IST)', 'P&L', 'Commission', 'Net'], rows };
    }
  }
}

/** A sum of rupee amounts without float drift (in paise). */
const sumRupees = (values: number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;
