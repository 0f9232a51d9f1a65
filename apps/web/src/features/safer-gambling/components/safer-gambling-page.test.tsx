// @vitest-environment jsdom
import type { LimitView } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { newBettorOnTestServer, renderInApp } from '@/test/api-server';
import { LimitRow } from './limit-row';
import { RealityCheck } from './reality-check';
import { SaferGamblingPage } from './safer-gambling-page';

/**
 * The safer-gambling page and the reality check on the real server, for a bettor of its own: a
 * deposit limit set at once, a higher one waiting with the time it may be confirmed, a refusal
 * in words, the reality check's interval, and its reminder (on the tests' short interval).
 */
newBettorOnTestServer('sgweb');

const row = (kind: string, period: string) => screen.getByTestId(`limit-${kind}-${period}`);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function openPage() {
  renderInApp(<SaferGamblingPage />, '/setting/safer-gambling');
  await screen.findByTestId('limit-deposit-day', undefined, { timeout: 10_000 });
}

describe('safer-gambling page', () => {
  it('lists every kind and period, none set', async () => {
    await openPage();
    for (const kind of ['deposit', 'loss'])
      for (const period of ['day', 'week', 'month']) {
        expect(
          within(row(kind, period)).getByTestId(`limit-${kind}-${period}-amount-in-force`).textContent,
        ).toBe('No limit');
      }
    expect(within(row('deposit', 'week')).getByRole('heading').textContent).toBe('7 days');
    expect((screen.getByTestId('reality-check-off') as HTMLInputElement).checked).toBe(true);
  });

  it('refuses an amount that is not one, before asking the server', async () => {
    await openPage();
    type('limit-loss-day-amount', 'abc');
    fireEvent.click(screen.getByTestId('limit-loss-day-save'));
    expect((await screen.findByTestId('limit-loss-day-amount-error')).textContent).toBe(
      'Enter an amount in rupees, e.g. 5000',
    );
    expect((await fetchData('getSaferGambling')).limits.find((l) => l.kind === 'LOSS')!.amount).toBeNull();
  });

  it('sets a deposit limit at once, then shows a higher one waiting with its time', async () => {
    await openPage();
    type('limit-deposit-day-amount', '1000');
    fireEvent.click(screen.getByTestId('limit-deposit-day-save'));
    await screen.findByText('Deposit limit set', undefined, { timeout: 10_000 });
    await waitFor(() =>
      expect(screen.getByTestId('limit-deposit-day-amount-in-force').textContent).toBe('₹1,000'),
    );
    expect(screen.getByTestId('limit-deposit-day-left').textContent).toBe('₹1,000');
    expect(screen.getByTestId('limit-deposit-day-used').textContent).toBe('₹0');

    type('limit-deposit-day-amount', '5000');
    fireEvent.click(screen.getByTestId('limit-deposit-day-save'));
    await screen.findByText('Your higher limit waits 24 hours, then your confirmation', undefined, {
      timeout: 10_000,
    });
    const pending = await screen.findByTestId('limit-deposit-day-pending-text');
    const { limits } = await fetchData('getSaferGambling');
    const day = limits.find((l) => l.kind === 'DEPOSIT' && l.period === 'DAY')!;
    expect(day.amount).toBe(1000);
    const at = new Date(day.pending!.confirmable_at);
    const ist = new Date(at.getTime() + 5.5 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const when = `${pad(ist.getUTCDate())}/${pad(ist.getUTCMonth() + 1)} ${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())} (IST)`;
    expect(pending.textContent).toBe(`₹5,000 from ${when}`);
    expect((screen.getByTestId('limit-deposit-day-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('limit-deposit-day-confirm-when').textContent).toBe(
      'You can confirm it from then; until you do, the limit in force stays.',
    );
    // The limit in force stays until then.
    expect(screen.getByTestId('limit-deposit-day-amount-in-force').textContent).toBe('₹1,000');
  });

  it('removes a loss limit only after the wait: No limit is asked, not applied', async () => {
    await openPage();
    type('limit-loss-week-amount', '2000');
    fireEvent.click(screen.getByTestId('limit-loss-week-save'));
    await screen.findByText('Loss limit set', undefined, { timeout: 10_000 });
    // A loss limit shows what open bets may still lose (nothing here); a deposit limit has no such line.
    await waitFor(() => expect(screen.getByTestId('limit-loss-week-at-risk').textContent).toBe('₹0'));
    expect(screen.queryByTestId('limit-deposit-week-at-risk')).toBeNull();
    fireEvent.click(screen.getByTestId('limit-loss-week-none'));
    expect((screen.getByTestId('limit-loss-week-amount') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('limit-loss-week-save'));
    await waitFor(
      () => expect(screen.getByTestId('limit-loss-week-pending-text').textContent).toMatch(/^No limit from /),
      {
        timeout: 10_000,
      },
    );
    expect(screen.getByTestId('limit-loss-week-amount-in-force').textContent).toBe('₹2,000');
  });

  it("turns Confirm on once the wait is over, and shows the server's refusal as a toast", async () => {
    const limit: LimitView = {
      kind: 'LOSS',
      period: 'MONTH',
      amount: 100,
      left: 100,
      used: 0,
      rolls_at: null,
      pending: {
        amount: 500,
        asked_at: new Date(Date.now() - 25 * 3_600_000).toISOString(),
        confirmable_at: new Date(Date.now() - 3_600_000).toISOString(),
      },
    };
    renderInApp(<LimitRow limit={limit} />);
    const confirm = screen.getByTestId('limit-loss-month-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    expect(screen.queryByTestId('limit-loss-month-confirm-when')).toBeNull();
    // The server knows of no change waiting for this bettor's monthly loss limit.
    fireEvent.click(confirm);
    await screen.findByText('No change of this limit is waiting to be confirmed', undefined, {
      timeout: 10_000,
    });
  });

  it('saves the reality check as it is chosen', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('reality-check-30'));
    await screen.findByText('Reality check every 30 minutes', undefined, { timeout: 10_000 });
    expect((await fetchData('getSaferGambling')).reality_check_minutes).toBe(30);
    await waitFor(() =>
      expect((screen.getByTestId('reality-check-30') as HTMLInputElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('reality-check-off'));
    await screen.findByText('Reality check off', undefined, { timeout: 10_000 });
    expect((await fetchData('getSaferGambling')).reality_check_minutes).toBeNull();
  });
});

describe('reality check reminder', () => {
  afterEach(() => {
    delete window.__e2eRealityCheckMs;
  });

  it('comes after each interval with the session and its net result; Continue, then Log out', async () => {
    // Set elsewhere (another device): the reminder reads it afresh.
    await fetchData('setRealityCheck', { minutes: 15 });
    queryClient.removeQueries({ queryKey: queryKeys.saferGambling });
    window.__e2eRealityCheckMs = 300;
    const onLogOut = vi.fn();
    renderInApp(<RealityCheck onLogOut={onLogOut} />);
    const dialog = await screen.findByTestId('reality-check', undefined, { timeout: 10_000 });
    expect(within(dialog).getByRole('heading').textContent).toBe('Reality check');
    expect(screen.getByTestId('reality-check-length').textContent).toMatch(
      /^You have been playing for (less than 1 min|\d+ min)\.$/,
    );
    // Nothing settled since this test file's login.
    expect(screen.getByTestId('reality-check-net').textContent).toBe('Net result this session: ₹0');

    fireEvent.click(screen.getByTestId('reality-check-continue'));
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await screen.findByTestId('reality-check', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('reality-check-log-out'));
    expect(onLogOut).toHaveBeenCalledTimes(1);
    await fetchData('setRealityCheck', { minutes: null });
  });
});
