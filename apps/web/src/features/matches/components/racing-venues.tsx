import { raceStateLabel } from '@exchange/contracts';
import { istDate } from '@exchange/contracts/ist';
import { Link } from 'react-router';
import { MatchStateBadge } from '@/components';
import { istTime } from '@/lib/format';
import { useVenueList } from '../api/get-venue-list';
import { racingPath } from '../lib/match-paths';
import { EMPTY_TABLE_TEXT } from './match-table';
import { QueryState } from './query-state';
import './matches.css';

/** Today's (IST) venues of a racing sport, each with its race times as chips to the racing page. */
export function RacingVenues({ sportId }: { sportId: number }) {
  const today = istDate(new Date());
  const { data, isLoading, error, refetch } = useVenueList(sportId, today);
  const venues = data?.venues ?? [];
  if (!data) return <QueryState isLoading={isLoading} error={error} onRetry={refetch} />;
  return (
    <div className="table-wrap">
      <table className="match-table racing-venues" data-testid="racing-venues">
        <thead>
          <tr>
            <th>Venue</th>
            <th>Races (IST)</th>
          </tr>
        </thead>
        <tbody>
          {venues.length === 0 && (
            <tr>
              <td colSpan={2} className="table__empty" data-testid="table-empty">
                {EMPTY_TABLE_TEXT}
              </td>
            </tr>
          )}
          {venues.map((v) => (
            <tr key={v.match_id} data-testid="venue-row">
              <td className="racing-venues__venue">
                <Link to={racingPath(v.match_id, today)} className="match-row__name">
                  {v.venue}
                </Link>
                <span className="country-code">{v.country_code}</span>{' '}
                <MatchStateBadge match={{ state: v.state, result: null }} />
              </td>
              <td>
                <div className="race-chips">
                  {v.races.map((r) => (
                    <Link
                      key={r.race_id}
                      to={racingPath(v.match_id, today, r.race_id)}
                      className={`race-chip${r.state === 'UPCOMING' ? '' : ` race-chip--past race-chip--${r.state.toLowerCase()}`}`}
                      title={`${r.name} · ${raceStateLabel(r)}`}
                      data-state={r.state}
                      data-testid="race-chip"
                    >
                      {istTime(r.market_start_time)}
                    </Link>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
