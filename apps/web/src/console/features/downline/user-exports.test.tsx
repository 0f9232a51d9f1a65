// @vitest-environment jsdom
import type { ExportRequest } from '@exchange/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { istYmdDaysAgo } from '@/lib/format';
import {
  newAccountUnder,
  renderInApp,
  setWindowWidth,
  signedInOnTestServer,
  tokenOnTestServer,
} from '@/test/api-server';
import { capturedCsv } from '@/test/csv-download';
import { UserBets } from './user-bets';
import { UserProfitLoss } from './user-pnl';
import { UserStatement } from './user-statement';

/**
 * The console's user pages on the real server as agent1: each tab's Export CSV asks the server
 * for the downline user's file (user_id) of the range shown, and downloads it as it came.
 */
let user = { userName: '', userId: 0 };
signedInOnTestServer(async () => {
  user = await newAccountUnder(await tokenOnTestServer('agent1'), { prefix: 'uexp', chips: 700 });
  return 'agent1';
});
beforeAll(() => setWindowWidth(1280));

async function expectExport(testId: string, request: ExportRequest) {
  const csv = capturedCsv();
  await waitFor(() => expect((screen.getByTestId(testId) as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(screen.getByTestId(testId));
  const { fileName, lines } = await csv;
  const file = await fetchData('exportCsv', request);
  expect(fileName).toBe(file.filename);
  expect(fileName).toContain(user.userName);
  // The download is read as text, which drops the BOM the file starts with.
  expect(lines).toEqual(
    file.csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean),
  );
  return lines;
}

const week = () => ({ from_date: istYmdDaysAgo(7), to_date: istYmdDaysAgo(0) });

describe("a downline user's exports", () => {
  it('statement: the range and type shown, with the deposit and the totals line', async () => {
    renderInApp(<UserStatement userId={user.userId} />);
    const lines = await expectExport('user-statement-export', {
      report: 'STATEMENT',
      ...week(),
      statement_type: 'all',
      user_id: user.userId,
    });
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('700.00');
  });

  it('P&L: the range shown', async () => {
    renderInApp(<UserProfitLoss userId={user.userId} userName={user.userName} />);
    await expectExport('user-pnl-export', { report: 'PROFIT_LOSS', ...week(), user_id: user.userId });
  });

  it('bets: the last 30 days', async () => {
    renderInApp(<UserBets userId={user.userId} />);
    await expectExport('user-bets-export', {
      report: 'CURRENT_BETS',
      from_date: istYmdDaysAgo(30),
      to_date: istYmdDaysAgo(0),
      user_id: user.userId,
    });
  });
});
