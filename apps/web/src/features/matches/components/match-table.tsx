import type { MatchListItem } from '@exchange/contracts';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { formatOdds, formatSize } from '@/features/betslip';
import { formatIst } from '@/lib/format';
import { groupBySeries, outcomePrices, sortMatches, type SeriesGroup } from '../lib/match-list';
import { matchPath } from '../lib/match-paths';
import { InPlayBadge } from './in-play-badge';
import './matches.css';

export const EMPTY_TABLE_TEXT = 'No data available in table';
const OUTCOMES = ['1', 'X', '2'] as const;

/** Back and lay boxes of the 1 / X / 2 outcomes: best back and best lay of Match Odds, a dash where there is none. */
function OddsCells({ match }: { match: MatchListItem }) {
  const prices = outcomePrices(match.match_odds);
  const suspended = match.match_odds !== null && match.match_odds.status !== 'OPEN';
  return OUTCOMES.map((o, i) => {
    const runner = prices[i];
    return (
      <Fragment key={o}>
        {(['back', 'lay'] as const).map((side) => {
          const at = runner?.[side] ?? null;
          return (
            <td
              key={side}
              className={`odds odds--${side}${suspended ? ' odds--suspended' : ''}`}
              aria-label={`${side === 'back' ? 'Back' : 'Lay'} ${o}: ${at ? at.price : 'no price'}`}
              data-testid={`list-odds-${match.match_id}-${o}-${side}`}
            >
              <span className="odds__price">{at ? formatOdds(at.price) : '-'}</span>
              {at && <span className="odds__size">{formatSize(at.size)}</span>}
            </td>
          );
        })}
      </Fragment>
    );
  });
}

function MatchRow({ match }: { match: MatchListItem }) {
  return (
    <tr className={`match-row${match.in_play ? ' match-row--live' : ''}`} data-testid="match-row">
      <td className="match-row__game">
        <Link to={matchPath(match)} className="match-row__name" data-testid="match-link">
          {match.match_name}
        </Link>
        <div className="match-row__meta">
          <span className="match-row__time">{formatIst(match.match_Date)}</span>
          {match.in_play && <InPlayBadge />}
        </div>
      </td>
      <OddsCells match={match} />
    </tr>
  );
}

/**
 * The dense match list of ui.md: one row per match (name, IST start, in-play marker) with the
 * 1 / X / 2 back and lay boxes; in play first, then by start time; optionally under series headers.
 */
export function MatchTable({
  matches,
  bySeries = false,
}: {
  matches: readonly MatchListItem[];
  bySeries?: boolean;
}) {
  const groups: SeriesGroup<MatchListItem>[] = bySeries
    ? groupBySeries(matches)
    : [{ series_id: 0, series_name: '', matches: sortMatches(matches) }];
  return (
    <div className="table-wrap">
      <table className="match-table match-table--matches" data-testid="match-table">
        <thead>
          <tr className="match-table__head">
            <th className="match-table__game-head">Game</th>
            {OUTCOMES.map((o) => (
              <th key={o} colSpan={2} className="match-table__outcome">
                {o}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matches.length === 0 && (
            <tr>
              <td colSpan={7} className="table__empty" data-testid="table-empty">
                {EMPTY_TABLE_TEXT}
              </td>
            </tr>
          )}
          {groups.map((g) => (
            <Fragment key={g.series_id}>
              {bySeries && (
                <tr className="match-table__series" data-testid="series-header">
                  <th colSpan={7}>{g.series_name}</th>
                </tr>
              )}
              {g.matches.map((m) => (
                <MatchRow key={m.match_id} match={m} />
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
