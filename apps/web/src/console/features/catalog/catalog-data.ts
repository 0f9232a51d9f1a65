import type { BodyOf, EndpointName } from '@exchange/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { consoleKeys } from '@/console/lib/query-keys';
import { toastRefusal } from '@/console/lib/refusal';
import { fetchData } from '@/lib/api';

export const catalogKeys = {
  sports: consoleKeys.operator('sports'),
  series: (sportId: number | null) => consoleKeys.operator('series', sportId),
  matches: (filters: unknown) => consoleKeys.operator('matches', filters),
};

export function useSports() {
  return useQuery({ queryKey: catalogKeys.sports, queryFn: () => fetchData('operatorGetSports') });
}

export function useSeries(sportId: number | null) {
  return useQuery({
    queryKey: catalogKeys.series(sportId),
    queryFn: () => fetchData('operatorGetSeries', { sport_id: sportId! }),
    enabled: sportId !== null,
  });
}

type SaveCall = 'operatorSaveSport' | 'operatorSaveSeries' | 'operatorSaveMatch' | 'operatorSaveRace';

/**
 * Saves a sport, series, match or race, then refreshes every catalog list (counts move between
 * them, and the one match a markets screen reads). Resolves to whether it was saved; a refusal
 * is a toast.
 */
export function useCatalogSave() {
  const qc = useQueryClient();
  return useCallback(
    async <N extends SaveCall & EndpointName>(name: N, body: BodyOf<N>, done: string): Promise<boolean> => {
      try {
        await (fetchData as (n: N, b: BodyOf<N>) => Promise<unknown>)(name, body);
        toast.success(done);
        for (const part of ['sports', 'series', 'matches', 'match'])
          void qc.invalidateQueries({ queryKey: consoleKeys.operator(part) });
        return true;
      } catch (err) {
        toastRefusal(err);
        return false;
      }
    },
    [qc],
  );
}
