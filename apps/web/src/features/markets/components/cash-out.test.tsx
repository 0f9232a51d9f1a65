// @vitest-environment jsdom
import type { CashOutQuote, MatchDetail, OperatorMarket } from '@exchange/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchData } from '@/lib/api';
import { BetSlipProvider } from '@/lib/bet-slip';
import { formatAmount } from '@/lib/format';
import { useMatchDetail } from '@/lib/match-detail';
import {
  callAsOnTestServer,
  newAccountOfAgent1,
  renderInApp,
  setWindowWidth,
  signedInOnTestServer,
  tokenOnTestServer,
  upcomingCricketMatch,
} from '@/test/api-server';
import { rupeesText } from '../lib/cash-out';
import { RunnersMarket } from './runners-market';

/**
 * Cash out on the real server. The admin opens an exchange market of this file's own on a seeded
 * match (no market maker there: the book is what the test rests) and a bookmaker market; a
 * "maker" bettor of the file's own rests the prices, and moves them as the feed would; the
 * signed-in bettor (its own too) backs Home, and the page shows its position and the Cash Out bar
 * as the match page does (the live push moves it).
 */
const CHIPS = 20_000;
let match: MatchDetail;
let exchange: OperatorMarket;
let bookmaker: OperatorMarket;
let admin: string;
let maker: string;
const HOME = 1;
const AWAY = 2;

signedInOnTestServer(async () => (await newAccountOfAgent1({ prefix: 'cashout', chips: CHIPS })).userName);
beforeAll(async () => {
  setWindowWidth(1280);
  match = await upcomingCricketMatch(5);
  admin = await tokenOnTestServer('admin');
  maker = (await newAccountOfAgent1({ prefix: 'comaker', chips: 200_000 })).token;
  const runners = [
    { selection_id: HOME, name: 'Home' },
    { selection_id: AWAY, name: 'Away' },
  ];
  exchange = await callAsOnTestServer(admin, 'operatorCreateMarket', {
    match_id: match.match_id,
    kind: 'EXCHANGE',
    market_type: 'WINNER',
    name: 'Cash Out Winner',
    runners,
    status: 'OPEN',
  });
  bookmaker = await callAsOnTestServer(admin, 'operatorCreateMarket', {
    match_id: match.match_id,
    kind: 'BOOKMAKER',
    market_type: 'BOOKMAKER',
    name: 'Cash Out Bookmaker',
    runners,
    status: 'OPEN',
  });
});

/**
 * The maker's book on Home, all else taken away: bettors back Home at `back` and lay it at `lay`
 * (the maker lays at `back` and backs at `lay`, ₹5,000 each). Away has no prices: the hedge is
 * on Home alone, so its value is known from Home's prices.
 */
async function homeBook(back: number, lay: number) {
  await callAsOnTestServer(maker, 'cancelAllBets', { market_id: exchange.market_id });
  for (const [is_back, odds] of [
    [0, back],
    [1, lay],
  ] as const)
    await callAsOnTestServer(maker, 'placeMarketBet', {
      market_id: exchange.market_id,
      selection_id: HOME,
      is_back,
      odds,
      stake: 5_000,
    });
}

/** The bettor backs Home at the maker's price (matched at once). */
const backHome = (odds: number, stake: number) =>
  fetchData('placeMarketBet', { market_id: exchange.market_id, selection_id: HOME, is_back: 1, odds, stake });

const quoteNow = (fraction = 1): Promise<CashOutQuote> =>
  fetchData('getCashOut', { market_id: exchange.market_id, fraction });

/** The market as the match page shows it, kept current by the live push. */
function MarketOnPage({ marketId }: { marketId: number }) {
  const { data } = useMatchDetail(match.match_id);
  const market = data?.markets.find((m) => m.market_id === marketId);
  return market ? <RunnersMarket market={market} matchId={match.match_id} rules="Match" /> : null;
}

function renderMarket(marketId = exchange.market_id) {
  renderInApp(
    <BetSlipProvider>
      <MarketOnPage marketId={marketId} />
    </BetSlipProvider>,
  );
}

const cashOutButton = (marketId = exchange.market_id) => screen.getByTestId(`cash-out-button-${marketId}`);
const positionOf = (selectionId: number, marketId = exchange.market_id) =>
  screen.getByTestId(`position-${marketId}-${selectionId}`).textContent;
const dialog = () => screen.getByRole('dialog', { name: /^Cash out:/ });
const openPanel = () => fireEvent.click(screen.getByRole('button', { name: /Partial & auto/ }));

/** Waits for the Cash Out button to show `quote`'s value (and its part, when not all). */
async function expectButtonShows(quote: CashOutQuote) {
  const part = quote.fraction < 1 ? ` (${Math.round(quote.fraction * 100)}%)` : '';
  await waitFor(
    () => expect(cashOutButton().textContent).toBe(`Cash Out ${rupeesText(quote.locked!)}${part}`),
    {
      timeout: 10_000,
    },
  );
}

describe('cash out', () => {
  it('shows the quoted value in green; confirmed, it cashes out and every runner shows the same figure', async () => {
    await homeBook(2, 2.02);
    await backHome(2, 100);
    // Home's price falls: laying it now at 1.5 locks a profit whatever wins.
    await homeBook(1.48, 1.5);
    const quote = await quoteNow();
    expect(quote.value).toBeGreaterThan(0);

    renderMarket();
    await expectButtonShows(quote);
    expect(cashOutButton().className).toContain('cash-out__button--profit');
    expect(positionOf(HOME)).toBe('100.00');
    expect(positionOf(AWAY)).toBe('-100.00');

    fireEvent.click(cashOutButton());
    const asked = within(dialog());
    expect(asked.getByTestId('cash-out-dialog-value').textContent).toBe(rupeesText(quote.locked!));
    // The keyboard lands on the safe choice: Enter on opening keeps the position.
    await waitFor(() => expect(document.activeElement).toBe(asked.getByTestId('cash-out-dialog-keep')));
    const leg = quote.legs[0]!;
    expect(quote.legs).toHaveLength(1);
    expect(asked.getByTestId(`cash-out-leg-${HOME}`).textContent).toContain(
      `Lay ${formatAmount(leg.stake)} at 1.5`,
    );
    fireEvent.click(asked.getByRole('button', { name: `Cash Out ${rupeesText(quote.locked!)}` }));

    await screen.findByText(`Cashed out: ${rupeesText(quote.locked!)}`, undefined, { timeout: 10_000 });
    await waitFor(() => expect(positionOf(HOME)).toBe(formatAmount(quote.pnl_after[0]!.pnl)), {
      timeout: 10_000,
    });
    expect(positionOf(AWAY)).toBe(positionOf(HOME));
    expect(quote.pnl_after.map((r) => r.pnl)).toEqual([quote.value, quote.value]);
    // Nothing left to cash out: the button is greyed with the reason.
    await waitFor(() => expect((cashOutButton() as HTMLButtonElement).disabled).toBe(true), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('cash-out-reason').textContent).toBe(
      'Nothing to cash out: you have no position on this market, or it is already even',
    );

    const legs = await fetchData('getCurrentBets', { bet_type: 'matched', match_id: match.match_id });
    expect(legs.filter((b) => b.cash_out === 'MANUAL')).toEqual([
      expect.objectContaining({ selection_id: HOME, side: 'LAY', matched_stake: leg.stake }),
    ]);
  });

  it('cashes out part of the position: 50% (or the slider), previewed under each runner', async () => {
    await backHome(1.48, 200);
    await homeBook(1.19, 1.2);
    renderMarket();
    await expectButtonShows(await quoteNow());

    openPanel();
    fireEvent.change(screen.getByRole('slider', { name: 'Cash out' }), { target: { value: '30' } });
    await expectButtonShows(await quoteNow(0.3));

    fireEvent.click(screen.getByRole('button', { name: '50%' }));
    // Until the 50% quote is in, the button does not offer the 30% one (pressing it would cash out 30%).
    expect(cashOutButton().textContent).toBe('Cash Out 50%…');
    expect((cashOutButton() as HTMLButtonElement).disabled).toBe(true);
    const half = await quoteNow(0.5);
    await expectButtonShows(half);
    expect(screen.getByRole('button', { name: '50%' }).getAttribute('aria-pressed')).toBe('true');
    // While the panel is open, each runner's P&L after the cash out beside its position.
    for (const { selection_id, pnl } of half.pnl_after)
      await waitFor(() =>
        expect(screen.getByTestId(`cash-out-after-${exchange.market_id}-${selection_id}`).textContent).toBe(
          formatAmount(pnl),
        ),
      );

    fireEvent.click(cashOutButton());
    expect(dialog().textContent).toContain('Cash out 50% of your position for');
    fireEvent.click(within(dialog()).getByTestId('cash-out-confirm'));
    await screen.findByText(`Cashed out 50%: ${rupeesText(half.locked!)}`, undefined, { timeout: 10_000 });
    for (const { selection_id, pnl } of half.pnl_after)
      await waitFor(() => expect(positionOf(selection_id)).toBe(formatAmount(pnl)), { timeout: 10_000 });
  });

  it('when the price moves before the confirmation, shows the new value to confirm again', async () => {
    renderMarket();
    const before = await quoteNow();
    await expectButtonShows(before);
    fireEvent.click(cashOutButton());
    expect(within(dialog()).getByTestId('cash-out-dialog-value').textContent).toBe(rupeesText(before.locked!));

    // Home's lay price goes up meanwhile: laying it back costs more, the value falls.
    await homeBook(1.28, 1.3);
    const after = await quoteNow();
    expect(after.value).toBeLessThan(before.value!);
    fireEvent.click(within(dialog()).getByTestId('cash-out-confirm'));

    const moved = await within(dialog()).findByTestId('cash-out-moved', undefined, { timeout: 10_000 });
    expect(moved.textContent).toContain(`The cash out is now worth ${rupeesText(after.locked!)}.`);
    expect(within(dialog()).getByTestId('cash-out-dialog-value').textContent).toBe(rupeesText(after.locked!));
    // Confirmed again, at the new value; and never asked again.
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: "Don't ask me again" }));
    fireEvent.click(within(dialog()).getByRole('button', { name: `Cash Out ${rupeesText(after.locked!)}` }));
    await screen.findByText(`Cashed out: ${rupeesText(after.locked!)}`, undefined, { timeout: 10_000 });
    await waitFor(() => expect(positionOf(AWAY)).toBe(positionOf(HOME)), { timeout: 10_000 });
    expect((await fetchData('getSettings')).confirm_cash_out).toBe(false);
  });

  it('cashes out at once, without the dialog, once the bettor said not to ask', async () => {
    await backHome(1.28, 100);
    await homeBook(1.1, 1.11);
    renderMarket();
    const quote = await quoteNow();
    await expectButtonShows(quote);
    fireEvent.click(cashOutButton());
    await screen.findByText(`Cashed out: ${rupeesText(quote.locked!)}`, undefined, { timeout: 10_000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    await fetchData('updateSettings', { confirm_cash_out: true });
  });

  it('sets and clears the automatic cash out on a bookmaker market', async () => {
    await callAsOnTestServer(admin, 'operatorSetBookmakerRates', {
      market_id: bookmaker.market_id,
      rates: [
        { selection_id: HOME, back_rate: 90, lay_rate: 95 },
        { selection_id: AWAY, back_rate: 100, lay_rate: 105 },
      ],
    });
    await fetchData('placeMarketBet', {
      market_id: bookmaker.market_id,
      selection_id: HOME,
      is_back: 1,
      odds: 90,
      stake: 100,
    });
    renderMarket(bookmaker.market_id);
    await waitFor(() => expect(cashOutButton(bookmaker.market_id).textContent).toMatch(/^Cash Out -?₹/), {
      timeout: 10_000,
    });

    fireEvent.click(screen.getByRole('button', { name: /Partial & auto/ }));
    const form = within(screen.getByRole('form', { name: 'Auto cash out' }));
    expect(form.getByText('No automatic cash out set')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Take profit (₹)'), { target: { value: '400' } });
    fireEvent.change(form.getByLabelText('Stop loss (₹)'), { target: { value: '80' } });
    fireEvent.click(form.getByRole('button', { name: 'Set' }));

    await screen.findByText('Auto cash out at +₹400.00 / -₹80.00: set', undefined, { timeout: 10_000 });
    await waitFor(() =>
      expect(screen.getByTestId('cash-out-rule').textContent).toBe('Auto cash out at +₹400.00 / -₹80.00'),
    );
    expect(form.getByTestId('auto-cash-out-now').textContent).toBe('Auto cash out at +₹400.00 / -₹80.00');
    const quote = await fetchData('getCashOut', { market_id: bookmaker.market_id });
    expect(quote.auto_cash_out).toEqual({ take_profit: 400, stop_loss: 80 });

    fireEvent.click(form.getByRole('button', { name: 'Clear' }));
    await screen.findByText('Auto cash out cleared', undefined, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('cash-out-rule')).toBeNull());
    expect(form.getByText('No automatic cash out set')).toBeTruthy();
    expect((await fetchData('getCashOut', { market_id: bookmaker.market_id })).auto_cash_out).toBeNull();
  });
});
