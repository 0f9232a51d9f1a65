import type { MarketBook } from '@exchange/contracts';
import { fancyLadder } from '../lib/fancy-ladder';
import { Badge } from './badge';
import { SignedAmount } from './signed-amount';

function RunnerBook({ book }: { book: MarketBook }) {
  return (
    <table className="table house-book">
      <thead>
        <tr>
          <th>If this wins</th>
          <th className="num">House P&amp;L</th>
          <th className="num">My share</th>
        </tr>
      </thead>
      <tbody>
        {book.runners.map((r) => (
          <tr key={r.selection_id} data-testid={`book-runner-${book.market_id}-${r.selection_id}`}>
            <td>
              {r.name}
              {r.status !== 'ACTIVE' && (
                <>
                  {' '}
                  <Badge tone="muted">{r.status.toLowerCase()}</Badge>
                </>
              )}
            </td>
            <td className="num">
              <SignedAmount value={r.house_pnl} />
            </td>
            <td className="num">
              <SignedAmount value={r.own_pnl} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FancyBook({ book }: { book: MarketBook }) {
  const ladder = fancyLadder(book.fancy);
  if (ladder.length === 0) return <p className="muted">No position yet.</p>;
  return (
    <table className="table house-book">
      <thead>
        <tr>
          <th>Runs</th>
          <th className="num">House P&amp;L</th>
          <th className="num">My share</th>
        </tr>
      </thead>
      <tbody>
        {ladder.map((step) => (
          <tr key={step.runs} data-testid={`book-fancy-${book.market_id}`}>
            <td className="num house-book__runs">{step.runs}</td>
            <td className="num">
              <SignedAmount value={step.house_pnl} />
            </td>
            <td className="num">
              <SignedAmount value={step.own_pnl} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What the house wins or loses on each outcome of one market (agent/getMarketBook): per runner,
 * or a fancy line's run totals as a ladder, with the caller's own share of it beside (ADR 48).
 * The market book screen and the trading desk's live book both show it.
 */
export function HouseBook({ book }: { book: MarketBook }) {
  return book.kind === 'FANCY' ? <FancyBook book={book} /> : <RunnerBook book={book} />;
}
