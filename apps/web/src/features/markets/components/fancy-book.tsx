import type { MarketView } from '@exchange/contracts';
import { useState } from 'react';
import { Modal } from '@/components';
import { formatAmount } from '@/lib/format';
import { fancyBookRows } from '../lib/fancy-book';

const tone = (n: number) => (n > 0 ? 'profit' : n < 0 ? 'loss' : 'muted');

/**
 * A fancy line's Book button: the bettor's profit or loss for each run total the innings may end
 * on (the server's `fancy_positions`, kept live by the market's pushes). Disabled while the
 * bettor has no bet on the line.
 */
export function FancyBookButton({
  market,
}: {
  market: Pick<MarketView, 'market_id' | 'name' | 'fancy_positions'>;
}) {
  const [open, setOpen] = useState(false);
  const rows = fancyBookRows(market.fancy_positions);
  const id = market.market_id;
  return (
    <>
      <button
        type="button"
        className="fancy-book__btn"
        disabled={rows.length === 0}
        aria-label={rows.length === 0 ? `Book of ${market.name}: no bets` : `Book of ${market.name}`}
        onClick={() => setOpen(true)}
        data-testid={`fancy-book-${id}`}
      >
        Book
      </button>
      {open && (
        <Modal
          title={`Book: ${market.name}`}
          onClose={() => setOpen(false)}
          testId="fancy-book-modal"
          size="sm"
        >
          {rows.length === 0 ? (
            <p className="muted">No bets on this line</p>
          ) : (
            <table className="table fancy-book__table">
              <thead>
                <tr>
                  <th scope="col">Runs</th>
                  <th scope="col" className="num">
                    Profit / Loss
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.runs} data-testid="fancy-book-row">
                    <th scope="row">{r.runs}</th>
                    <td className={`num ${tone(r.pnl)}`}>{formatAmount(r.pnl)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Modal>
      )}
    </>
  );
}
