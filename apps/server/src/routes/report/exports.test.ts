/**
 * CSV exports (issue 25, ADR 59) on PGlite and PostgreSQL: each file, read back as a spreadsheet
 * reads it, holds the same rows and totals as the calls the screens read (the statement's every
 * page, the P&L report, settled and current bets); amounts in rupees, dates in IST; a remark that
 * starts with = is neutralised; an agent exports a downline user's, another agent gets 404.
 */
import { beforeAll, expect, it } from 'vitest';
import { istDate } from '@exchange/contracts';
import { bettingCast, createMatchOdds, newBettor } from '../../test/betting.ts';
import { callsAs } from '../../test/calls.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { istCell } from '../../services/exports/index.ts';

/** RFC 4180 as a spreadsheet reads it: quoted fields, doubled quotes, CRLF; the BOM dropped. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field).toBe('');
  return rows;
}

const money = (v: number) => v.toFixed(2);

describeEachDatabase('CSV exports', (ctx) => {
  const cast = bettingCast(ctx);
  const { ok, call } = callsAs(ctx, () => cast.admin);
  let bettor: { userId: number; token: string };
  const today = () => istDate(ctx().now());
  const range = () => ({ from_date: today(), to_date: today() });
  const file = async (body: Record<string, unknown>, token = bettor.token) => {
    const data = (await ok('exportCsv', { ...range(), ...body }, token)) as {
      filename: string;
      csv: string;
      rows: number;
    };
    const [header, ...rows] = parseCsv(data.csv);
    expect(rows).toHaveLength(data.rows);
    return { ...data, header: header!, rows };
  };

  beforeAll(async () => {
    bettor = await newBettor(ctx(), cast.agent1, 'export1', 5_000);
    const bettorId = bettor.userId;
    // 104 more statement lines (over two pages of 100), one remark a spreadsheet would run.
    for (let i = 0; i < 104; i++)
      await ok(
        'agentTransferChips',
        {
          user_id: bettorId,
          amount: 1 + i,
          direction: 'deposit',
          remark: i === 0 ? '=HYPERLINK("x")' : `top up ${i}`,
          client_ref: `exp-${i}`,
        },
        cast.agent1,
      );
    // A settled market (lost 500) and an open bet.
    const layer = await newBettor(ctx(), cast.agent1, 'export1l', 5_000);
    const settled = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    await ok(
      'placeMarketBet',
      { market_id: settled, selection_id: 1, is_back: 0, odds: 2, stake: 500 },
      layer.token,
    );
    await ok(
      'placeMarketBet',
      { market_id: settled, selection_id: 1, is_back: 1, odds: 2, stake: 500 },
      bettor.token,
    );
    await ok('operatorDeclareResult', { market_id: settled, winner_ids: [2] }, cast.admin);
    const open = await createMatchOdds(ctx(), cast.admin, cast.matchId);
    await ok(
      'placeMarketBet',
      { market_id: open, selection_id: 1, is_back: 1, odds: 3, stake: 200 },
      bettor.token,
    );
  });

  it("holds the statement's rows of every page and its totals, dates in IST, the formula neutralised", async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++)
      pages.push(await ok('getUserAccountStatementHistory', { ...range(), page, limit: 100 }, bettor.token));
    const screen = pages.flatMap(
      (p: {
        rows: {
          date: string;
          type: string;
          remark: string;
          credit: number;
          debit: number;
          balance: number;
        }[];
      }) => p.rows,
    );
    expect(screen.length).toBeGreaterThan(100);
    const csv = await file({ report: 'STATEMENT' });
    expect(csv.header).toEqual(['Date (IST)', 'Type', 'Remark', 'Credit', 'Debit', 'Balance']);
    expect(csv.rows.slice(0, -1)).toEqual(
      screen.map((r) => [
        istCell(r.date),
        r.type,
        r.remark.startsWith('=') ? `'${r.remark}` : r.remark,
        money(r.credit),
        money(r.debit),
        money(r.balance),
      ]),
    );
    expect(csv.rows.some((r) => r[2] === `'=HYPERLINK("x")`)).toBe(true);
    const totals = pages[0].totals;
    expect(csv.rows.at(-1)).toEqual([
      'Total',
      '',
      `Opening balance ${money(totals.opening_balance)}, closing balance ${money(totals.closing_balance)}`,
      money(totals.credit),
      money(totals.debit),
      money(totals.closing_balance),
    ]);
    // The sums of the file's lines are the totals.
    const sum = (col: number) =>
      csv.rows.slice(0, -1).reduce((s, r) => s + Math.round(Number(r[col]) * 100), 0) / 100;
    expect([sum(3), sum(4)]).toEqual([totals.credit, totals.debit]);
    expect(csv.filename).toBe(`statement-export1-${today()}-to-${today()}.csv`);
  });

  it("holds the P&L report's markets and total, settled bets with their P&L, and current bets", async () => {
    const report = await ok('getProfitLoss', range(), bettor.token);
    const pnl = await file({ report: 'PROFIT_LOSS' });
    expect(pnl.rows).toEqual([
      ...report.rows.map(
        (r: {
          sport_name: string;
          match_name: string;
          market_name: string;
          settled_at: string;
          pnl: number;
          commission: number;
          net: number;
        }) => [
          r.sport_name,
          r.match_name,
          r.market_name,
          istCell(r.settled_at),
          money(r.pnl),
          money(r.commission),
          money(r.net),
        ],
      ),
      ['Total', '', '', '', money(report.total.pnl), money(report.total.commission), money(report.total.net)],
    ]);
    expect(report.total.net).toBe(-500);

    const settled = await file({ report: 'SETTLED_BETS' });
    expect(settled.rows).toEqual([
      [
        expect.stringMatching(/^\d+$/),
        expect.any(String),
        'Cricket',
        expect.any(String),
        expect.any(String),
        expect.any(String),
        'Back',
        '2',
        '500.00',
        'LOST',
        '-500.00',
      ],
      ['Total', '', '', '', '', '', '', '', '500.00', '', '-500.00'],
    ]);
    const current = await file({ report: 'CURRENT_BETS' });
    const screen = await ok('getCurrentBets', { bet_type: 'all' }, bettor.token);
    expect(current.rows).toEqual(
      screen.map((b: { bet_id: number; placed_at: string; odds: number; stake: number; status: string }) => [
        String(b.bet_id),
        istCell(b.placed_at),
        'Cricket',
        expect.any(String),
        expect.any(String),
        expect.any(String),
        'Back',
        String(b.odds),
        money(b.stake),
        expect.any(String),
        expect.any(String),
        b.status,
      ]),
    );
    expect(current.rows).toHaveLength(1);
    // Another day holds none of it.
    expect(
      (await file({ report: 'CURRENT_BETS', from_date: '2020-01-01', to_date: '2020-01-02' })).rows,
    ).toEqual([]);
  });

  it("lets the agent export a downline user's file, and answers another agent's as a missing user", async () => {
    const own = await file({ report: 'PROFIT_LOSS' });
    const byAgent = await file({ report: 'PROFIT_LOSS', user_id: bettor.userId }, cast.agent1);
    expect(byAgent.csv).toBe(own.csv);
    // Another agent, beside agent1 under the admin.
    await ok(
      'agentCreateUser',
      { user_name: 'exportagent2', password: 'Agent@1234', role: 'agent' },
      cast.admin,
    );
    const first = await ctx().login('exportagent2', 'Agent@1234');
    await ok(
      'changePassword',
      { master_password: 'Agent@1234', new_password: 'Agent@5678', confirm_password: 'Agent@5678' },
      first,
    );
    const agent2 = await ctx().login('exportagent2', 'Agent@5678');
    const other = await call(
      'exportCsv',
      { ...range(), report: 'PROFIT_LOSS', user_id: bettor.userId },
      agent2,
    );
    expect(other.statusCode).toBe(404);
    // A bettor cannot name another user.
    const peer = await newBettor(ctx(), cast.agent1, 'export2', 1);
    expect(
      (await call('exportCsv', { ...range(), report: 'STATEMENT', user_id: bettor.userId }, peer.token))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'exportCsv',
          { report: 'STATEMENT', from_date: '2026-02-10', to_date: '2026-02-01' },
          peer.token,
        )
      ).statusCode,
    ).toBe(400);
  });
});
