interface PagerProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  testId?: string;
}

/** "Showing a to b of n entries" with Previous / Next, as report tables show it. */
export function Pager({ page, limit, total, onPage, testId }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <div className="pager" data-testid={testId}>
      <span className="pager__info">
        Showing {from} to {to} of {total} entries
      </span>
      <div className="pager__buttons">
        <button
          type="button"
          className="btn btn--small"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <span className="pager__page">
          {page} / {pages}
        </span>
        <button
          type="button"
          className="btn btn--small"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
