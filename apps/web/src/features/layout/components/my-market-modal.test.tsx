// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { newClientRef } from '@/lib/client-ref';
import {
  agent1BettorOnTestServer,
  renderInApp,
  setWindowWidth,
  upcomingCricketMatch,
} from '@/test/api-server';
import { MyMarketModal } from './my-market-modal';

/**
 * 'My Market' on the real server: a bettor of the file's own leaves a back unmatched at the top
 * of the ladder (it takes no price of the seeded match), and the table lists its market with the
 * bet count and the exposure the bet holds there: its stake.
 */
agent1BettorOnTestServer({ prefix: 'mymarket', chips: 5_000 });

let marketName = '';
let matchName = '';

beforeAll(async () => {
  setWindowWidth(390);
  const match = await upcomingCricketMatch(3);
  const odds = match.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
  await fetchData('placeMarketBet', {
    market_id: odds.market_id,
    selection_id: odds.runners[1]!.selection_id,
    is_back: 1,
    odds: 1000,
    stake: 250,
    client_ref: newClientRef(),
    persistence: 'PERSIST',
  });
  marketName = odds.name;
  matchName = match.match_name;
});

describe('My Market', () => {
  it('lists each market with open bets, their number and the exposure they hold', async () => {
    renderInApp(<MyMarketModal onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'My Market' });
    const row = (await within(dialog).findByRole('link', { name: matchName })).closest('tr')!;
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Event Type', 'Event Name', 'Match Name', 'Trade', 'Exposure']);
    expect(Array.from(row.children, (c) => c.textContent)).toEqual([
      'Cricket',
      matchName,
      marketName,
      '1',
      '250.00',
    ]);
  });
});
