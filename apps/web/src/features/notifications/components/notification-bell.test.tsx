// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchData } from '@/lib/api';
import { liveClient } from '@/lib/live/instance';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import {
  agent1BettorOnTestServer,
  callAsOnTestServer,
  newAccountOfAgent1,
  renderInApp,
  setWindowWidth,
  tokenOnTestServer,
  upcomingCricketMatch,
} from '@/test/api-server';
import { NotificationBell } from './notification-bell';

/**
 * The bell on the real server (issue 23), for a bettor of its own: the unread count the server
 * has (its agent's chips, told as CHIPS_MOVED), a bet of its that rests on a market of the test's
 * own and is matched by another bettor through the API (the maker's BET_MATCHED comes live: on top
 * of the list, the badge bumped, a toast), one marked read by a click and the rest by "Mark all
 * read", pages of 20 with "More", and the browser's notification while the tab is hidden.
 */
const { moveChips } = agent1BettorOnTestServer({ prefix: 'bell', chips: 5_000 });
beforeAll(() => setWindowWidth(1280));

function renderBell() {
  renderInApp(<NotificationBell />);
  return screen.getByTestId('notification-bell');
}
const badge = () => screen.queryByTestId('notification-badge')?.textContent ?? null;
const serverUnread = async () => (await fetchData('getNotifications', { page: 1, limit: 1 })).unread;
const openList = () => {
  fireEvent.click(screen.getByTestId('notification-bell'));
  return screen.getByRole('dialog', { name: /^Notifications/ });
};

describe('the notifications bell', () => {
  it("shows the server's unread count, says it to a screen reader, and opening the list marks nothing read", async () => {
    expect(await serverUnread()).toBe(1);
    const bell = renderBell();
    await waitFor(() => expect(badge()).toBe('1'));
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    const list = openList();
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(within(list).getByRole('heading', { name: 'Notifications (1 unread)' })).toBeTruthy();
    const [row] = within(list).getAllByTestId('notification');
    expect(within(row!).getByRole('heading').textContent).toBe('Unread: Chips deposited');
    expect(row!.getAttribute('data-read')).toBe('false');
    expect(within(row!).getByText('just now')).toBeTruthy();
    expect(await serverUnread()).toBe(1);

    // Escape closes the list and gives the focus back to the bell.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it("shows a match of the bettor's rest as it happens: on top of the list, the badge bumped, a toast", async () => {
    const admin = await tokenOnTestServer('admin');
    const match = await upcomingCricketMatch(6);
    const market = await callAsOnTestServer(admin, 'operatorCreateMarket', {
      match_id: match.match_id,
      kind: 'EXCHANGE',
      market_type: 'MATCH_ODDS',
      name: 'Bell Odds',
      runners: [{ name: 'Home' }, { name: 'Away' }],
    });
    const bell = renderBell();
    await waitFor(() => expect(badge()).toBe('1'));
    // The push comes on the socket the app keeps open for the signed-in bettor.
    await waitFor(() => expect(liveClient().status).toBe('open'), { timeout: 10_000 });

    // The bettor's back rests unmatched (told nothing); another bettor's lay takes it all.
    const rest = { market_id: market.market_id, selection_id: 1, odds: 3, stake: 100 };
    await fetchData('placeMarketBet', { ...rest, is_back: 1, persistence: 'PERSIST' });
    const taker = await newAccountOfAgent1({ prefix: 'belltaker', chips: 5_000 });
    await callAsOnTestServer(taker.token, 'placeMarketBet', { ...rest, is_back: 0 });

    const message = `Back Home ₹100.00 at 3.00 on Bell Odds (${match.match_name}) matched in full at 3.00.`;
    await waitFor(() => expect(badge()).toBe('2'), { timeout: 10_000 });
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(await screen.findByText(message)).toBeTruthy(); // the toast

    const list = openList();
    const rows = within(list).getAllByTestId('notification');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Unread: Bet matched',
      'Unread: Chips deposited',
    ]);
    expect(within(rows[0]!).getByText(message)).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'View match' }).getAttribute('href')).toBe(
      `/match/matchdetail/${match.match_id}`,
    );
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(await serverUnread()).toBe(2);
  });

  it('marks one read when it is clicked, and the rest with "Mark all read"', async () => {
    const bell = renderBell();
    await waitFor(() => expect(badge()).toBe('2'));
    const list = openList();
    const [matched, chips] = within(list).getAllByTestId('notification');

    fireEvent.click(within(matched!).getByText(/matched in full/));
    await waitFor(() => expect(matched!.getAttribute('data-read')).toBe('true'));
    expect(within(matched!).queryByRole('button', { name: /Mark read/ })).toBeNull();
    expect(badge()).toBe('1');
    await waitFor(async () => expect(await serverUnread()).toBe(1));

    fireEvent.click(within(list).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(chips!.getAttribute('data-read')).toBe('true'));
    expect(badge()).toBeNull();
    expect(bell.getAttribute('aria-label')).toBe('Notifications, none unread');
    expect((within(list).getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(async () => expect(await serverUnread()).toBe(0));

    fireEvent.click(within(list).getByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('shows 9+ above 9 unread, pages of 20, and the next page on "More"', async () => {
    for (let i = 0; i < 21; i++) await moveChips(10);
    await waitFor(async () => expect(await serverUnread()).toBe(21));
    // As on a new load: the first page only.
    queryClient.removeQueries({ queryKey: queryKeys.notifications });
    renderBell();
    await waitFor(() => expect(badge()).toBe('9+'));
    const list = openList();
    await waitFor(() => expect(within(list).getAllByTestId('notification')).toHaveLength(20));
    fireEvent.click(within(list).getByRole('button', { name: 'More' }));
    await waitFor(() => expect(within(list).getAllByTestId('notification')).toHaveLength(23));
    expect(within(list).queryByRole('button', { name: 'More' })).toBeNull();
    // The focus goes to the first row the page brought.
    expect(document.activeElement).toBe(within(list).getAllByTestId('notification')[20]);
    expect(
      within(list)
        .getAllByTestId('notification')
        .slice(-2)
        .map((r) => within(r).getByRole('heading').textContent),
    ).toEqual(['Bet matched', 'Chips deposited']);
  });
});

describe("the browser's notifications", () => {
  /** The Notification API as a browser has it: the permission asked, the notifications shown. */
  const asked: string[] = [];
  const shown: Array<{ title: string; body?: string }> = [];
  class FakeNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = vi.fn(async () => {
      asked.push('permission');
      FakeNotification.permission = 'granted';
      return FakeNotification.permission;
    });
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
    close() {}
  }
  const hidden = (isHidden: boolean) =>
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
  afterEach(() => {
    hidden(false);
    Reflect.deleteProperty(window, 'Notification');
  });

  it('are offered only where the browser has them', async () => {
    renderBell();
    const list = openList();
    await within(list).findByTestId('notification-list');
    expect(within(list).queryByRole('button', { name: 'Turn on browser notifications' })).toBeNull();
  });

  it('ask for the permission on a click only, then tell what comes while the tab is hidden', async () => {
    window.Notification = FakeNotification as unknown as typeof Notification;
    renderBell();
    const list = openList();
    await within(list).findByTestId('notification-list');
    expect(asked).toEqual([]);
    await act(async () => {
      fireEvent.click(within(list).getByRole('button', { name: 'Turn on browser notifications' }));
    });
    expect(asked).toEqual(['permission']);
    expect(within(list).queryByRole('button', { name: 'Turn on browser notifications' })).toBeNull();
    await waitFor(() => expect(liveClient().status).toBe('open'), { timeout: 10_000 });

    // A visible tab has the toast only; a hidden one gets the browser's notification too.
    await moveChips(11);
    await waitFor(() => expect(screen.getAllByText(/deposited ₹11\.00/).length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    expect(shown).toEqual([]);
    hidden(true);
    await moveChips(12);
    await waitFor(() => expect(shown).toHaveLength(1), { timeout: 10_000 });
    expect(shown[0]).toEqual({
      title: 'Chips deposited',
      body: expect.stringMatching(/deposited ₹12\.00 in your account/),
    });
  });
});
