// @vitest-environment jsdom
import type { MarketView, MatchDetail } from '@exchange/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { BetSlipProvider } from '@/lib/bet-slip';
import { newClientRef } from '@/lib/client-ref';
import { formatAmount } from '@/lib/format';
import {
  agent1BettorOnTestServer,
  renderInApp,
  setWindowWidth,
  upcomingCricketMatch,
} from '@/test/api-server';
import { FancyMarkets } from './fancy-markets';

/**
 * A fancy line's Book on the real server: a bettor of the file's own backs YES on one line of a
 * seeded match, and the Book lists what each run total pays or costs; a line without a bet has
 * no Book to open.
 */
agent1BettorOnTestServer({ prefix: 'fbook', chips: 5_000 });

let match: MatchDetail;
let line: MarketView;
let other: MarketView;
/** The match's fancy lines (not its binary sessions). */
const fancyOf = (detail: MatchDetail) =>
  detail.markets.filter((m) => m.kind === 'FANCY' && m.market_type !== 'BINARY');

beforeAll(async () => {
  const seeded = await upcomingCricketMatch(3);
  [line, other] = fancyOf(seeded).filter((m) => m.fancy?.yes_line != null) as [MarketView, MarketView];
  await fetchData('placeFancyBet', {
    fancy_id: line.market_id,
    is_back: 1,
    run: line.fancy!.yes_line!,
    rate: line.fancy!.yes_rate!,
    stake: 100,
    client_ref: newClientRef(),
  });
  match = await fetchData('getMatchDetail', { match_id: seeded.match_id });
});

describe('fancy Book', () => {
  it('lists the P&L of each run total: the stake lost below the line, stake x rate won from it', () => {
    setWindowWidth(390);
    renderInApp(
      <BetSlipProvider>
        <FancyMarkets markets={fancyOf(match)} matchId={match.match_id} />
      </BetSlipProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: `Book of ${line.name}` }));

    const dialog = screen.getByRole('dialog', { name: `Book: ${line.name}` });
    const { yes_line, yes_rate } = line.fancy!;
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.children, (c) => c.textContent));
    expect(rows).toEqual([
      [`≤ ${yes_line! - 1}`, formatAmount(-100)],
      [`${yes_line}+`, formatAmount(yes_rate!)],
    ]);
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: `Book of ${other.name}: no bets` })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
