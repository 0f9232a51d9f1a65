// @vitest-environment jsdom
import type { MarketView, MatchDetail, RunnerView } from '@exchange/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { BetSlipProvider, useBetSlip } from '@/lib/bet-slip';
import { formatAmount, formatSize } from '@/lib/format';
import { renderInApp, setWindowWidth, signedInOnTestServer, upcomingCricketMatch } from '@/test/api-server';
import { MatchMarkets } from './match-markets';
import { RunnersMarket } from './runners-market';

/**
 * The ladders of a seeded cricket match as the server answers it for demo1 (prices of the market
 * maker, the bookmaker's rates, the fancy lines). The slip is another feature: what a pick puts
 * in the shared selection (lib/bet-slip) is read here by a stand-in that shows it and takes a
 * stake, as the slip does.
 */
let match: MatchDetail;
const marketOf = (kind: MarketView['kind']) => match.markets.find((m) => m.kind === kind)!;

signedInOnTestServer('demo1');
beforeAll(async () => {
  match = await upcomingCricketMatch(2);
});

function SlipStandIn() {
  const { draft, edit } = useBetSlip();
  if (!draft) return null;
  return (
    <div role="dialog" aria-label="Picked">
      <p>{`${draft.side} ${draft.runnerName} at ${draft.oddsText}${draft.line === null ? '' : ` on ${draft.line}`}`}</p>
      <input
        aria-label="Stake"
        value={draft.stakeText}
        onChange={(e) => edit({ stakeText: e.target.value })}
      />
    </div>
  );
}

function renderLadders(width: number) {
  setWindowWidth(width);
  renderInApp(
    <BetSlipProvider>
      <MatchMarkets match={match} inlineSlip={<SlipStandIn />} />
      {width > 992 && <SlipStandIn />}
    </BetSlipProvider>,
  );
}

/** A market's ladder: the section under its title. */
const ladderOf = (market: MarketView) =>
  within(screen.getByRole('heading', { name: market.name }).closest('section')!);
/** The price boxes of a runner's row, in screen order. */
const boxesOf = (market: MarketView, runner: RunnerView) =>
  ladderOf(market).getAllByRole('button', { name: new RegExp(`^(Back|Lay) ${runner.name}( at|:)`) });
const boxName = (
  side: 'Back' | 'Lay',
  runner: RunnerView,
  level: { price: number; size: number } | undefined,
) =>
  level
    ? `${side} ${runner.name} at ${level.price}, ${formatSize(level.size)}`
    : `${side} ${runner.name}: no price`;

describe('market ladders', () => {
  it('show each runner three back and three lay prices with sizes, the best two meeting in the middle', () => {
    renderLadders(1280);
    const odds = marketOf('EXCHANGE');
    for (const runner of odds.runners) {
      const shown = boxesOf(odds, runner).map((b) => b.getAttribute('aria-label'));
      expect(shown).toEqual([
        boxName('Back', runner, runner.back[2]),
        boxName('Back', runner, runner.back[1]),
        boxName('Back', runner, runner.back[0]),
        boxName('Lay', runner, runner.lay[0]),
        boxName('Lay', runner, runner.lay[1]),
        boxName('Lay', runner, runner.lay[2]),
      ]);
      expect(within(boxesOf(odds, runner)[2]!).getByText(String(runner.back[0]!.price))).toBeTruthy();
    }
  });

  it("show the bookmaker's one rate a side and each fancy line's NO and YES line with its rate", () => {
    renderLadders(1280);
    const bookmaker = marketOf('BOOKMAKER');
    const runner = bookmaker.runners[0]!;
    expect(boxesOf(bookmaker, runner).map((b) => b.getAttribute('aria-label'))).toEqual([
      `Back ${runner.name} at ${runner.back_rate}`,
      `Lay ${runner.name} at ${runner.lay_rate}`,
    ]);

    const fancy = marketOf('FANCY');
    const { no_line, no_rate, yes_line, yes_rate } = fancy.fancy!;
    expect(screen.getByRole('button', { name: `No ${fancy.name} at ${no_line}, ${no_rate}` })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: `Yes ${fancy.name} at ${yes_line}, ${yes_rate}` }),
    ).toBeTruthy();
  });

  it('pick the runner, side and price clicked; on a phone the slip opens under that runner only', () => {
    renderLadders(390);
    expect(screen.queryByRole('dialog', { name: 'Picked' })).toBeNull();
    const odds = marketOf('EXCHANGE');
    const second = odds.runners[1]!;
    fireEvent.click(ladderOf(odds).getByRole('button', { name: boxName('Lay', second, second.lay[0]) }));

    const slip = screen.getByRole('dialog', { name: 'Picked' });
    expect(slip.textContent).toBe(`LAY ${second.name} at ${second.lay[0]!.price.toFixed(2)}`);
    expect(slip.previousElementSibling!.textContent).toContain(second.name);
    expect(screen.getAllByRole('dialog', { name: 'Picked' })).toHaveLength(1);

    const fancy = marketOf('FANCY');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Yes ${fancy.name} at`) }));
    const fancySlip = screen.getByRole('dialog', { name: 'Picked' });
    expect(fancySlip.textContent).toBe(
      `YES ${fancy.name} at ${fancy.fancy!.yes_rate} on ${fancy.fancy!.yes_line}`,
    );
    expect(fancySlip.previousElementSibling!.textContent).toContain(fancy.name);
  });

  it("show under every runner what it would win or lose while a stake is typed, from the bettor's position", () => {
    renderLadders(1280);
    const odds = marketOf('EXCHANGE');
    const [first, ...others] = odds.runners;
    fireEvent.click(ladderOf(odds).getByRole('button', { name: boxName('Back', first!, first!.back[0]) }));
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '100' } });

    const price = first!.back[0]!.price;
    const rowOf = (r: RunnerView) =>
      ladderOf(odds).getByText(r.name, { selector: '.runner__title' }).closest('.runner')!;
    expect(rowOf(first!).textContent).toContain(
      `» ${formatAmount(first!.position + (Math.round(price * 100) - 100))}`,
    );
    for (const r of others) expect(rowOf(r).textContent).toContain(`» ${formatAmount(r.position - 100)}`);
  });

  it('show under each bookmaker runner what it would win or lose at the rate while a stake is typed', () => {
    renderLadders(1280);
    const bookmaker = marketOf('BOOKMAKER');
    const [first, ...others] = bookmaker.runners;
    fireEvent.click(
      ladderOf(bookmaker).getByRole('button', { name: `Back ${first!.name} at ${first!.back_rate}` }),
    );
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '100' } });

    // A rate of 45 wins 45 on 100 (odds 1.45).
    const rowOf = (r: RunnerView) =>
      ladderOf(bookmaker).getByText(r.name, { selector: '.runner__title' }).closest('.runner')!;
    expect(rowOf(first!).textContent).toContain(`» ${formatAmount(first!.position + first!.back_rate!)}`);
    for (const r of others) expect(rowOf(r).textContent).toContain(`» ${formatAmount(r.position - 100)}`);
  });

  it("show on a fancy line the bettor's worst case the typed stake would make", () => {
    renderLadders(1280);
    const fancy = marketOf('FANCY');
    // demo1 has no bet on the line: a YES of 100 can lose at most the stake.
    expect(fancy.fancy_positions).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Yes ${fancy.name} at`) }));
    fireEvent.change(screen.getByLabelText('Stake'), { target: { value: '100' } });
    const row = screen.getByText(fancy.name, { selector: '.runner__title' }).closest('.fancy-row')!;
    expect(row.textContent).toContain(`» ${formatAmount(-100)}`);
  });

  it('say SUSPENDED across a suspended market, and a closed fancy line its result', () => {
    setWindowWidth(1280);
    const odds = marketOf('EXCHANGE');
    const fancy = marketOf('FANCY');
    renderInApp(
      <BetSlipProvider>
        <RunnersMarket market={{ ...odds, status: 'SUSPENDED' }} matchId={match.match_id} rules="Match" />
        <MatchMarkets
          match={{
            ...match,
            markets: [
              {
                ...fancy,
                status: 'CLOSED',
                result: { kind: 'RUNS', winner_ids: [], runs: 47, settled_at: null },
              },
            ],
          }}
        />
      </BetSlipProvider>,
    );
    // One in the market's title bar, one across each runner's boxes.
    expect(screen.getAllByText('SUSPENDED')).toHaveLength(1 + odds.runners.length);
    expect(screen.getByText('Result: 47')).toBeTruthy();
  });
});
