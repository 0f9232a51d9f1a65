import type { LoginRequest, UserDetails } from '@exchange/contracts';
import { callApi, type Envelope } from '@/lib/api';
import { reloadGlobalSettings } from '@/lib/global-settings';
import { queryClient } from '@/lib/query-client';
import { rootRedirect } from '@/lib/guard';
import { saveLogin, sessionSnapshot } from '@/lib/session';

/**
 * Stores a successful login or sign-up (userinfo, usertoken, logedIn, parent_id, userId, the
 * welcome-popup flag), fetches the global settings into globalData and returns where to go next.
 */
export async function completeLogin(user: UserDetails): Promise<string> {
  // Nothing cached for an earlier session (balance, stake buttons, exposure) may show for this one.
  queryClient.clear();
  saveLogin(user);
  await reloadGlobalSettings().catch((err: unknown) => console.warn('Global settings not loaded', err));
  return rootRedirect(sessionSnapshot());
}

export function login(body: LoginRequest): Promise<Envelope<UserDetails>> {
  return callApi('login', body);
}
