import type {
  LimitKind,
  LimitPeriod,
  SaferGambling,
  SelfExcludeRequest,
  SetRealityCheckRequest,
  TakeBreakRequest,
} from '@exchange/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi, fetchData, type Envelope } from '@/lib/api';
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

/**
 * A break or self-exclusion cancels the bettor's unmatched bets and closes betting, the casino and
 * deposits: everything the app holds of the account is read again (the slip, My Bets, the balance).
 */
const refreshAll = () => queryClient.invalidateQueries();

/** user/takeBreak (answers the Restriction: the toast words its times as the site does): 1, 7, 30 or 42 days from now; it cannot be ended early. */
export function useTakeBreak() {
  return useMutation({
    mutationFn: (body: TakeBreakRequest) => fetchData('takeBreak', body),
    onSettled: refreshAll,
  });
}

/** user/selfExclude: 6, 12, 24 or 60 months from now, with the bettor's password. */
export function useSelfExclude() {
  return useMutation({
    mutationFn: (body: SelfExcludeRequest) => fetchData('selfExclude', body),
    onSettled: refreshAll,
  });
}

/** user/askReopen: after a self-exclusion's term, the account reopens 24 hours after the ask. */
export function useAskReopen() {
  return useMutation({
    mutationFn: () => fetchData('askReopen', {}),
    onSettled: refresh,
  });
}
