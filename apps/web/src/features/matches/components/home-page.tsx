import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSports } from '@/lib/sports';
import { homeSportTabs } from '../lib/match-list';
import { EMPTY_TABLE_TEXT } from './match-table';
import { QueryState } from './query-state';
import { SportMatches } from './sport-matches';
import './matches.css';

/** Home: a row of sport tabs (cricket first and selected by default) over that sport's match list. */
export function HomePage() {
  const { data: sports, isLoading, error, refetch } = useSports();
  const [params, setParams] = useSearchParams();
  const tabs = homeSportTabs(sports ?? []);
  const asked = Number(params.get('sport'));
  const selected = tabs.find((s) => s.sport_id === asked) ?? tabs[0];
  const activeTab = useRef<HTMLButtonElement>(null);

  // On a phone the tab row scrolls sideways: keep the chosen sport in sight.
  useEffect(() => {
    activeTab.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected?.sport_id]);

  return (
    <section className="page-frame home" data-testid="home-page">
      <div className="sport-tabs" role="tablist" aria-label="Sports">
        {tabs.map((s) => (
          <button
            key={s.sport_id}
            type="button"
            role="tab"
            aria-selected={s === selected}
            ref={s === selected ? activeTab : undefined}
            className={`sport-tabs__tab${s === selected ? ' sport-tabs__tab--active' : ''}`}
            onClick={() => setParams({ sport: String(s.sport_id) }, { replace: true })}
            data-testid={`home-sport-tab-${s.sport_id}`}
          >
            {s.name}
          </button>
        ))}
      </div>
      <div className="home__body" role="tabpanel">
        {selected ? (
          <SportMatches key={selected.sport_id} sportId={selected.sport_id} />
        ) : sports ? (
          <p className="table__empty">{EMPTY_TABLE_TEXT}</p>
        ) : (
          <QueryState isLoading={isLoading} error={error} onRetry={refetch} />
        )}
      </div>
    </section>
  );
}
