import { callApi } from '@/lib/api';
import { getStoredUser, getToken } from '@/lib/storage';
import { localLogout, setSignedIn } from '@/lib/session';

/** SignOut: signed-in becomes false, the server revokes the token, then the local logout. */
export async function logout(): Promise<void> {
  setSignedIn(false);
  const token = getToken();
  const user = getStoredUser();
  try {
    if (token) await callApi('logout', { user_id: user?.user_id, token });
  } catch (err) {
    console.warn('Logout call failed; logging out locally', err);
  }
  localLogout();
}
