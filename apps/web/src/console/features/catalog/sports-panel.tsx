import type { OperatorSeries, OperatorSport } from '@exchange/contracts';
import { useState } from 'react';
import { DataTable, Switch, type Column } from '@/console/components';
import { useCatalogSave, useSeries, useSports } from './catalog-data';
import { SeriesDialog, SportDialog } from './sport-series-dialogs';

/** A sport's series: shown or hidden, edit, create; "Matches" opens the matches tab on one. */
function SeriesPanel({
  sport,
  onMatches,
}: {
  sport: OperatorSport;
  onMatches: (sportId: number, seriesId: number) => void;
}) {
  const series = useSeries(sport.sport_id);
  const save = useCatalogSave();
  const [editing, setEditing] = useState<OperatorSeries | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (s: OperatorSeries) => {
    setBusy(s.series_id);
    await save(
      'operatorSaveSeries',
      { series_id: s.series_id, sport_id: s.sport_id, name: s.name, is_active: !s.is_active },
      `${s.name} ${s.is_active ? 'hidden' : 'shown'}`,
    );
    setBusy(null);
  };
  const columns: Column<OperatorSeries>[] = [
    { key: 'name', header: 'Series', value: (s) => s.name },
    { key: 'id', header: 'Id', value: (s) => s.series_id, numeric: true },
    {
      key: 'shown',
      header: 'Shown',
      value: (s) => (s.is_active ? 'Shown' : 'Hidden'),
      render: (s) => (
        <Switch
          checked={s.is_active}
          onChange={() => void toggle(s)}
          disabled={busy === s.series_id}
          label={`${s.name} shown`}
          onText="Shown"
          offText="Hidden"
          testId={`series-${s.series_id}-shown`}
        />
      ),
    },
    { key: 'matches', header: 'Matches', value: (s) => s.matches, numeric: true },
    {
      key: 'actions',
      header: '',
      sortable: false,
      value: () => null,
      render: (s) => (
        <span className="catalog-actions">
          <button
            type="button"
            className="btn btn--small"
            onClick={() => setEditing(s)}
            data-testid={`series-${s.series_id}-edit`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn--small"
            onClick={() => onMatches(s.sport_id, s.series_id)}
            data-testid={`series-${s.series_id}-matches`}
          >
            Matches
          </button>
        </span>
      ),
    },
  ];
  return (
    <section className="console-card" data-testid="series-panel">
      <div className="console-page__head">
        <h2>Series of {sport.name}</h2>
        <div className="console-page__actions">
          <button
            type="button"
            className="btn btn--small btn--primary"
            onClick={() => setEditing('new')}
            data-testid="create-series"
          >
            New series
          </button>
        </div>
      </div>
      <DataTable
        cardsOnPhone
        columns={columns}
        rows={series.data}
        rowKey={(s) => s.series_id}
        rowTestId={(s) => `series-row-${s.series_id}`}
        loading={series.isFetching}
        error={series.error}
        onRetry={series.refetch}
        empty={`No series in ${sport.name} yet`}
        testId="series-table"
      />
      {editing && (
        <SeriesDialog
          sport={sport}
          series={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/** Sports: shown or hidden, order, edit, create (with the feed's id); a sport's series below it. */
export function SportsPanel({ onMatches }: { onMatches: (sportId: number, seriesId: number) => void }) {
  const sports = useSports();
  const save = useCatalogSave();
  const [editing, setEditing] = useState<OperatorSport | 'new' | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (s: OperatorSport) => {
    setBusy(s.sport_id);
    await save(
      'operatorSaveSport',
      { sport_id: s.sport_id, name: s.name, is_active: !s.is_active, order: s.order },
      `${s.name} ${s.is_active ? 'hidden' : 'shown'}`,
    );
    setBusy(null);
  };
  const columns: Column<OperatorSport>[] = [
    { key: 'name', header: 'Sport', value: (s) => s.name },
    { key: 'id', header: 'Id', value: (s) => s.sport_id, numeric: true },
    {
      key: 'shown',
      header: 'Shown',
      value: (s) => (s.is_active ? 'Shown' : 'Hidden'),
      render: (s) => (
        <Switch
          checked={s.is_active}
          onChange={() => void toggle(s)}
          disabled={busy === s.sport_id}
          label={`${s.name} shown`}
          onText="Shown"
          offText="Hidden"
          testId={`sport-${s.sport_id}-shown`}
        />
      ),
    },
    { key: 'order', header: 'Order', value: (s) => s.order, numeric: true },
    { key: 'series', header: 'Series', value: (s) => s.series, numeric: true },
    { key: 'matches', header: 'Matches', value: (s) => s.matches, numeric: true },
    {
      key: 'actions',
      header: '',
      sortable: false,
      value: () => null,
      render: (s) => (
        <span className="catalog-actions">
          <button
            type="button"
            className="btn btn--small"
            onClick={() => setEditing(s)}
            data-testid={`sport-${s.sport_id}-edit`}
          >
            Edit
          </button>
          <button
            type="button"
            className={`btn btn--small${picked === s.sport_id ? ' btn--primary' : ''}`}
            onClick={() => setPicked(s.sport_id)}
            aria-pressed={picked === s.sport_id}
            data-testid={`sport-${s.sport_id}-series`}
          >
            Series
          </button>
        </span>
      ),
    },
  ];
  const pickedSport = sports.data?.find((s) => s.sport_id === picked);
  return (
    <>
      <section className="console-card">
        <div className="console-page__head">
          <h2>Sports</h2>
          <div className="console-page__actions">
            <button
              type="button"
              className="btn btn--small btn--primary"
              onClick={() => setEditing('new')}
              data-testid="create-sport"
            >
              New sport
            </button>
          </div>
        </div>
        <DataTable
          cardsOnPhone
          columns={columns}
          rows={sports.data}
          rowKey={(s) => s.sport_id}
          rowTestId={(s) => `sport-row-${s.sport_id}`}
          loading={sports.isFetching}
          error={sports.error}
          onRetry={sports.refetch}
          empty="No sports yet"
          testId="sports-table"
        />
      </section>
      {pickedSport && <SeriesPanel sport={pickedSport} onMatches={onMatches} />}
      {editing && <SportDialog sport={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
