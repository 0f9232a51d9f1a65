import type { BodyOf, OperatorCasinoGame } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { consoleKeys } from '@/console/lib/query-keys';
import { fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';

/** operator/setCasinoGame: a game on or off; the answer replaces it in the list. */
export function useSetCasinoGame() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'operatorSetCasinoGame'>) => fetchData('operatorSetCasinoGame', body),
    onSuccess: (saved) =>
      void queryClient.setQueryData<OperatorCasinoGame[]>(consoleKeys.operator.casinoGames, (list) =>
        list?.map((x) => (x.game_code === saved.game_code ? saved : x)),
      ),
  });
}
