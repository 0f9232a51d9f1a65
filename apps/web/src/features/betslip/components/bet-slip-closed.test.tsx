// @vitest-environment jsdom
import type { MarketView, MatchDetail } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { BetSlipProvider, useBetSlip, type SlipPick } from '@/lib/bet-slip';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { istDateTime } from '@/lib/safer-gambling';
import {
  NEW_BETTOR_PASSWORD,
  newBettor,
  renderInApp,
  setWindowWidth,
  signedInOnTestServer,
  upcomingCricketMatch,
} from '@/test/api-server';
import { BetSlip } from './bet-slip';

/**
 * The bet slip of a bettor on a break, on the real server (a bettor of its own): a break started
 * elsewhere turns the slip's Place Bet into the refusal's words, and once the break is known the
 * slip says "You are on a break until …" in IST, with no Place Bet at all.
 */
let match: MatchDetail;
let odds: MarketView;

signedInOnTestServer(() => newBettor('slipbrk'), NEW_BETTOR_PASSWORD);
beforeAll(async () => {
  setWindowWidth(1280);
  match = await upcomingCricketMatch(0);
  odds = match.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
});

function pick(): SlipPick {
  const runner = odds.runners[0]!;
  return {
    matchId: match.match_id,
    marketId: odds.market_id,
    kind: odds.kind,
    marketName: odds.name,
    selectionId: runner.selection_id,
    runnerName: runner.name,
    side: 'BACK',
    odds: runner.back[0]?.price ?? 2,
    line: null,
    inPlay: odds.in_play,
    betDelayMs: odds.bet_delay_ms,
    minStake: odds.min_stake,
    maxStake: odds.max_stake,
  };
}

function PriceBoxStandIn() {
  const { open } = useBetSlip();
  return (
    <button type="button" onClick={() => open(pick())}>
      Back
    </button>
  );
}

function renderSlip() {
  renderInApp(
    <BetSlipProvider>
      <PriceBoxStandIn />
      <BetSlip />
    </BetSlipProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  return screen.getByTestId('bet-slip');
}

describe('bet slip of a bettor on a break', () => {
  it('shows the refusal of a bet when the break started elsewhere, then why the slip is closed', async () => {
    const slip = renderSlip();
    // What is in force is read (none yet), then the break starts on another device.
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.saferGambling)).toBeDefined());
    const restriction = await fetchData('takeBreak', { days: 1 });
    fireEvent.change(within(slip).getByLabelText('Stake'), { target: { value: String(odds.min_stake) } });
    fireEvent.click(within(slip).getByTestId('slip-place'));
    // The refusal's words (the server's, in IST), then what is in force read again.
    await screen.findByText(
      /^You are on a break until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(IST\): no bets, casino or deposits/,
      undefined,
      {
        timeout: 10_000,
      },
    );
    await waitFor(
      () =>
        expect(screen.getByTestId('slip-closed').textContent).toBe(
          `You are on a break until ${istDateTime(restriction.ends_at)}.`,
        ),
      { timeout: 10_000 },
    );
    expect(within(slip).queryByTestId('slip-place')).toBeNull();
  });

  it('says why the slip is closed as soon as it opens', async () => {
    const { restriction } = await fetchData('getSaferGambling');
    const slip = renderSlip();
    await waitFor(() =>
      expect(within(slip).getByTestId('slip-closed').textContent).toBe(
        `You are on a break until ${istDateTime(restriction!.ends_at)}.`,
      ),
    );
    expect(within(slip).queryByRole('button', { name: 'Place Bet' })).toBeNull();
    expect(within(slip).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
