import { useMatches } from '../api/get-matches';
import { isRacingSport } from '../lib/match-list';
import { MatchTable } from './match-table';
import { QueryState } from './query-state';
import { RacingVenues } from './racing-venues';

/** The list under a sport: the match table, or today's venues for racing (7, 4339). */
export function SportMatches({ sportId, bySeries = false }: { sportId: number; bySeries?: boolean }) {
  const racing = isRacingSport(sportId);
  const { data, isLoading, error, refetch } = useMatches(sportId, !racing);
  if (racing) return <RacingVenues sportId={sportId} />;
  if (!data) return <QueryState isLoading={isLoading} error={error} onRetry={refetch} />;
  return <MatchTable matches={data} bySeries={bySeries} />;
}
