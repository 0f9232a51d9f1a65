import type { OperatorSeries, OperatorSport } from '@exchange/contracts';
import { useState } from 'react';
import { DataTable, type Column } from '@/console/components';
import { useCatalogSave } from './api/save-catalog-entry';
import { useSeries } from './api/series';
import { useSports } from './api/sports';
import { actionsColumn, CatalogCard, shownColumn, useRowChange } from './catalog-parts';
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
  const change = useRowChange();
  const columns: Column<OperatorSeries>[] = [
    { key: 'name', header: 'Series', value: (s) => s.name },
    { key: 'id', header: 'Id', value: (s) => s.series_id, numeric: true },
    shownColumn<OperatorSeries>({
      nameOf: (s) => s.name,
      testIdOf: (s) => `series-${s.series_id}`,
      busy: (s) => change.busy === s.series_id,
      onChange: (s, on) =>
        void change.run(s.series_id, () =>
          save(
            'operatorSaveSeries',
            { series_id: s.series_id, sport_id: s.sport_id, name: s.name, is_active: on },
            `${s.name} ${on ? 'shown' : 'hidden'}`,
          ),
        ),
    }),
    { key: 'matches', header: 'Matches', value: (s) => s.matches, numeric: true },
    actionsColumn<OperatorSeries>({
      testIdOf: (s) => `series-${s.series_id}`,
      onEdit: setEditing,
      more: (s) => (
        <button
          type="button"
          className="btn btn--small"
          onClick={() => onMatches(s.sport_id, s.series_id)}
          data-testid={`series-${s.series_id}-matches`}
        >
          Matches
        </button>
      ),
    }),
  ];
  return (
    <CatalogCard
      title={`Series of ${sport.name}`}
      createLabel="New series"
      createTestId="create-series"
      onCreate={() => setEditing('new')}
      testId="series-panel"
    >
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
    </CatalogCard>
  );
}

/** Sports: shown or hidden, order, edit, create (with the feed's id); a sport's series below it. */
export function SportsPanel({ onMatches }: { onMatches: (sportId: number, seriesId: number) => void }) {
  const sports = useSports();
  const save = useCatalogSave();
  const [editing, setEditing] = useState<OperatorSport | 'new' | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const change = useRowChange();
  const columns: Column<OperatorSport>[] = [
    { key: 'name', header: 'Sport', value: (s) => s.name },
    { key: 'id', header: 'Id', value: (s) => s.sport_id, numeric: true },
    shownColumn<OperatorSport>({
      nameOf: (s) => s.name,
      testIdOf: (s) => `sport-${s.sport_id}`,
      busy: (s) => change.busy === s.sport_id,
      onChange: (s, on) =>
        void change.run(s.sport_id, () =>
          save(
            'operatorSaveSport',
            { sport_id: s.sport_id, name: s.name, is_active: on, order: s.order },
            `${s.name} ${on ? 'shown' : 'hidden'}`,
          ),
        ),
    }),
    { key: 'order', header: 'Order', value: (s) => s.order, numeric: true },
    { key: 'series', header: 'Series', value: (s) => s.series, numeric: true },
    { key: 'matches', header: 'Matches', value: (s) => s.matches, numeric: true },
    actionsColumn<OperatorSport>({
      testIdOf: (s) => `sport-${s.sport_id}`,
      onEdit: setEditing,
      more: (s) => (
        <button
          type="button"
          className={`btn btn--small${picked === s.sport_id ? ' btn--primary' : ''}`}
          onClick={() => setPicked(s.sport_id)}
          aria-pressed={picked === s.sport_id}
          data-testid={`sport-${s.sport_id}-series`}
        >
          Series
        </button>
      ),
    }),
  ];
  const pickedSport = sports.data?.find((s) => s.sport_id === picked);
  return (
    <>
      <CatalogCard
        title="Sports"
        createLabel="New sport"
        createTestId="create-sport"
        onCreate={() => setEditing('new')}
      >
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
      </CatalogCard>
      {pickedSport && <SeriesPanel sport={pickedSport} onMatches={onMatches} />}
      {editing && <SportDialog sport={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
