// @vitest-environment jsdom
import type { MarketView, MatchDetail } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { BetSlipProvider, useBetSlip } from '@/lib/bet-slip';
import {
  agent1BettorOnTestServer,
  renderInApp,
  setWindowWidth,
  upcomingCricketMatch,
} from '@/test/api-server';
import { MatchMarkets } from './match-markets';

/**
 * One-click betting on a phone, on the real server: a bettor of the file's own turns it on (a
 * warning first), picks a stake among the default stake buttons, and a click on a price places
 * the bet at once. The slip is another feature: a stand-in shows when a click opened it instead.
 */
agent1BettorOnTestServer({ prefix: 'oneclick', chips: 20_000 });

let match: MatchDetail;
let odds: MarketView;

beforeAll(async () => {
  setWindowWidth(390);
  match = await upcomingCricketMatch(3);
  odds = match.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
});

function SlipStandIn() {
  const { draft } = useBetSlip();
  return draft ? <div role="dialog" aria-label="Bet slip" /> : null;
}

function renderMatchPage() {
  renderInApp(
    <BetSlipProvider oneClick>
      <MatchMarkets match={match} inlineSlip={<SlipStandIn />} />
    </BetSlipProvider>,
  );
}

const oneClickSwitch = () => screen.getByRole('switch', { name: 'One-click betting' }) as HTMLInputElement;
const stakeButton = (name: string) =>
  within(screen.getByRole('group', { name: 'One-click stake' })).getByRole('button', { name });
/** The best back box of the Match Odds' first runner. */
const bestBack = () => screen.getByTestId(`price-${odds.market_id}-${odds.runners[0]!.selection_id}-back-0`);

describe('one-click betting', () => {
  it('turns on after a warning; a click on a price then places the chosen stake at once, no slip', async () => {
    renderMatchPage();
    await waitFor(() => expect(oneClickSwitch().disabled).toBe(false));
    expect(oneClickSwitch().checked).toBe(false);

    fireEvent.click(oneClickSwitch());
    const warning = screen.getByRole('dialog', { name: 'Turn on one-click betting?' });
    expect(warning.textContent).toContain('A click on a price places the bet at once with the chosen stake');
    expect(document.activeElement).toBe(within(warning).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(warning).getByRole('button', { name: 'Turn on' }));

    expect(oneClickSwitch().checked).toBe(true);
    expect(stakeButton('100').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(stakeButton('500'));
    expect(stakeButton('500').getAttribute('aria-pressed')).toBe('true');
    expect(stakeButton('100').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(bestBack());
    await screen.findByText('Bet Matched', undefined, { timeout: 10_000 });
    expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull();
    const bets = await fetchData('getCurrentBets', { bet_type: 'all', match_id: match.match_id });
    expect(bets.map((b) => [b.market_id, b.selection_id, b.side, b.stake])).toEqual([
      [odds.market_id, odds.runners[0]!.selection_id, 'BACK', 500],
    ]);
  });

  it('is remembered for the user; turned off, a click opens the slip; on again, no second warning', async () => {
    renderMatchPage();
    expect(oneClickSwitch().checked).toBe(true);
    expect(stakeButton('500').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(oneClickSwitch());
    expect(oneClickSwitch().checked).toBe(false);
    fireEvent.click(bestBack());
    expect(screen.getByRole('dialog', { name: 'Bet slip' })).toBeTruthy();

    fireEvent.click(oneClickSwitch());
    expect(screen.queryByRole('dialog', { name: 'Turn on one-click betting?' })).toBeNull();
    expect(oneClickSwitch().checked).toBe(true);
    // Turning it on closes the open slip.
    expect(screen.queryByRole('dialog', { name: 'Bet slip' })).toBeNull();
  });
});
