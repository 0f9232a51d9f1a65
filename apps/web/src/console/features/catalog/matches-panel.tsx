import { RACING_SPORT_IDS, type OperatorMatch, type OperatorMatchesRequest } from '@exchange/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, SportSelect, Switch, useServerPaging, type Column } from '@/console/components';
import type { MatchLinkState } from '@/console/lib/operator-match';
import { useDebounced } from '@/hooks/use-debounced';
import { formatIst } from '@/lib/format';
import { useCatalogMatches } from './api/catalog-matches';
import { useCatalogSave } from './api/save-catalog-entry';
import { useSeries } from './api/series';
import { useSports } from './api/sports';
import { actionsColumn, shownColumn, useRowChange } from './catalog-parts';
import { MatchDialog, RacesDialog } from './match-dialogs';

export interface MatchFilters {
  sportId: number | null;
  seriesId: number | null;
}

/** The body of operator/saveMatch that keeps a match as it is but for `change`. */
const matchBody = (m: OperatorMatch, change: { is_active?: boolean; in_play?: boolean }) => ({
  match_id: m.match_id,
  series_id: m.series_id,
  match_name: m.match_name,
  start_time: m.start_time,
  is_active: m.is_active,
  in_play: m.in_play,
  ...(m.venue ? { venue: m.venue } : {}),
  ...change,
});

const SEARCH_DELAY_MS = 300;

/**
 * Matches and racing meetings: search, sport and series filters, server paging; create and edit,
 * shown or hidden, in play; a meeting's races. A match's name opens its markets.
 */
export function MatchesPanel({
  filters,
  onFilters,
}: {
  filters: MatchFilters;
  onFilters: (f: MatchFilters) => void;
}) {
  const sports = useSports();
  const series = useSeries(filters.sportId);
  const save = useCatalogSave();
  const [search, setSearch] = useState('');
  const [finished, setFinished] = useState(false);
  const { page, limit, first, paging } = useServerPaging();
  const [editing, setEditing] = useState<OperatorMatch | 'new' | null>(null);
  const [racesOf, setRacesOf] = useState<number | null>(null);
  const { busy, run } = useRowChange();
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);

  const body: OperatorMatchesRequest = {
    ...(filters.sportId !== null ? { sport_id: filters.sportId } : {}),
    ...(filters.seriesId !== null ? { series_id: filters.seriesId } : {}),
    ...(query ? { search: query } : {}),
    include_finished: finished,
    page,
    limit,
  };
  const matches = useCatalogMatches(body);

  const change = (m: OperatorMatch, c: { is_active?: boolean; in_play?: boolean }, done: string) =>
    run(m.match_id, () => save('operatorSaveMatch', matchBody(m, c), done));
  const racing = (m: OperatorMatch) => RACING_SPORT_IDS.includes(m.sport_id);

  const columns: Column<OperatorMatch>[] = [
    {
      key: 'name',
      header: 'Match',
      value: (m) => m.match_name,
      render: (m) => (
        <Link
          to={`/catalog/match/${m.match_id}`}
          state={{ match: m } satisfies MatchLinkState}
          data-testid={`match-${m.match_id}-markets`}
        >
          {m.match_name}
        </Link>
      ),
    },
    shownColumn<OperatorMatch>({
      nameOf: (m) => m.match_name,
      testIdOf: (m) => `match-${m.match_id}`,
      busy: (m) => busy === m.match_id,
      onChange: (m, on) => void change(m, { is_active: on }, `${m.match_name} ${on ? 'shown' : 'hidden'}`),
    }),
    {
      key: 'in_play',
      header: 'In play',
      value: (m) => (m.in_play ? 'Yes' : 'No'),
      render: (m) => (
        <Switch
          checked={m.in_play}
          onChange={(on) =>
            void change(m, { in_play: on }, `${m.match_name} ${on ? 'in play' : 'not in play'}`)
          }
          disabled={busy === m.match_id}
          label={`${m.match_name} in play`}
          onText="Yes"
          offText="No"
          testId={`match-${m.match_id}-in-play`}
        />
      ),
    },
    {
      key: 'start',
      header: 'Start (IST)',
      value: (m) => m.start_time,
      render: (m) => <span className="nowrap">{formatIst(m.start_time)}</span>,
    },
    { key: 'markets', header: 'Open markets', value: (m) => m.open_markets, numeric: true },
    { key: 'sport', header: 'Sport / series', value: (m) => `${m.sport_name} / ${m.series_name}` },
    { key: 'venue', header: 'Venue', value: (m) => m.venue ?? '' },
    actionsColumn<OperatorMatch>({
      testIdOf: (m) => `match-${m.match_id}`,
      onEdit: setEditing,
      more: (m) => (
        <>
          {racing(m) && (
            <button
              type="button"
              className="btn btn--small"
              onClick={() => setRacesOf(m.match_id)}
              data-testid={`match-${m.match_id}-races`}
            >
              Races ({m.races.length})
            </button>
          )}
          <Link
            to={`/catalog/match/${m.match_id}`}
            state={{ match: m } satisfies MatchLinkState}
            className="btn btn--small btn--primary"
          >
            Markets
          </Link>
        </>
      ),
    }),
  ];

  const meeting = matches.data?.rows.find((m) => m.match_id === racesOf);
  const to = (f: Partial<MatchFilters>) => {
    first();
    onFilters({ ...filters, ...f });
  };
  return (
    <section className="console-card">
      <div className="catalog-filters" role="search">
        <label className="field field--inline">
          <span className="field__label">Search</span>
          <input
            className="input"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              first();
            }}
            placeholder="Match name"
            data-testid="matches-search"
          />
        </label>
        <SportSelect
          sports={sports.data}
          value={filters.sportId}
          onChange={(sportId) => to({ sportId, seriesId: null })}
          allLabel="All"
          testId="matches-sport"
        />
        <label className="field field--inline">
          <span className="field__label">Series</span>
          <select
            className="input"
            value={filters.seriesId ?? ''}
            onChange={(e) => to({ seriesId: e.target.value ? Number(e.target.value) : null })}
            disabled={filters.sportId === null}
            data-testid="matches-series"
          >
            <option value="">All</option>
            {series.data?.map((s) => (
              <option key={s.series_id} value={s.series_id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--check">
          <input
            type="checkbox"
            checked={finished}
            onChange={(e) => {
              setFinished(e.target.checked);
              first();
            }}
            data-testid="matches-finished"
          />
          <span>Finished too</span>
        </label>
      </div>
      <DataTable
        cardsOnPhone
        columns={columns}
        rows={matches.data?.rows}
        rowKey={(m) => m.match_id}
        rowTestId={(m) => `match-row-${m.match_id}`}
        loading={matches.isFetching}
        error={matches.error}
        onRetry={matches.refetch}
        empty={query ? `No match matches “${query}”` : 'No matches'}
        testId="matches-table"
        paging={paging(matches.data?.total)}
        tools={
          <button
            type="button"
            className="btn btn--small btn--primary"
            onClick={() => setEditing('new')}
            data-testid="create-match"
          >
            New match
          </button>
        }
      />
      {editing && (
        <MatchDialog
          match={editing === 'new' ? null : editing}
          defaults={filters}
          onClose={() => setEditing(null)}
        />
      )}
      {meeting && <RacesDialog meeting={meeting} onClose={() => setRacesOf(null)} />}
    </section>
  );
}
