import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDebounced } from '@/hooks/use-debounced';
import { useDismiss } from '@/hooks/use-dismiss';
import { formatIst } from '@/lib/format';
import { useMatchSearch } from '../api/catalog';

const MIN_SEARCH_LENGTH = 2;

/** The search toggle: opens a box, lists matches by sport with their IST start, opens a match on click. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const ready = open && search.length >= MIN_SEARCH_LENGTH;
  const { data, isFetching, isError } = useMatchSearch(search, ready);
  const box = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    setText('');
  };
  useDismiss(box, open, close);

  return (
    <div className={`search${open ? ' search--open' : ''}`} ref={box}>
      <button
        type="button"
        className="icon-btn search__toggle"
        aria-label={open ? 'Close search' : 'Search matches'}
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="search-toggle"
      >
        {open ? '✕' : <SearchIcon />}
      </button>
      {open && (
        <div className="search__panel">
          <input
            className="input search__input"
            type="search"
            placeholder="Search match"
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="search-input"
          />
          {ready && (
            <div className="search__results" data-testid="search-results">
              {isFetching && !data && <p className="search__note">Searching…</p>}
              {isError && <p className="search__note">Search failed. Try again.</p>}
              {data && data.length === 0 && <p className="search__note">No matches found</p>}
              {data?.map((group) => (
                <div className="search__group" key={group.sport_id}>
                  <div className="search__sport">{group.sport_name}</div>
                  {group.matches.map((m) => (
                    <button
                      type="button"
                      key={m.match_id}
                      className="search__row"
                      data-testid="search-result"
                      onClick={() => {
                        close();
                        navigate(`/game-details/${m.sport_id}/${m.match_id}`);
                      }}
                    >
                      <span className="search__match">{m.match_name}</span>
                      <span className="search__date">{formatIst(m.match_Date)}</span>
                    </button>
                  ))}
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
