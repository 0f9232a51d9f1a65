// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  callAsOnTestServer,
  newAccountOfAgent1,
  newAccountUnder,
  renderInApp,
  signedInOnTestServer,
} from '@/test/api-server';
import { delayMs, limitAmount } from './limits-dialog';
import { UserPage } from './user-page';

/**
 * The user page's limits (agent/setUserLimits, ADR 58) on the real server, as a sub-agent of its
 * own with one bettor: the dialog shows none, saves a largest stake, a delay and a closed sport,
 * and the page and the server then show them.
 */
let agent: { token: string };
let bettor: { userName: string; userId: number };
signedInOnTestServer(async () => {
  const made = await newAccountOfAgent1({ prefix: 'lmag', role: 'agent', chips: 1_000 });
  agent = { token: made.token };
  bettor = await newAccountUnder(made.token, { prefix: 'lmbt', chips: 100 });
  return made.userName;
});

describe('a downline user’s limits', () => {
  it('reads what is typed: empty is no limit, the delay in seconds within its bounds', () => {
    expect(limitAmount('')).toEqual({ value: null });
    expect(limitAmount('500.25')).toEqual({ value: 500.25 });
    expect(limitAmount('0')).toHaveProperty('error');
    expect(limitAmount('1.234')).toHaveProperty('error');
    expect(delayMs('2.5')).toEqual({ value: 2_500 });
    expect(delayMs('')).toEqual({ value: 0 });
    expect(delayMs('31')).toHaveProperty('error');
  });

  it('saves a largest stake, an in-play delay and a closed sport; the page and the server show them', async () => {
    renderInApp(
      <Routes>
        <Route path="/downline/user/:userId" element={<UserPage />} />
      </Routes>,
      `/downline/user/${bettor.userId}`,
    );
    expect((await screen.findByTestId('user-profile-agent-limits')).textContent).toBe('None');
    fireEvent.click(screen.getByTestId('user-profile-limits'));
    const dialog = await screen.findByTestId('limits-dialog');
    fireEvent.change(within(dialog).getByTestId('limits-max-stake'), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByTestId('limits-delay'), { target: { value: '2' } });
    fireEvent.click(await within(dialog).findByTestId('limits-sport-4'));
    fireEvent.click(within(dialog).getByTestId('limits-dialog-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('user-profile-agent-limits').textContent).toBe(
        'stake up to 500.00, +2 s in play, 1 sports closed',
      ),
    );
    const profile = await callAsOnTestServer(agent.token, 'agentGetUserProfile', { user_id: bettor.userId });
    expect(profile.agent_limits).toMatchObject({
      max_stake: 500,
      exposure_limit: null,
      extra_bet_delay_ms: 2_000,
      blocked_sports: [4],
    });
  });
});
