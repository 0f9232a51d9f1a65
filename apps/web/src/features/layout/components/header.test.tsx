// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { renderInApp, setWindowWidth, signedInOnTestServer, upcomingCricketMatch } from '@/test/api-server';
import { Header } from './header';

/**
 * The header's money on the real server (demo3): the balance is what the server says is
 * available to bet, the exposure beside it, and both follow a bet placed elsewhere (another tab:
 * here the API) through the live push or the 5 s poll. The rules, the notifications' bell and
 * SignOut come from other features; the header shows and calls what it is given.
 */
signedInOnTestServer('demo3');
beforeAll(() => setWindowWidth(1280));

const signedOut: string[] = [];
function renderHeader() {
  renderInApp(
    <Header
      onMenu={() => undefined}
      rules={<p>Rules of the exchange</p>}
      notifications={<button type="button">Notifications bell</button>}
      onSignOut={() => signedOut.push('demo3')}
    />,
  );
}
const shownBalance = () => screen.getByText('Balance:').parentElement!.textContent;
const shownExposure = () => screen.getByRole('button', { name: /^Exposure:/ }).textContent;

describe('header balance', () => {
  it("shows the server's balance available to bet and the exposure, and follows a bet placed elsewhere", async () => {
    const before = await fetchData('getUserBalance');
    renderHeader();
    await waitFor(() => expect(shownBalance()).toBe(`Balance: ${formatAmount(before.available_balance)}`));
    expect(shownExposure()).toBe(`Exposure: ${formatAmount(before.liability)}`);

    const match = await upcomingCricketMatch(1);
    const odds = match.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
    const runner = odds.runners[0]!;
    await fetchData('placeMarketBet', {
      market_id: odds.market_id,
      selection_id: runner.selection_id,
      is_back: 1,
      odds: runner.back[0]!.price,
      stake: 250,
      client_ref: `header-test-${Date.now()}`,
    });
    const after = await fetchData('getUserBalance');
    expect(after.available_balance).toBeLessThan(before.available_balance);

    await waitFor(() => expect(shownBalance()).toBe(`Balance: ${formatAmount(after.available_balance)}`), {
      timeout: 12_000,
    });
    expect(shownExposure()).toBe(`Exposure: ${formatAmount(after.liability)}`);
  });

  it('hides the balance when the user menu turns it off, and shows it again', async () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: /demo3/ }));
    const toggle = screen.getByRole('checkbox', { name: 'Balance' });
    fireEvent.click(toggle);
    expect(screen.queryByText('Balance:')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText('Balance:')).toBeTruthy();
  });

  it('shows the bell it is given, opens the rules it is given, and signs out with the sign-out it is given', () => {
    renderHeader();
    expect(
      within(screen.getByTestId('header')).getByRole('button', { name: 'Notifications bell' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rules' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Rules' })).getByText('Rules of the exchange'),
    ).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Rules' })).getByRole('button', { name: /close/i }),
    );

    fireEvent.click(screen.getByRole('button', { name: /demo3/ }));
    fireEvent.click(screen.getByRole('button', { name: 'SignOut' }));
    expect(signedOut).toEqual(['demo3']);
  });
});
