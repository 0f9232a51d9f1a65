// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  NEW_BETTOR_PASSWORD,
  newBettorMobile,
  newBettorOnTestServer,
  renderInApp,
  setWindowWidth,
} from '@/test/api-server';
import { UserPage } from './user-page';

/**
 * The user page of a fresh bettor on the real server: agent1 made it, it set its password and
 * logged in, then logged in more (another device: here the API). The profile shows who and
 * under whom; the activity log lists the logins with IP and device, and the actions apart.
 */
const userName = newBettorOnTestServer('upage');
const EXTRA_LOGINS = 20;

beforeAll(async () => {
  setWindowWidth(1280);
  for (let i = 0; i < EXTRA_LOGINS; i++)
    await callAs(null, 'login', { user_name: userName(), password: NEW_BETTOR_PASSWORD });
});

const rows = () => screen.queryAllByTestId('activity-row');
const kinds = () => rows().map((r) => r.dataset.kind);

describe('user page', () => {
  it('shows the profile: name, mobile, parent agent, dates and security auth off with a link to enable it', async () => {
    renderInApp(<UserPage />);
    const card = await screen.findByTestId('profile-card');
    await within(card).findByTestId('profile-user-name');
    expect(within(card).getByTestId('profile-user-name').textContent).toBe(userName());
    expect(within(card).getByTestId('profile-mobile').textContent).toBe(newBettorMobile(userName()));
    expect(within(card).getByTestId('profile-parent').textContent).toBe('agent1');
    expect(within(card).getByTestId('profile-created').textContent).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    expect(within(card).getByTestId('profile-password-changed').textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} /);
    expect(within(card).getByTestId('profile-last-login').textContent).toMatch(
      /^\d{2}\/\d{2}\/\d{4} .* from /,
    );
    const security = within(card).getByTestId('profile-security-auth');
    expect(security.textContent).toContain('Off');
    expect(within(security).getByRole('link', { name: 'Enable Security Auth' }).getAttribute('href')).toBe(
      '/security-auth',
    );
  });

  it('lists the logins with time, IP and device, pages them, and filters logins from actions', async () => {
    renderInApp(<UserPage />);
    await waitFor(() => expect(rows()).toHaveLength(20));
    const login = rows().find((r) => r.dataset.kind === 'LOGIN')!;
    const [time, , ip, device] = [...login.querySelectorAll('td')].map((td) => td.textContent);
    expect(time).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(ip).toBe('127.0.0.1');
    expect(device).not.toBe('');
    // Two logins at the set-up, twenty more, the password change: 23 entries or more.
    const pager = screen.getByTestId('activity-pager');
    expect(pager.textContent).toMatch(/Showing 1 to 20 of (\d+) entries/);
    const total = Number(/of (\d+) entries/.exec(pager.textContent!)![1]);
    expect(total).toBeGreaterThanOrEqual(2 + EXTRA_LOGINS + 1);

    fireEvent.change(screen.getByTestId('activity-limit'), { target: { value: '10' } });
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(pager.textContent).toContain(`Showing 11 to ${Math.min(20, total)} of ${total}`),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Actions' }));
    await waitFor(() => expect(kinds()).toContain('PASSWORD_CHANGED'));
    expect(kinds().every((k) => k !== 'LOGIN' && k !== 'LOGIN_FAILED')).toBe(true);
    expect(pager.textContent).toContain('Showing 1 to');

    fireEvent.click(screen.getByRole('tab', { name: 'Logins' }));
    await waitFor(() => expect(kinds().length).toBeGreaterThan(0));
    await waitFor(() => expect(kinds().every((k) => k === 'LOGIN' || k === 'LOGIN_FAILED')).toBe(true));
  });
});
