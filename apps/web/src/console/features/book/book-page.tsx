import type { MarketBook } from '@exchange/contracts';
import { Link, useSearchParams } from 'react-router';
import { Badge, HouseBook, MarketStatusTag, marketKindLabel } from '@/console/components';
import { Spinner } from '@/components';
import { isRetryable } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { useMarketBook } from './api/market-book';
import './book.css';

function BookCard({ book }: { book: MarketBook }) {
  return (
    <section
      className="console-card book-card"
      aria-labelledby={`book-${book.market_id}-title`}
      data-testid={`book-market-${book.market_id}`}
    >
      <p className="muted book-card__where">
        {book.sport_name} · {book.match_name}
      </p>
      <h2 id={`book-${book.market_id}-title`} className="book-card__title">
        {book.market_name}
      </h2>
      <div className="book-card__facts">
        <Badge tone="muted">{marketKindLabel(book.kind, book.market_type)}</Badge>
        <MarketStatusTag status={book.status} />
        <span>
          Exposure{' '}
          <strong data-testid={`book-exposure-${book.market_id}`}>{formatAmount(book.exposure)}</strong>
        </span>
        <span>
          Users <strong>{book.users}</strong>
        </span>
      </div>
      <HouseBook book={book} />
    </section>
  );
}

/**
 * Market analysis: for each open market the downline bets on, what the house wins or loses on
 * each outcome (runners; a fancy line's run totals as a ladder). `?market=` shows one market
 * (the dashboard's link). Refreshed by the nudges, and every 30 s without them.
 */
export function BookPage() {
  const [params] = useSearchParams();
  const marketId = Number(params.get('market')) || null;
  const books = useMarketBook(marketId);

  return (
    <div data-testid="book-page">
      <div className="console-page__head">
        <h1>Market book</h1>
        {marketId && (
          <div className="console-page__actions">
            <Link to="/book" className="btn btn--small btn--secondary" data-testid="book-show-all">
              Every open market
            </Link>
          </div>
        )}
      </div>
      <p className="muted book-legend">
        What the house wins (<span className="profit">green</span>) or loses (
        <span className="loss">red</span>) on each outcome, from the downline&apos;s bets. My share: your
        part of it, by your partnership in each bettor&apos;s line, before commission.
      </p>
      {books.isLoading && <Spinner label="Loading the books" />}
      {books.error && !books.data && (
        <p className="notice notice--error" role="alert" data-testid="book-error">
          {books.error.message}{' '}
          {isRetryable(books.error) && (
            <button type="button" className="btn btn--small" onClick={() => void books.refetch()}>
              Retry
            </button>
          )}
        </p>
      )}
      {books.data?.length === 0 && (
        <p className="console-card muted" data-testid="book-empty">
          {marketId
            ? 'The downline has no position on this market, or it is no longer open.'
            : 'The downline has no position on any open market.'}
        </p>
      )}
      {books.data && books.data.length > 0 && (
        <div className="book-grid">
          {books.data.map((b) => (
            <BookCard key={b.market_id} book={b} />
          ))}
        </div>
      )}
    </div>
  );
}
