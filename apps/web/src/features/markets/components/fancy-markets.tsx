import type { MarketView } from '@exchange/contracts';
import { Fragment, type ReactNode } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { projectedFancyWorst, useBetSlip } from '@/lib/bet-slip';
import { formatAmount, formatRupees } from '@/lib/format';
import { FancyBookButton } from './fancy-book';
import { overlayText, resultText, RowOverlay } from './market-parts';
import { MarketRulesButton } from './market-rules';
import { PriceBox } from './price-box';
import './markets.css';

/**
 * One line: the bettor's worst case (and, while a stake is typed, what it would become) with the
 * Book of P&L by run total, NO, YES, limits.
 */
function FancyRow({ market, matchId }: { market: MarketView; matchId: number }) {
  const { pick, draft } = useBetSlip();
  const preview = projectedFancyWorst(market, draft);
  const line = market.fancy;
  const id = market.market_id;
  const choose = (side: 'YES' | 'NO') => {
    const run = side === 'YES' ? line?.yes_line : line?.no_line;
    const rate = side === 'YES' ? line?.yes_rate : line?.no_rate;
    if (run == null || rate == null) return;
    pick({
      matchId,
      marketId: id,
      kind: 'FANCY',
      marketName: 'Fancy',
      selectionId: null,
      runnerName: market.name,
      side,
      odds: rate,
      line: run,
      inPlay: market.in_play,
      betDelayMs: market.bet_delay_ms,
      minStake: market.min_stake,
      maxStake: market.max_stake,
    });
  };
  const closed = market.status === 'CLOSED';
  return (
    <div className="fancy-row" data-testid={`fancy-row-${id}`} data-status={market.status}>
      <div className="runner__name">
        <span className="fancy-row__title">
          <span className="runner__title">{market.name}</span>
          <FancyBookButton market={market} />
        </span>
        {(market.exposure > 0 || preview !== null) && (
          <span className="runner__position">
            <span className={market.exposure > 0 ? 'loss' : 'muted'} data-testid={`fancy-exposure-${id}`}>
              {formatAmount(-market.exposure)}
            </span>
            {preview !== null && (
              <span
                className={`runner__preview ${preview < 0 ? 'loss' : 'profit'}`}
                data-testid={`fancy-preview-${id}`}
              >
                » {formatAmount(preview)}
              </span>
            )}
          </span>
        )}
      </div>
      <div className="fancy-row__cells">
        <PriceBox
          testId={`fancy-${id}-no`}
          label={`No ${market.name}`}
          tone="lay"
          level={0}
          price={line?.no_line == null ? null : String(line.no_line)}
          sub={line?.no_rate == null ? null : String(line.no_rate)}
          onPick={() => choose('NO')}
        />
        <PriceBox
          testId={`fancy-${id}-yes`}
          label={`Yes ${market.name}`}
          tone="back"
          level={0}
          price={line?.yes_line == null ? null : String(line.yes_line)}
          sub={line?.yes_rate == null ? null : String(line.yes_rate)}
          onPick={() => choose('YES')}
        />
        <RowOverlay
          text={closed ? resultText(market) || 'CLOSED' : overlayText(market.status)}
          testId={`market-status-${id}`}
        />
      </div>
      <div className="fancy-row__limits">
        <span>Min: {formatRupees(market.min_stake)}</span> <span>Max: {formatRupees(market.max_stake)}</span>
      </div>
    </div>
  );
}

/**
 * The fancy lines of a match: NO (pink) then YES (blue) with the line and its rate, limits on the
 * right. Binary sessions are the same yes/no lines under their own heading and rules.
 */
export function FancyMarkets({
  markets,
  matchId,
  title = 'Fancy',
  inlineSlip,
}: {
  markets: readonly MarketView[];
  matchId: number;
  title?: 'Fancy' | 'Binary';
  /** The bet slip shown under the picked line on a phone (ADR 29: the app passes it in). */
  inlineSlip?: ReactNode;
}) {
  const { draft } = useBetSlip();
  const inline = useIsMobile();
  if (markets.length === 0) return null;
  return (
    <section className="market market--fancy" data-testid={`${title.toLowerCase()}-markets`}>
      <header className="market__head">
        <h2 className="market__name">{title}</h2>
        <MarketRulesButton title={title} testId={`market-rules-${title.toLowerCase()}`} />
      </header>
      <div className="fancy-cols" aria-hidden="true">
        <span />
        <span className="market__col market__col--lay">No</span>
        <span className="market__col market__col--back">Yes</span>
        <span className="fancy-cols__limits" />
      </div>
      <div className="market__body">
        {markets.map((m) => (
          <Fragment key={m.market_id}>
            <FancyRow market={m} matchId={matchId} />
            {inline && draft?.marketId === m.market_id && inlineSlip}
          </Fragment>
        ))}
      </div>
    </section>
  );
}
