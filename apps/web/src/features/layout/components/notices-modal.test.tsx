// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { LOCAL_KEYS } from '@/lib/storage';
import {
  callAs,
  renderInApp,
  setWindowWidth,
  signedInOnTestServer,
  upcomingCricketMatch,
} from '@/test/api-server';
import { MainLayout } from './main-layout';

/**
 * The notices of voided bets on the real server (ADR 35): the operator voids two winning bets
 * of a new bettor; when the bettor's app loads, the layout shows both in one dialog (after the
 * welcome popup), OK marks them seen on the server, and the next load shows nothing.
 */
const BETTOR = 'noticeweb1';
const PASSWORD = 'Notice@5678';
const messages: string[] = [];
let admin: string;
let bettor: string;

beforeAll(async () => {
  admin = (await callAs(null, 'login', { user_name: 'admin', password: inject('demoPassword') })).usertoken;
  const created = await callAs(admin, 'agentCreateUser', {
    user_name: BETTOR,
    password: 'Notice@1234',
    role: 'user',
  });
  const first = (await callAs(null, 'login', { user_name: BETTOR, password: 'Notice@1234' })).usertoken;
  await callAs(first, 'changePassword', {
    master_password: 'Notice@1234',
    new_password: PASSWORD,
    confirm_password: PASSWORD,
  });
  bettor = (await callAs(null, 'login', { user_name: BETTOR, password: PASSWORD })).usertoken;
  await callAs(admin, 'agentTransferChips', {
    user_id: created.user_id,
    amount: 1000,
    direction: 'deposit',
    client_ref: 'notice-web-fund',
  });
});
signedInOnTestServer(BETTOR, PASSWORD);
beforeAll(async () => {
  // Two winning bookmaker bets on a match no other web test bets on, settled, then voided.
  const match = await upcomingCricketMatch(4);
  const market = await callAs(admin, 'operatorCreateMarket', {
    match_id: match.match_id,
    kind: 'BOOKMAKER',
    market_type: 'BOOKMAKER',
    name: 'Notice Bookmaker',
    runners: [{ name: 'Home' }, { name: 'Away' }],
  });
  await callAs(admin, 'operatorSetBookmakerRates', {
    market_id: market.market_id,
    rates: [{ selection_id: 1, back_rate: 50, lay_rate: 55 }],
  });
  const bets = [];
  for (const stake of [100, 200]) {
    bets.push(
      await callAs(bettor, 'placeMarketBet', {
        market_id: market.market_id,
        selection_id: 1,
        is_back: 1,
        odds: 50,
        stake,
      }),
    );
  }
  await callAs(admin, 'operatorDeclareResult', { market_id: market.market_id, winner_ids: [1] });
  await callAs(admin, 'operatorVoidBet', { bet_id: bets[0]!.bet_id, reason: 'VPN' });
  await callAs(admin, 'operatorVoidBet', { bet_id: bets[1]!.bet_id, reason: 'MULTIPLE_ENTRIES' });
  messages.push(
    `Your bet #${bets[0]!.bet_id} on Notice Bookmaker (${match.match_name}) was voided: bets placed through a VPN are not allowed. ₹50.00 was taken back.`,
    `Your bet #${bets[1]!.bet_id} on Notice Bookmaker (${match.match_name}) was voided: multiple entries from the same IP are not allowed. ₹100.00 was taken back.`,
  );
  setWindowWidth(1280);
});

// jsdom has no layout, so nothing ever resizes: an observer that never fires is all it can have
// (the sports tabs watch their width).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

function loadApp() {
  queryClient.clear();
  renderInApp(
    <MainLayout rules={<p>Rules</p>} notifications={null} cardGames={null} onSignOut={() => undefined} />,
  );
}

describe('notices of voided bets', () => {
  it('shows every unseen notice in one dialog after the welcome popup; OK marks them seen', async () => {
    expect(localStorage.getItem(LOCAL_KEYS.openWelcomePopup)).toBe('true');
    loadApp();
    const welcome = await screen.findByTestId('welcome-popup');
    expect(screen.queryByTestId('notices-modal')).toBeNull();
    fireEvent.click(within(welcome).getByRole('button', { name: 'Close' }));

    const dialog = await screen.findByRole('dialog', { name: 'Notices (2)' });
    expect(
      within(dialog)
        .getAllByTestId('notice')
        .map((n) => n.querySelector('p')!.textContent),
    ).toEqual(messages);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect((await fetchData('getNotices')).notices).toEqual([]));
  });

  it('shows nothing on the next load once they are seen', async () => {
    loadApp();
    // The layout has loaded and asked the server (the header's balance shows).
    await screen.findByText('Balance:');
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.notices)?.status).toBe('success'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
