import { istDate } from '@exchange/contracts/ist';
import { isRacingSport } from './match-list';

/** The racing page of a venue on an IST day, optionally opened on one race. */
export function racingPath(matchId: number, date: string, raceId?: number): string {
  const path = `/horse-racing/${matchId}/${date}`;
  return raceId == null ? path : `${path}?race=${raceId}`;
}

/**
 * Where a match is shown: racing (sports 7 and 4339) on the racing page of the match's IST day,
 * every other sport on game-details.
 */
export function matchPath(
  match: { match_id: number; sport_id: number; match_Date: string },
  now: Date = new Date(),
): string {
  if (isRacingSport(match.sport_id)) {
    const start = new Date(match.match_Date);
    return racingPath(match.match_id, istDate(Number.isNaN(start.getTime()) ? now : start));
  }
  return `/game-details/${match.sport_id}/${match.match_id}`;
}
