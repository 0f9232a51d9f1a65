import type { MarketView, OperatorMarket } from '@exchange/contracts';
import { Badge, HouseBook, MarketStatusTag } from '@/console/components';
import { refusalText } from '@/console/lib/refusal';
import { Spinner } from '@/components';
import { formatAmount, formatOdds, formatSize } from '@/lib/format';
import { useMatchBook } from './api/match-book';

type Shown = Pick<MarketView, 'status' | 'in_play' | 'kind' | 'runners' | 'fancy' | 'result'>;

/** What bettors see of the market right now: its status and line, rates or best prices. */
function BettorsView({ view, marketId }: { view: Shown; marketId: number }) {
  if (view.kind === 'FANCY') {
    const f = view.fancy;
    return (
      <div className="live-book__fancy" data-testid={`live-book-${marketId}-line`}>
        <span className="live-book__box live-book__box--no">
          NO <strong>{f?.no_line ?? '–'}</strong> <small>{f?.no_rate ?? ''}</small>
        </span>
        <span className="live-book__box live-book__box--yes">
          YES <strong>{f?.yes_line ?? '–'}</strong> <small>{f?.yes_rate ?? ''}</small>
        </span>
      </div>
    );
  }
  return (
    <table className="live-book__runners">
      <tbody>
        {view.runners.map((r) => {
          const back =
            view.kind === 'BOOKMAKER'
              ? r.back_rate === null
                ? '–'
                : String(r.back_rate)
              : r.back[0]
                ? formatOdds(r.back[0].price)
                : '–';
          const lay =
            view.kind === 'BOOKMAKER'
              ? r.lay_rate === null
                ? '–'
                : String(r.lay_rate)
              : r.lay[0]
                ? formatOdds(r.lay[0].price)
                : '–';
          return (
            <tr key={r.selection_id}>
              <td>
                {r.name}
                {r.status !== 'ACTIVE' && <span className="muted"> ({r.status.toLowerCase()})</span>}
              </td>
              <td
                className="num live-book__box--yes"
                data-testid={`live-book-${marketId}-back-${r.selection_id}`}
              >
                {back}
                {view.kind !== 'BOOKMAKER' && r.back[0] && <small> {formatSize(r.back[0].size)}</small>}
              </td>
              <td
                className="num live-book__box--no"
                data-testid={`live-book-${marketId}-lay-${r.selection_id}`}
              >
                {lay}
                {view.kind !== 'BOOKMAKER' && r.lay[0] && <small> {formatSize(r.lay[0].size)}</small>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The house's position on the market, with its exposure. */
function HousePosition({ marketId, matchId }: { marketId: number; matchId: number }) {
  const book = useMatchBook(matchId);
  if (book.isPending) return <Spinner label="Loading the house's position" />;
  if (book.isError)
    return (
      <p className="muted" data-testid={`house-book-${marketId}-error`}>
        Position not available: {refusalText(book.error)}
      </p>
    );
  const mine = book.data.find((b) => b.market_id === marketId);
  if (!mine)
    return (
      <p className="muted" data-testid={`house-book-${marketId}-empty`}>
        No bets on this market yet.
      </p>
    );
  return (
    <div data-testid={`house-book-${marketId}`}>
      <HouseBook book={mine} />
      <p className="live-book__exposure">
        Exposure <strong>{formatAmount(mine.exposure)}</strong> ·{' '}
        {mine.users === 1 ? '1 user' : `${mine.users} users`}
      </p>
    </div>
  );
}

/**
 * Beside a desk: the market as bettors see it, streamed (the card's stream; the operator's copy
 * while the stream is not there), and the house's position on it.
 */
export function LiveBook({ market, live }: { market: OperatorMarket; live: MarketView | undefined }) {
  const view: Shown = live ?? market;
  const id = market.market_id;
  return (
    <section className="live-book" aria-label="Live book" data-testid={`live-book-${id}`}>
      <header className="live-book__head">
        <h3>As bettors see it</h3>
        <span
          className={`live-book__feed${live ? ' live-book__feed--live' : ''}`}
          title={live ? 'Streamed live' : 'Not streamed: the last answer'}
        >
          {live ? 'Live' : 'Polled'}
        </span>
        <MarketStatusTag
          status={view.status}
          settled={view.result !== null}
          testId={`live-book-${id}-status`}
        />
        {view.in_play && <Badge tone="ok">In play</Badge>}
      </header>
      <BettorsView view={view} marketId={id} />
      <h3 className="live-book__sub">House position</h3>
      <HousePosition marketId={id} matchId={market.match_id} />
    </section>
  );
}
