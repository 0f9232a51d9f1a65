// @vitest-environment jsdom
import { SPORT } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import {
  callAs,
  callAsOnTestServer,
  newAccountOfAgent1,
  renderInApp,
  setWindowWidth,
  signedInOnTestServer,
} from '@/test/api-server';
import { ResultsPage } from './results-page';

/**
 * Results on the real server, as the operator: a match and fancy market of the file's own, two
 * bettors of its own (one YES, one NO), then the run total declared with the preview of what
 * moves, rolled back and declared again, and a winning bet voided. The bettors' balances on the
 * server follow each step.
 */
signedInOnTestServer('admin');
const CHIPS = 1_000;
const STAKE = 100;
let matchId: number;
let marketId: number;
let yes: { userName: string; userId: number; token: string };
let no: { userName: string; userId: number; token: string };

const bettor = (prefix: string) => newAccountOfAgent1({ prefix, chips: CHIPS });
const balanceOf = async (who: { token: string }) => (await callAs(who.token, 'getUserBalance')).total_balance;
const market = async () =>
  (await fetchData('operatorGetMarkets', { match_id: matchId, open_only: false })).find(
    (m) => m.market_id === marketId,
  )!;

beforeAll(async () => {
  setWindowWidth(1280);
  const [series] = await fetchData('operatorGetSeries', { sport_id: SPORT.CRICKET });
  matchId = (
    await fetchData('operatorSaveMatch', {
      series_id: series!.series_id,
      match_name: `Result XI v Roll XI ${Date.now().toString(36)}`,
      start_time: new Date(Date.now() + 3_600_000).toISOString(),
      is_active: true,
    })
  ).match_id;
  marketId = (
    await fetchData('operatorCreateMarket', {
      match_id: matchId,
      kind: 'FANCY',
      market_type: 'FANCY',
      name: 'Result 10 over runs',
      status: 'OPEN',
      fancy: { no_line: 70, no_rate: 100, yes_line: 71, yes_rate: 100 },
    })
  ).market_id;
  [yes, no] = await Promise.all([bettor('w2yes'), bettor('w2no')]);
  await callAsOnTestServer(yes.token, 'placeFancyBet', {
    fancy_id: marketId,
    is_back: 1,
    run: 71,
    rate: 100,
    stake: STAKE,
  });
  await callAsOnTestServer(no.token, 'placeFancyBet', {
    fancy_id: marketId,
    is_back: 0,
    run: 70,
    rate: 100,
    stake: STAKE,
  });
});
beforeEach(() => queryClient.clear());

const openResults = () => renderInApp(<ResultsPage />, `/results?match=${matchId}`);
const figure = (dialog: HTMLElement, testId: string) => within(dialog).getByTestId(testId).textContent;

/** Declares `runs` through the dialog; answers the preview dialog's figures as shown. */
async function declare(runs: number) {
  fireEvent.click(await screen.findByTestId(`declare-${marketId}`));
  fireEvent.change(await screen.findByTestId('declare-runs'), { target: { value: String(runs) } });
  fireEvent.click(screen.getByTestId('declare-preview'));
  const preview = await screen.findByTestId('preview-dialog');
  await within(preview).findByTestId('preview-figures');
  const shown = {
    declared: figure(preview, 'preview-declared'),
    users: figure(preview, 'preview-users'),
    paid: figure(preview, 'preview-paid'),
    taken: figure(preview, 'preview-taken'),
    exposure: figure(preview, 'preview-exposure'),
  };
  fireEvent.click(within(preview).getByTestId('preview-confirm'));
  const summary = await screen.findByTestId('summary-dialog');
  return { shown, summary };
}

describe('a fancy run total', () => {
  it('is declared after a preview of what moves; the summary follows and the winner is paid', async () => {
    openResults();
    const { shown, summary } = await declare(75);
    // YES 71 wins at 75: the YES bettor is paid 100, the NO bettor loses 100.
    expect(shown).toEqual({
      declared: 'Run total: 75',
      users: '2',
      paid: '100.00',
      taken: '100.00',
      exposure: '200.00',
    });
    expect(figure(summary, 'summary-users')).toBe('2');
    expect(figure(summary, 'summary-result')).toBe('Run total declared');
    expect((await market()).result).toMatchObject({ kind: 'RUNS', runs: 75 });
    expect([await balanceOf(yes), await balanceOf(no)]).toEqual([CHIPS + STAKE, CHIPS - STAKE]);
    fireEvent.click(within(summary).getByTestId('summary-done'));
    await waitFor(() => expect(screen.getByTestId(`result-${marketId}`).textContent).toBe('75'));
  });

  it('is rolled back with the preview of what is taken back, then declared again the other way', async () => {
    openResults();
    fireEvent.click(await screen.findByTestId(`rollback-${marketId}`));
    const preview = await screen.findByTestId('preview-dialog');
    await within(preview).findByTestId('preview-figures');
    expect(within(preview).getByText('Taken back from winners')).toBeTruthy();
    // The words say what the rollback leaves: a suspended market waiting for the new result.
    expect(figure(preview, 'preview-rollback-what')).toMatch(
      /stays suspended, taking no bets, until you declare the new result/,
    );
    expect(figure(preview, 'preview-paid')).toBe('100.00');
    fireEvent.click(within(preview).getByTestId('preview-confirm'));
    const summary = await screen.findByTestId('summary-dialog');
    expect(figure(summary, 'summary-result')).toBe('Rolled back');
    fireEvent.click(within(summary).getByTestId('summary-done'));
    expect(await market()).toMatchObject({ result: null, status: 'SUSPENDED' });
    await waitFor(() =>
      expect(screen.getByTestId(`result-status-${marketId}`).textContent).toBe('Suspended'),
    );
    // The stakes are at risk again, not lost: the balances are as before the declaration.
    expect([await balanceOf(yes), await balanceOf(no)]).toEqual([CHIPS, CHIPS]);

    // Declared again: 65 runs, under the NO line this time.
    await declare(65);
    expect((await market()).result).toMatchObject({ kind: 'RUNS', runs: 65 });
    expect([await balanceOf(yes), await balanceOf(no)]).toEqual([CHIPS - STAKE, CHIPS + STAKE]);
  });

  it('a winning bet is voided with a reason: the confirmation names the amount, the win is taken back', async () => {
    openResults();
    fireEvent.click(await screen.findByTestId(`bets-${marketId}`));
    const list = await screen.findByTestId('market-bets-dialog');
    fireEvent.change(within(list).getByTestId('market-bets-search'), { target: { value: no.userName } });
    // The list narrows to the NO bettor's one bet (the search waits for typing to stop).
    await waitFor(
      () =>
        expect(
          within(list)
            .getAllByTestId(/^bet-row-/)
            .map((r) => r.textContent?.includes(no.userName)),
        ).toEqual([true]),
      { timeout: 3000 },
    );
    const bet = within(list).getByTestId(/^bet-row-/);
    fireEvent.click(within(bet).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByTestId('void-bet-dialog');
    expect(figure(dialog, 'void-bet-amount')).toBe('100.00');
    fireEvent.change(within(dialog).getByTestId('void-bet-reason'), {
      target: { value: 'MULTIPLE_ENTRIES' },
    });
    fireEvent.click(within(dialog).getByTestId('void-bet-dialog-submit'));
    await waitFor(async () => expect(await balanceOf(no)).toBe(CHIPS));
    // Back to the list, where the bet is voided and cannot be voided again.
    const again = await screen.findByTestId('market-bets-dialog');
    await waitFor(() => expect(within(again).queryByRole('button', { name: 'Void' })).toBeNull());
  });
});
