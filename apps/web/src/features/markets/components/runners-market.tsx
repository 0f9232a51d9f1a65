import { marketShowsInPlay, type MarketView, type MatchState, type RunnerView } from '@exchange/contracts';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { projectedPositions, runnerPick, useBetSlip, type SlipSide } from '@/lib/bet-slip';
import { formatOdds, formatSize } from '@/lib/format';
import { askingOdds } from '../lib/asking-odds';
import { CashOutBar, useMarketCashOut } from './cash-out';
import { MarketState, overlayText, RowOverlay, RunnerPosition, StakeLimits } from './market-parts';
import { MarketRulesButton, type MarketRulesTitle } from './market-rules';
import { PriceChartButton } from './price-chart-button';
import { PriceBox, type PriceTone } from './price-box';
import './markets.css';

const LEVELS = [0, 1, 2] as const;

interface Level {
  price: string | null;
  sub: string | null;
  odds: number | null;
}

/** The three levels of one side, best first: exchange prices with sizes, or the bookmaker's one rate. */
function levelsOf(market: MarketView, runner: RunnerView, tone: PriceTone): Level[] {
  if (market.kind === 'BOOKMAKER') {
    const rate = tone === 'back' ? runner.back_rate : runner.lay_rate;
    return LEVELS.map((l) =>
      l === 0 && rate !== null
        ? { price: String(rate), sub: null, odds: rate }
        : { price: null, sub: null, odds: null },
    );
  }
  const side = tone === 'back' ? runner.back : runner.lay;
  return LEVELS.map((l) => {
    const at = side[l];
    return at
      ? { price: formatOdds(at.price), sub: formatSize(at.size), odds: at.price }
      : { price: null, sub: null, odds: null };
  });
}

function RunnerRow({
  market,
  runner,
  matchId,
  preview,
  cashOutAfter,
  showPosition,
}: {
  market: MarketView;
  runner: RunnerView;
  matchId: number;
  preview: number | undefined;
  /** The runner's P&L after the cash out being looked at (its panel open), else undefined. */
  cashOutAfter: number | undefined;
  showPosition: boolean;
}) {
  const { pick } = useBetSlip();
  const id = `${market.market_id}-${runner.selection_id}`;
  const removed = runner.status === 'REMOVED';
  const choose = (side: SlipSide, odds: number) => pick(runnerPick(matchId, market, runner, side, odds));
  const running = market.runners.filter((r) => r.status !== 'REMOVED').length;
  // An empty exchange box still takes a bet at a price of the bettor's own (ADR 39); the
  // bookmaker's empty box is a rate the house does not offer.
  const oddsOf = (tone: PriceTone, level: Level) =>
    level.odds ?? (market.kind === 'EXCHANGE' ? askingOdds(runner, tone, running) : null);
  const cells = (tone: PriceTone) =>
    levelsOf(market, runner, tone).map((level, l) => {
      const odds = oddsOf(tone, level);
      // The bookmaker quotes one rate a side: the deeper boxes stay blank, not dashed.
      return market.kind === 'BOOKMAKER' && l > 0 ? (
        <span key={`${tone}-${l}`} className={`price price--blank price--${tone}-${l}`} />
      ) : (
        <PriceBox
          key={`${tone}-${l}`}
          testId={`price-${id}-${tone}-${l}`}
          label={`${tone === 'back' ? 'Back' : 'Lay'} ${runner.name}`}
          tone={tone}
          level={l}
          price={level.price}
          sub={level.sub}
          askingOdds={level.odds === null ? odds : null}
          onPick={odds === null ? undefined : () => choose(tone === 'back' ? 'BACK' : 'LAY', odds)}
        />
      );
    });
  const back = cells('back');
  return (
    <div className={`runner${removed ? ' runner--removed' : ''}`} data-testid={`runner-${id}`}>
      <div className="runner__name">
        {/* The name gives way (ellipsis) to the links beside it, which stay whole. */}
        <span className="runner__head">
          <span className="runner__title">
            {runner.name}
            {runner.status === 'WINNER' && <span className="runner__badge runner__badge--won">Winner</span>}
            {runner.status === 'PLACED' && <span className="runner__badge runner__badge--won">Placed</span>}
          </span>
          {market.kind === 'EXCHANGE' && !removed && (
            <Link
              className="runner__ladder"
              to={`/ladder/${matchId}/${market.market_id}/${runner.selection_id}`}
              aria-label={`Ladder of ${runner.name}`}
            >
              Ladder
            </Link>
          )}
          {market.kind === 'EXCHANGE' && <PriceChartButton market={market} runner={runner} />}
        </span>
        {removed ? (
          <span className="runner__nr" data-testid={`non-runner-${id}`}>
            Non-runner · reduction factor {runner.reduction_factor}%
          </span>
        ) : (
          <RunnerPosition
            testId={`position-${id}`}
            position={runner.position}
            preview={preview}
            cashOutAfter={cashOutAfter}
            show={showPosition}
          />
        )}
      </div>
      {removed ? (
        <div className="runner__removed-cells">Removed</div>
      ) : (
        <div className="runner__cells">
          {/* The best back and lay meet in the middle: back levels deepest first. */}
          {[...back].reverse()}
          {cells('lay')}
          <RowOverlay text={overlayText(market.status)} />
        </div>
      )}
    </div>
  );
}

/**
 * An exchange market (3 back and 3 lay levels with sizes) or a bookmaker market (one back and
 * one lay rate per runner): runners, the bettor's positions and preview, limits, rules, the
 * status overlay, and the Cash Out bar under the runners while the bettor has a position. On a phone the slip (`inlineSlip`, the app's bet slip) opens under the runner
 * that was clicked.
 */
export function RunnersMarket({
  market,
  matchId,
  rules,
  title,
  matchState,
  inlineSlip,
}: {
  market: MarketView;
  matchId: number;
  rules: MarketRulesTitle;
  title?: string;
  /** The match's state: its markets say In-Play only while it is in play (a race's market: omitted). */
  matchState?: MatchState;
  /** The bet slip shown under the picked runner on a phone (ADR 29: the app passes it in). */
  inlineSlip?: ReactNode;
}) {
  const { draft } = useBetSlip();
  const inline = useIsMobile();
  const preview = projectedPositions(market, draft);
  const showPositions = market.exposure > 0 || market.runners.some((r) => r.position !== 0);
  const cashOut = useMarketCashOut(market);
  return (
    <section
      className={`market market--${market.kind.toLowerCase()}`}
      data-testid={`market-${market.market_id}`}
      data-status={market.status}
    >
      <header className="market__head">
        <h2 className="market__name">
          {title ?? market.name}
          {marketShowsInPlay(market, matchState) && <span className="market__live">In-Play</span>}
        </h2>
        <MarketState market={market} testId={`market-status-${market.market_id}`} />
        <MarketRulesButton title={rules} testId={`market-rules-${market.market_id}`} />
        <StakeLimits market={market} />
      </header>
      <div className="market__columns" aria-hidden="true">
        <span className="market__col-name" />
        <span className="market__col market__col--deep" />
        <span className="market__col market__col--deep" />
        <span className="market__col market__col--back">Back</span>
        <span className="market__col market__col--lay">Lay</span>
        <span className="market__col market__col--deep" />
        <span className="market__col market__col--deep" />
      </div>
      <div className="market__body">
        {market.runners.map((r) => (
          <Fragment key={r.selection_id}>
            <RunnerRow
              market={market}
              runner={r}
              matchId={matchId}
              preview={preview?.get(r.selection_id)}
              cashOutAfter={cashOut.after?.get(r.selection_id)}
              showPosition={showPositions}
            />
            {inline &&
              draft?.marketId === market.market_id &&
              draft.selectionId === r.selection_id &&
              inlineSlip}
          </Fragment>
        ))}
      </div>
      {cashOut.offered && <CashOutBar market={market} cashOut={cashOut} />}
    </section>
  );
}
