// @vitest-environment jsdom
import { SPORT } from '@exchange/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callAs,
  callAsOnTestServer,
  newAccountOfAgent1,
  newAccountUnder,
  renderInApp,
  signedInOnTestServer,
  tokenOnTestServer,
} from '@/test/api-server';
import { BookPage } from './book-page';

/**
 * The market book on the real server, as a sub-agent of its own whose one bettor backs a
 * bookmaker runner and takes YES on a fancy line (house-backed markets: no other test file's
 * prices move): the card shows what the house makes on each runner and each run total, with
 * the signs turned from the bettor's, and the sub-agent's own share beside it (ADR 48).
 */
const STAKE = 1000;
let bookmaker: { marketId: number; backed: number; other: number; rate: number };
let fancy: { marketId: number; line: number; rate: number };
signedInOnTestServer(async () => {
  const agent = await newAccountOfAgent1({ prefix: 'w1bk', role: 'agent', chips: 10_000 });
  const agentToken = agent.token;
  const user = await newAccountUnder(agentToken, { prefix: 'w1bu', chips: 5_000 });
  const token = await tokenOnTestServer(user.userName);
  // The nth upcoming cricket match, as upcomingCricketMatch picks it, read with the bettor's token.
  const list = await callAs(token, 'getMatches', { sport_id: SPORT.CRICKET, is_active: 1 });
  const row = list.filter((m) => !m.in_play && m.match_odds != null)[3]!;
  const match = await callAs(token, 'getMatchDetail', { match_id: row.match_id });
  const bm = match.markets.find((m) => m.kind === 'BOOKMAKER' && m.status === 'OPEN')!;
  const [a, b] = bm.runners;
  bookmaker = {
    marketId: bm.market_id,
    backed: a!.selection_id,
    other: b!.selection_id,
    rate: a!.back_rate!,
  };
  await callAsOnTestServer(token, 'placeMarketBet', {
    market_id: bm.market_id,
    selection_id: a!.selection_id,
    is_back: 1,
    odds: bookmaker.rate,
    stake: STAKE,
  });
  const fm = match.markets.find(
    (m) => m.kind === 'FANCY' && m.status === 'OPEN' && m.fancy?.yes_line != null,
  );
  if (!fm?.fancy?.yes_line || !fm.fancy.yes_rate)
    throw new Error('the seed has no open fancy line on this match');
  fancy = { marketId: fm.market_id, line: fm.fancy.yes_line, rate: fm.fancy.yes_rate };
  await callAsOnTestServer(token, 'placeFancyBet', {
    fancy_id: fancy.marketId,
    is_back: 1,
    run: fancy.line,
    rate: fancy.rate,
    stake: STAKE,
  });
  return agent.userName;
});

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('market book', () => {
  it("shows the house's P&L on each runner: minus what the downline wins there", async () => {
    renderInApp(<BookPage />, '/book');
    const card = await screen.findByTestId(`book-market-${bookmaker.marketId}`);
    expect(within(card).getByTestId(`book-exposure-${bookmaker.marketId}`).textContent).toBe('1000.00');
    const win = (STAKE * bookmaker.rate) / 100;
    // Beside the house's figure, my share: this sub-agent holds no partnership figure, so none of it.
    expect(cells(within(card).getByTestId(`book-runner-${bookmaker.marketId}-${bookmaker.backed}`))).toEqual([
      expect.any(String),
      `-${win.toFixed(2)}`,
      '0.00',
    ]);
    expect(
      cells(within(card).getByTestId(`book-runner-${bookmaker.marketId}-${bookmaker.other}`)).slice(1),
    ).toEqual(['+1000.00', '0.00']);
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['If this wins', 'House P&L', 'My share']);
    // Only this downline's markets.
    expect(screen.getAllByTestId(/^book-market-/)).toHaveLength(2);
  });

  it('shows a fancy book as a run-total ladder', async () => {
    renderInApp(<BookPage />, `/book?market=${fancy.marketId}`);
    const card = await screen.findByTestId(`book-market-${fancy.marketId}`);
    const rows = within(card).getAllByTestId(`book-fancy-${fancy.marketId}`).map(cells);
    // YES at the line: the house keeps the stake below it and pays the rate from it up.
    expect(rows).toEqual([
      [`0 – ${fancy.line - 1}`, '+1000.00', '0.00'],
      [`${fancy.line} +`, `-${((STAKE * fancy.rate) / 100).toFixed(2)}`, '0.00'],
    ]);
    expect(screen.getAllByTestId(/^book-market-/)).toHaveLength(1);
    expect(screen.getByTestId('book-show-all')).toBeTruthy();
  });
});
