// @vitest-environment jsdom
import type { Restriction } from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { istDateTime } from '@/lib/safer-gambling';
import { NEW_BETTOR_PASSWORD, newBettorOnTestServer, renderInApp } from '@/test/api-server';
import { RestrictionBanner } from './break-controls';
import { SaferGamblingPage } from './safer-gambling-page';

/**
 * A break and a self-exclusion from the safer-gambling page, on the real server, for a bettor of
 * its own: a break after its confirmation, then in force at the top with its times in IST; a
 * self-exclusion refused for a wrong password (the toast), then in force with the right one, and
 * a break no longer offered.
 */
newBettorOnTestServer('sgbrk');

async function openPage() {
  renderInApp(<SaferGamblingPage />, '/setting/safer-gambling');
  await screen.findByTestId('take-break', undefined, { timeout: 10_000 });
}

describe('breaks and self-exclusion', () => {
  it('takes a break of 24 hours after the confirmation, and shows it in force', async () => {
    await openPage();
    expect(screen.queryByTestId('safer-gambling-restriction')).toBeNull();
    const start = screen.getByTestId('take-break-start') as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('break-1'));
    fireEvent.click(start);
    const dialog = screen.getByTestId('take-break-confirm');
    expect(within(dialog).getByRole('heading').textContent).toBe('Take a break of 24 hours?');
    fireEvent.click(within(dialog).getByTestId('take-break-confirm-yes'));

    const text = await screen.findByTestId('safer-gambling-restriction-text', undefined, { timeout: 10_000 });
    const { restriction } = await fetchData('getSaferGambling');
    expect(restriction!.kind).toBe('BREAK');
    expect(text.textContent).toBe(`You are on a break until ${istDateTime(restriction!.ends_at)}`);
    expect(screen.getByTestId('safer-gambling-restriction-since').textContent).toBe(
      istDateTime(restriction!.started_at),
    );
    expect(screen.getByTestId('safer-gambling-restriction-until').textContent).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(IST\)$/,
    );
    await screen.findByText(`Your break has started: until ${istDateTime(restriction!.ends_at)}`);
    expect(screen.queryByTestId('take-break-confirm')).toBeNull();
  });

  it('refuses a self-exclusion with a wrong password, and starts it with the right one', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('self-exclusion-6'));
    fireEvent.change(screen.getByTestId('self-exclusion-password'), { target: { value: 'Wrong@1234' } });
    fireEvent.click(screen.getByTestId('self-exclusion-start'));
    fireEvent.click(
      within(screen.getByTestId('self-exclusion-confirm')).getByTestId('self-exclusion-confirm-yes'),
    );
    await waitFor(() => expect(screen.queryByTestId('self-exclusion-confirm')).toBeNull(), {
      timeout: 10_000,
    });
    expect((await fetchData('getSaferGambling')).restriction!.kind).toBe('BREAK');
    // The server's refusal, as a toast.
    await screen.findByText(/password/i, { selector: '[data-sonner-toast] *' }, { timeout: 10_000 });

    fireEvent.change(screen.getByTestId('self-exclusion-password'), {
      target: { value: NEW_BETTOR_PASSWORD },
    });
    fireEvent.click(screen.getByTestId('self-exclusion-start'));
    fireEvent.click(
      within(screen.getByTestId('self-exclusion-confirm')).getByTestId('self-exclusion-confirm-yes'),
    );
    await waitFor(
      () =>
        expect(screen.getByTestId('safer-gambling-restriction-text').textContent).toMatch(
          /^You are self-excluded until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(IST\)$/,
        ),
      { timeout: 10_000 },
    );
    const { restriction } = await fetchData('getSaferGambling');
    expect(restriction!.kind).toBe('SELF_EXCLUSION');
    expect(screen.getByTestId('safer-gambling-restriction-text').textContent).toBe(
      `You are self-excluded until ${istDateTime(restriction!.ends_at)}`,
    );
    // A break adds nothing now (the server would refuse it): not offered.
    expect(screen.queryByTestId('take-break-start')).toBeNull();
    expect(screen.getByTestId('take-break-off')).toBeTruthy();
    // Its term is not over: no ask to reopen yet.
    expect(screen.queryByTestId('safer-gambling-ask-reopen')).toBeNull();
  });

  it("offers Ask to reopen past a self-exclusion's term, shows the server's refusal, and then when it reopens", async () => {
    const day = 24 * 3_600_000;
    const over: Restriction = {
      kind: 'SELF_EXCLUSION',
      started_at: new Date(Date.now() - 200 * day).toISOString(),
      ends_at: new Date(Date.now() - day).toISOString(),
      reopen_asked_at: null,
      reopens_at: null,
    };
    renderInApp(<RestrictionBanner restriction={over} />);
    expect(screen.getByTestId('safer-gambling-restriction-text').textContent).toBe(
      `You are self-excluded: the term ended at ${istDateTime(over.ends_at)}; ask to reopen on the Safer gambling page`,
    );
    // This bettor's own term is not over: the server refuses the ask, and the toast says so.
    fireEvent.click(screen.getByTestId('safer-gambling-ask-reopen'));
    const { restriction } = await fetchData('getSaferGambling');
    await screen.findByText(
      `Your self-exclusion cannot be ended early: you may ask to reopen from ${istDateTime(restriction!.ends_at)}`,
      undefined,
      { timeout: 10_000 },
    );
    cleanup();

    const asked: Restriction = {
      ...over,
      reopen_asked_at: new Date().toISOString(),
      reopens_at: new Date(Date.now() + day).toISOString(),
    };
    renderInApp(<RestrictionBanner restriction={asked} />);
    expect(screen.getByTestId('safer-gambling-restriction-reopens').textContent).toBe(
      istDateTime(asked.reopens_at!),
    );
    expect(screen.queryByTestId('safer-gambling-ask-reopen')).toBeNull();
  });
});
