import { Link, useParams, useSearchParams } from 'react-router';
import { PageFrame } from '@/components';
import { useMatches } from '../api/get-matches';
import { useSports } from '@/lib/sports';
import { isRacingSport } from '../lib/match-list';
import { MatchTable } from './match-table';
import { QueryState } from './query-state';
import { SportMatches } from './sport-matches';
import './matches.css';

/**
 * /all-sports/:sport_id: every match of one sport under its series, in play first, with the
 * 1 / X / 2 best back and lay prices of the match list. `?series=` (a cup of the cups menu)
 * narrows the list to that series.
 */
export function AllSportsPage() {
  // Only digits name a sport: 'abc' (and Number('') = 0) would be sent and refused as "Invalid input".
  const param = useParams().sport_id ?? '';
  const sportId = /^-?\d{1,15}$/.test(param) ? Number(param) : Number.NaN;
  const seriesId = Number(useSearchParams()[0].get('series')) || null;
  const { data: sports } = useSports();
  const sport = sports?.find((s) => s.sport_id === sportId);
  // Racing lists venues, not series: a series filter does not apply there.
  const oneSeries = seriesId !== null && !isRacingSport(sportId);
  return (
    <PageFrame
      title={sport?.name ?? 'All Sports'}
      actions={
        oneSeries && (
          <Link
            to={`/all-sports/${sportId}`}
            className="btn btn--small"
            data-testid="all-sports-every-series"
          >
            All {sport?.name ?? 'matches'}
          </Link>
        )
      }
      testId="all-sports-page"
    >
      {!Number.isSafeInteger(sportId) ? (
        // A sport id that is no number: the server would only answer "Invalid input".
        <div className="matches-error" role="alert" data-testid="load-error">
          <p>
            There is no sport at this address. Choose a sport from the menu, or go to the{' '}
            <Link to="/home">home page</Link>.
          </p>
        </div>
      ) : oneSeries ? (
        <SeriesMatches key={`${sportId}-${seriesId}`} sportId={sportId} seriesId={seriesId} />
      ) : (
        <SportMatches key={sportId} sportId={sportId} bySeries />
      )}
    </PageFrame>
  );
}

/** One series of the sport's list: the same query as the whole sport's, so prices poll once. */
function SeriesMatches({ sportId, seriesId }: { sportId: number; seriesId: number }) {
  const { data, isLoading, error, refetch } = useMatches(sportId);
  if (!data) return <QueryState isLoading={isLoading} error={error} onRetry={refetch} />;
  return <MatchTable matches={data.filter((m) => m.series_id === seriesId)} bySeries />;
}
