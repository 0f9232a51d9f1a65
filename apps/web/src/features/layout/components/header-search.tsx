import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDebounced } from '@/hooks/use-debounced';
import { useDismiss } from '@/hooks/use-dismiss';
import { formatIst } from '@/lib/format';
import { useMatchSearch } from '../api/catalog';

const MIN_SEARCH_LENGTH = 2;

/**
 * The search toggle: opens a box, lists matches by sport with their IST start, opens a match on
 * click. The box is a labelled combobox: Arrow Down / Up walk the results (the focus stays in the
 * box, the walked row is its active descendant), Enter opens the row, Escape closes.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const ready = open && search.length >= MIN_SEARCH_LENGTH;
  const { data, isFetching, isError } = useMatchSearch(search, ready);
  const box = useRef<HTMLDivElement>(null);
  const ids = useId();
  const listId = `${ids}-results`;
  const optionId = (matchId: number) => `${ids}-match-${matchId}`;
  const found = ready ? (data ?? []).flatMap((g) => g.matches) : [];
  // The walked row, by match id, so a new answer to the same search keeps it (else none).
  const [activeId, setActiveId] = useState<number | null>(null);
  const active = found.findIndex((m) => m.match_id === activeId);
  const close = () => {
    setOpen(false);
    setText('');
    setActiveId(null);
  };
  useDismiss(box, open, close);
  const openMatch = (m: { sport_id: number; match_id: number }) => {
    close();
    navigate(`/game-details/${m.sport_id}/${m.match_id}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (found.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // From none, Down goes to the first row and Up to the last; both wrap at the ends.
      const next = active < 0 ? (step > 0 ? 0 : found.length - 1) : (active + step + found.length) % found.length;
      const m = found[next]!;
      setActiveId(m.match_id);
      document.getElementById(optionId(m.match_id))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      openMatch(found[active]!);
    }
  };

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
            role="combobox"
            aria-label="Search match"
            aria-autocomplete="list"
            aria-expanded={found.length > 0}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? optionId(found[active]!.match_id) : undefined}
            placeholder="Search match"
            autoFocus
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActiveId(null);
            }}
            onKeyDown={onKeyDown}
            data-testid="search-input"
          />
          {ready && (
            <div className="search__results" id={listId} role="listbox" aria-label="Matches found" data-testid="search-results">
              {isFetching && !data && <p className="search__note">Searching…</p>}
              {isError && <p className="search__note">Search failed. Try again.</p>}
              {data && data.length === 0 && <p className="search__note">No matches found</p>}
              {data?.map((group) => (
                <div
                  className="search__group"
                  key={group.sport_id}
                  role="group"
                  aria-labelledby={`${ids}-sport-${group.sport_id}`}
                >
                  <div className="search__sport" id={`${ids}-sport-${group.sport_id}`}>
                    {group.sport_name}
                  </div>
                  {group.matches.map((m) => (
                    // The focus stays in the box (combobox pattern): rows are picked by click or Enter.
                    <div
                      key={m.match_id}
                      id={optionId(m.match_id)}
                      role="option"
                      aria-selected={m.match_id === activeId}
                      className={`search__row${m.match_id === activeId ? ' search__row--active' : ''}`}
                      data-testid="search-result"
                      data-match-id={m.match_id}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => openMatch(m)}
                    >
                      <span className="search__match">{m.match_name}</span>
                      <span className="search__date">{formatIst(m.match_Date)}</span>
                    </div>
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
