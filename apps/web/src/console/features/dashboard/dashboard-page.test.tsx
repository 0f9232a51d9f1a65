// @vitest-environment jsdom
import { SPORT, type HousePnl } from '@exchange/contracts';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { callAsOnTestServer, newAccountOfAgent1, renderInApp, signedInOnTestServer } from '@/test/api-server';
import { DashboardPage } from './dashboard-page';

/**
 * The dashboard on the real server, as the root: a bettor of agent1 loses 1,000 on a bookmaker
 * market of a match of the file's own, and each P&L chart shows, per sport and for the casino,
 * the house's figure and the caller's own share beside it (ADR 48), as the server answers them.
 * agent1 keeps 80% (the demo's figure), so the root's share of that loss is 20% of it.
 */
signedInOnTestServer('admin');
const STAKE = 1000;
const cricketKey = `sport:${SPORT.CRICKET}`;
/** The root's own cricket figure today before the loss (test files run one at a time). */
let ownBefore = 0;

beforeAll(async () => {
  const bettor = await newAccountOfAgent1({ prefix: 'w1db', chips: 5_000 });
  const [series] = await fetchData('operatorGetSeries', { sport_id: SPORT.CRICKET });
  const match = await fetchData('operatorSaveMatch', {
    series_id: series!.series_id,
    match_name: `Share XI v Test XI ${Date.now().toString(36)}`,
    start_time: new Date(Date.now() + 3_600_000).toISOString(),
    is_active: true,
  });
  const market = await fetchData('operatorCreateMarket', {
    match_id: match.match_id,
    kind: 'BOOKMAKER',
    market_type: 'BOOKMAKER',
    name: 'Share Bookmaker',
    runners: [{ name: 'Home' }, { name: 'Away' }],
  });
  await fetchData('operatorSetBookmakerRates', {
    market_id: market.market_id,
    rates: [{ selection_id: 1, back_rate: 40, lay_rate: 45 }],
  });
  await callAsOnTestServer(bettor.token, 'placeMarketBet', {
    market_id: market.market_id,
    selection_id: 1,
    is_back: 1,
    odds: 40,
    stake: STAKE,
  });
  const before = await fetchData('agentGetDashboard');
  ownBefore = before.today.rows.find((r) => r.key === cricketKey)?.own_pnl ?? 0;
  await fetchData('operatorDeclareResult', { market_id: market.market_id, winner_ids: [2] });
});

/** A figure as SignedAmount writes it. */
const signed = (value: number) => `${value > 0 ? '+' : ''}${formatAmount(value)}`;

describe('dashboard', () => {
  it("shows the caller's share beside the house's P&L of each sport and of the period", async () => {
    renderInApp(<DashboardPage />, '/');
    const today = await screen.findByTestId('dashboard-pnl-today');
    const served = await fetchData('agentGetDashboard');
    const check = (chart: HTMLElement, testId: string, pnl: HousePnl) => {
      for (const row of pnl.rows) {
        const line = within(chart).getByTestId(`${testId}-${row.key}`);
        expect(line.querySelector('.pnl-chart__track')!.textContent).toBe(formatAmount(row.house_pnl));
        expect(within(line).getByTestId(`${testId}-${row.key}-own`).textContent).toBe(
          `My share ${signed(row.own_pnl)}`,
        );
      }
      expect(within(chart).getByTestId(`${testId}-total`).textContent).toBe(signed(pnl.total));
      expect(within(chart).getByTestId(`${testId}-own-total`).textContent).toBe(signed(pnl.own_total));
    };
    check(today, 'dashboard-pnl-today', served.today);
    check(screen.getByTestId('dashboard-pnl-week'), 'dashboard-pnl-week', served.week);
    // The loss is in today's cricket row, 20% of it the root's share (agent1 keeps 80%).
    const cricket = served.today.rows.find((r) => r.key === cricketKey)!;
    expect(cricket.own_pnl - ownBefore).toBeCloseTo(STAKE * 0.2, 2);
    expect(within(today).getByText('My share', { selector: '.pnl-chart__heads > *' })).toBeTruthy();
  });
});
