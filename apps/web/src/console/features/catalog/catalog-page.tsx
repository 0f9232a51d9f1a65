import { useSearchParams } from 'react-router';
import { MatchesPanel, type MatchFilters } from './matches-panel';
import { SportsPanel } from './sports-panel';
import './catalog.css';

const TABS = [
  { id: 'sports', label: 'Sports & series' },
  { id: 'matches', label: 'Matches' },
] as const;

const idParam = (v: string | null) => (v && /^-?\d+$/.test(v) ? Number(v) : null);

/**
 * The catalog (route catalog): sports and their series, and matches. The tab and the matches'
 * sport and series filters live in the address, so a link (or Back from a match's markets) lands
 * on the same list.
 */
export function CatalogPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'matches' ? 'matches' : 'sports';
  const filters: MatchFilters = {
    sportId: idParam(params.get('sport')),
    seriesId: idParam(params.get('series')),
  };
  const go = (next: { tab: string } & Partial<MatchFilters>) => {
    const p = new URLSearchParams({ tab: next.tab });
    if (next.sportId != null) p.set('sport', String(next.sportId));
    if (next.seriesId != null) p.set('series', String(next.seriesId));
    setParams(p);
  };
  return (
    <div data-testid="catalog-page">
      <div className="console-page__head">
        <h1>Catalog</h1>
      </div>
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`tabs__tab${tab === t.id ? ' tabs__tab--active' : ''}`}
            onClick={() => go({ tab: t.id, ...(t.id === 'matches' ? filters : {}) })}
            data-testid={`catalog-tab-${t.id}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'sports' ? (
        <SportsPanel onMatches={(sportId, seriesId) => go({ tab: 'matches', sportId, seriesId })} />
      ) : (
        <MatchesPanel filters={filters} onFilters={(f) => go({ tab: 'matches', ...f })} />
      )}
    </div>
  );
}
