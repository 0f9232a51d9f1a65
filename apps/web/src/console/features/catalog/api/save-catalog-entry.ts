import type { BodyOf } from '@exchange/contracts';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { useConsoleMutation } from '@/console/lib/mutation';
import { consoleKeys } from '@/console/lib/query-keys';
import { toastRefusal } from '@/console/lib/refusal';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/** The four saves of the catalog: each is answered, refused and followed the same way, so they are one send. */
type SaveCall = 'operatorSaveSport' | 'operatorSaveSeries' | 'operatorSaveMatch' | 'operatorSaveRace';
type SaveBody = BodyOf<SaveCall>;

/** Every catalog list (counts move between them) and the one match a markets screen reads. */
const CATALOG_LISTS = [
  consoleKeys.operator.sports,
  consoleKeys.operator.series.all,
  consoleKeys.operator.matches.all,
  consoleKeys.operator.match.all,
];

/**
 * Saves a sport, series, match or race (operator/saveSport, saveSeries, saveMatch, saveRace), then
 * refreshes every catalog list. Resolves to whether it was saved; a refusal is a toast.
 */
export function useCatalogSave() {
  const { mutateAsync } = useConsoleMutation({
    mutationFn: ({ name, body }: { name: SaveCall; body: SaveBody }) =>
      (fetchData as (n: SaveCall, b: SaveBody) => Promise<unknown>)(name, body),
    onSuccess: () => {
      for (const queryKey of CATALOG_LISTS) void queryClient.invalidateQueries({ queryKey });
    },
  });
  return useCallback(
    async <N extends SaveCall>(name: N, body: BodyOf<N>, done: string): Promise<boolean> => {
      try {
        await mutateAsync({ name, body });
        toast.success(done);
        return true;
      } catch (err) {
        toastRefusal(err);
        return false;
      }
    },
    [mutateAsync],
  );
}
