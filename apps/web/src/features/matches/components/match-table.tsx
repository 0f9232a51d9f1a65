import type { MatchListItem, PriceSize } from '@exchange/contracts';
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { MatchStateBadge } from '@/components';
import { formatIst, formatOdds, formatSize } from '@/lib/format';
import { useLiveMarket, usePriceFlash } from '@/lib/live';
import { useOnScreen } from '../hooks/use-on-screen';
import { shownOdds, type ListedOdds } from '../lib/live-odds';
import {
  formatLine,
  groupBySeries,
  isOutright,
  isSessionOnly,
  outcomePrices,
  sessionSummary,
  sortMatches,
  tableHeading,
  type SeriesGroup,
} from '../lib/match-list';
import { matchPath } from '../lib/match-paths';
import './matches.css';

export const EMPTY_TABLE_TEXT = 'No data available in table';
const OUTCOMES = ['1', 'X', '2'] as const;

/**
 * One back or lay box (a table cell, or a box in an outright's runner list); flashes when its
 * price or size changes, as the match page's ladder does.
 */
function OddsCell({
  testId,
  label,
  side,
  at,
  suspended,
  as: Box = 'td',
}: {
  testId: string;
  label: string;
  side: 'back' | 'lay';
  at: PriceSize | null;
  suspended: boolean;
  as?: 'td' | 'span';
}) {
  const flash = usePriceFlash(at ? `${at.price}|${at.size}` : null);
  return (
    <Box
      className={`odds odds--${side}${suspended ? ' odds--suspended' : ''}${flash ? ' odds--flash' : ''}`}
      aria-label={`${label}: ${at ? at.price : 'no price'}`}
      data-testid={testId}
    >
      <span className="odds__price">{at ? formatOdds(at.price) : '-'}</span>
      {at && <span className="odds__size">{formatSize(at.size)}</span>}
    </Box>
  );
}

/**
 * An outright's runners by name, each with its best back and lay: a Winner market (an election)
 * or a field of more than three does not fit the 1 / X / 2 columns.
 */
function OutrightRunners({ matchId, odds }: { matchId: number; odds: ListedOdds }) {
  const suspended = odds.status !== 'OPEN';
  return (
    <ul className="outright" aria-label="Runners" data-testid="outright-runners" data-match-id={matchId}>
      {odds.runners.map((r) => (
        <li key={r.selection_id} className="outright__runner" data-testid="outright-runner">
          <span className="outright__name">{r.name}</span>
          {(['back', 'lay'] as const).map((side) => (
            <OddsCell
              key={side}
              as="span"
              testId={`list-odds-${matchId}-${r.selection_id}-${side}`}
              label={`${side === 'back' ? 'Back' : 'Lay'} ${r.name}`}
              side={side}
              at={r[side]}
              suspended={suspended}
            />
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The row's icons of ui.md: live TV (the live score), fancy and bookmaker markets on the match. */
function MatchIcons({ match }: { match: MatchListItem }) {
  return (
    <>
      {match.has_tv && (
        <span className="match-icon match-icon--tv" title="Live score (TV)" aria-label="Live TV" role="img" data-testid="icon-tv">
          <svg width="14" height="12" viewBox="0 0 14 12" aria-hidden="true">
            <rect x="0.75" y="2.75" width="12.5" height="8.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M4.5 0.5 7 2.75 9.5 0.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
          </svg>
        </span>
      )}
      {match.has_fancy && (
        <span className="match-icon match-icon--fancy" title="Fancy markets" aria-label="Fancy markets" role="img" data-testid="icon-fancy">
          F
        </span>
      )}
      {match.has_bookmaker && (
        <span className="match-icon match-icon--bookmaker" title="Bookmaker market" aria-label="Bookmaker market" role="img" data-testid="icon-bookmaker">
          BM
        </span>
      )}
    </>
  );
}

/** Back and lay boxes of the 1 / X / 2 outcomes: best back and best lay of Match Odds, a dash where there is none. */
function OddsCells({ matchId, odds }: { matchId: number; odds: ListedOdds | null }) {
  const prices = outcomePrices(odds);
  const suspended = odds !== null && odds.status !== 'OPEN';
  return OUTCOMES.map((o, i) => (
    <Fragment key={o}>
      {(['back', 'lay'] as const).map((side) => (
        <OddsCell
          key={side}
          testId={`list-odds-${matchId}-${o}-${side}`}
          label={`${side === 'back' ? 'Back' : 'Lay'} ${o}`}
          side={side}
          at={prices[i]?.[side] ?? null}
          suspended={suspended}
        />
      ))}
    </Fragment>
  ));
}

/**
 * A session-only event's cell (a binary session: no Match Odds): its line with the NO and YES
 * values and its hours or state, linking to the event page where its line is bet on.
 */
function SessionCell({ match }: { match: MatchListItem }) {
  const session = match.session_line!;
  const { line, state } = sessionSummary(session);
  const closed = session.status !== 'OPEN';
  return (
    <td colSpan={6} className="match-row__session" data-testid="session-line" data-match-id={match.match_id}>
      <Link to={matchPath(match)} className="session-line" aria-label={`${session.name}: ${line}, ${state}`}>
        <span className="session-line__line" data-testid="session-line-value">
          {line}
        </span>
        <span className={`session-line__box odds--lay${closed ? ' odds--suspended' : ''}`}>
          NO {formatLine(session.fancy?.no_line)}
        </span>
        <span className={`session-line__box odds--back${closed ? ' odds--suspended' : ''}`}>
          YES {formatLine(session.fancy?.yes_line)}
        </span>
        <span className="session-line__state" data-testid="session-line-state">
          {state}
        </span>
      </Link>
    </td>
  );
}

/**
 * A match with its prices. While the row is on screen it streams its Match Odds market over the
 * socket and shows the pushed best back and lay; off screen, or with the socket down, it shows
 * the polled list's.
 */
function MatchRow({ match }: { match: MatchListItem }) {
  const [rowRef, onScreen] = useOnScreen();
  const live = useLiveMarket(onScreen ? (match.match_odds?.market_id ?? null) : null);
  const odds = useMemo(() => shownOdds(match.match_odds, live), [match.match_odds, live]);
  const outright = isOutright(odds);
  const row = (
    <tr
      ref={rowRef}
      className={`match-row${match.state === 'IN_PLAY' ? ' match-row--live' : ''}`}
      data-testid="match-row"
      data-match-id={match.match_id}
      data-streamed={live ? 'true' : undefined}
    >
      <td className="match-row__game">
        <Link to={matchPath(match)} className="match-row__name" data-testid="match-link">
          {match.match_name}
        </Link>
        <div className="match-row__meta">
          <span className="match-row__time">{formatIst(match.match_Date)}</span>
          <MatchStateBadge match={match} quietWhenUpcoming />
          <MatchIcons match={match} />
        </div>
      </td>
      {outright ? (
        <td colSpan={6} className="match-row__outright-note">
          Outright · {odds!.runners.length} runners
        </td>
      ) : isSessionOnly(match) ? (
        <SessionCell match={match} />
      ) : (
        <OddsCells matchId={match.match_id} odds={odds} />
      )}
    </tr>
  );
  if (!outright) return row;
  return (
    <>
      {row}
      <tr className="match-row__runners">
        <td colSpan={7}>
          <OutrightRunners matchId={match.match_id} odds={odds!} />
        </td>
      </tr>
    </>
  );
}

/**
 * The dense match list of ui.md: one row per match (name, IST start, in-play marker) with the
 * 1 / X / 2 back and lay boxes; in play first, then by start time; optionally under series headers.
 * Prices are pushed for the rows on screen (see MatchRow).
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
  const heading = tableHeading(matches);
  return (
    <div className="table-wrap">
      <table className="match-table match-table--matches" data-testid="match-table">
        <thead>
          <tr className="match-table__head">
            <th className="match-table__game-head">Game</th>
            {heading !== 'outcomes' ? (
              // Only outrights (politics) or sessions (binary): no row has 1 / X / 2 boxes.
              <th colSpan={6} className="match-table__outcome match-table__outcome--runners">
                {heading}
              </th>
            ) : (
              OUTCOMES.map((o) => (
                <th key={o} colSpan={2} className="match-table__outcome">
                  {o}
                </th>
              ))
            )}
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
