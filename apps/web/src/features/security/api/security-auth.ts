import type { BodyOf, DataOf, EndpointName } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, callApi, fetchData } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { updateStoredUser } from '@/lib/session';

/** A call's answer as the security pages use it: the data, or the refusal in words with its code. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; message: string; code?: string };

/**
 * The refusals these calls can meet come two ways (a 401 code refusal resolves, a 4xx throws an
 * ApiError): one shape for the forms. Anything else (no answer, a server failure) is worded by
 * the api client already.
 */
async function outcome<N extends EndpointName>(
  name: N,
  ...args: BodyOf<N> extends undefined ? [] : [body: BodyOf<N>]
): Promise<Outcome<DataOf<N>>> {
  try {
    const res = await callApi(name, ...args);
    if (res.status && res.data !== undefined) return { ok: true, data: res.data };
    return { ok: false, message: res.message, code: res.code };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, message: err.message, code: err.code };
    return { ok: false, message: err instanceof Error ? err.message : 'Something went wrong' };
  }
}

/** user/getProfile: the user page's card and the security-auth page's status. */
export function useProfile() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: () => fetchData('getProfile'), staleTime: 0 });
}

export interface ActivityFilter {
  filter: 'all' | 'logins' | 'actions';
  page: number;
  limit: number;
}

/** user/getActivityLog for one page of the filter. */
export function useActivityLog(filter: ActivityFilter) {
  return useQuery({
    queryKey: queryKeys.activityLog.of(filter),
    queryFn: () => fetchData('getActivityLog', filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const startSetup = () => outcome('securityAuthSetup', {});

/**
 * Turning security auth on or off changes the profile and the activity log; the stored user's
 * flag follows so the welcome popup of this session words it right.
 */
async function afterChange(enabled: '0' | '1'): Promise<void> {
  updateStoredUser({ security_auth_enabled: enabled });
  await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  await queryClient.invalidateQueries({ queryKey: queryKeys.activityLog.all });
}

export async function enableSecurityAuth(code: string) {
  const res = await outcome('securityAuthEnable', { code });
  if (res.ok) await afterChange('1');
  return res;
}

export async function disableSecurityAuth(code: string) {
  const res = await outcome('securityAuthDisable', { code });
  if (res.ok) await afterChange('0');
  return res;
}
