import type { LimitKind, LimitPeriod, SaferGambling, SetRealityCheckRequest } from '@exchange/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi, type Envelope } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** The server's message of an answered call (shown as the toast), or its refusal thrown. */
function messageOf<T>(env: Envelope<T>): string {
  if (!env.status) throw new ApiError(env.message, 200, env.code, env.data);
  return env.message;
}

/** What is left, the deposit page's figure and the changes waiting all follow a change: read them again. */
const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.saferGambling });

export interface LimitChange {
  kind: LimitKind;
  period: LimitPeriod;
  /** Rupees; null: no limit. */
  amount: number | null;
}

/** user/setDepositLimit or user/setLossLimit: lower or new at once, higher or none waits 24 hours. */
export function useSetLimit() {
  return useMutation({
    mutationFn: async ({ kind, period, amount }: LimitChange) =>
      messageOf(await callApi(kind === 'DEPOSIT' ? 'setDepositLimit' : 'setLossLimit', { period, amount })),
    onSettled: refresh,
  });
}

/** user/confirmLimit: a higher limit (or none) asked for at least 24 hours ago applies now. */
export function useConfirmLimit() {
  return useMutation({
    mutationFn: async (body: { kind: LimitKind; period: LimitPeriod }) =>
      messageOf(await callApi('confirmLimit', body)),
    onSettled: refresh,
  });
}

/** user/setRealityCheck: the choice shows at once (the reminder follows it), undone if refused. */
export function useSetRealityCheck() {
  return useMutation({
    mutationFn: async (body: SetRealityCheckRequest) => messageOf(await callApi('setRealityCheck', body)),
    onMutate: async ({ minutes }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.saferGambling });
      const before = queryClient.getQueryData<SaferGambling>(queryKeys.saferGambling);
      if (before)
        queryClient.setQueryData<SaferGambling>(queryKeys.saferGambling, {
          ...before,
          reality_check_minutes: minutes,
        });
      return { before };
    },
    onError: (_err, _body, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.saferGambling, context.before);
    },
    onSettled: refresh,
  });
}
