// @vitest-environment jsdom
import type { MarketView, MatchDetail } from '@exchange/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInApp, setWindowWidth, signedInOnTestServer, upcomingCricketMatch } from '@/test/api-server';
import { MatchBettingPage } from './composed-pages';

/**
 * The match page as the router composes it (ADR 29) on the real server: the ladders
 * (features/markets) and the bet slip (features/betslip) know nothing of each other, yet a click
 * on a price fills the slip, and the stake typed there moves the ladder's projections. On a
 * desktop the slip is in the right column; on a phone it opens under the runner clicked.
 */
let match: MatchDetail;
let odds: MarketView;

signedInOnTestServer('demo1');
beforeAll(async () => {
  match = await upcomingCricketMatch(2);
  odds = match.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
});

async function openMatchPage(width: number) {
  setWindowWidth(width);
  renderInApp(
    <Routes>
      <Route path="game-details/:sport_id/:match_id" element={<MatchBettingPage />} />
    </Routes>,
    `/game-details/${match.sport_id}/${match.match_id}`,
  );
  return within((await screen.findByRole('heading', { name: odds.name })).closest('section')!);
}

describe('match page composition', () => {
  it('desktop: a price click fills the slip in the right column, and its stake moves the ladder', async () => {
    const ladder = await openMatchPage(1280);
    const [first, second] = odds.runners;
    const column = screen.getByRole('region', { name: 'Bet slip' });
    expect(within(column).getByText('Click a price to place a bet')).toBeTruthy();

    fireEvent.click(
      ladder.getByRole('button', { name: new RegExp(`^Back ${first!.name} at ${first!.back[0]!.price},`) }),
    );
    const slip = within(column).getByTestId('bet-slip');
    expect(within(slip).getByText(first!.name)).toBeTruthy();
    expect((within(slip).getByLabelText('Odds') as HTMLInputElement).value).toBe(
      first!.back[0]!.price.toFixed(2),
    );

    fireEvent.change(within(slip).getByLabelText('Stake'), { target: { value: '100' } });
    const winnings = (Math.round(first!.back[0]!.price * 100) - 100).toFixed(2);
    expect(slip.textContent).toContain(`Profit: ${winnings}`);
    const row = (name: string) => ladder.getByText(name, { selector: '.runner__title' }).closest('.runner')!;
    expect(row(first!.name).textContent).toContain(`» ${(first!.position + Number(winnings)).toFixed(2)}`);
    expect(row(second!.name).textContent).toContain(`» ${(second!.position - 100).toFixed(2)}`);
  });

  it('phone: the slip opens under the runner clicked, and there is no slip column', async () => {
    const ladder = await openMatchPage(390);
    const second = odds.runners[1]!;
    expect(screen.queryByRole('region', { name: 'Bet slip' })).toBeNull();

    fireEvent.click(
      ladder.getByRole('button', { name: new RegExp(`^Lay ${second.name} at ${second.lay[0]!.price},`) }),
    );
    const slip = screen.getByTestId('bet-slip');
    expect(slip.getAttribute('data-side')).toBe('LAY');
    expect(slip.previousElementSibling!.textContent).toContain(second.name);
    expect(ladder.getByTestId('bet-slip')).toBe(slip);
  });
});
