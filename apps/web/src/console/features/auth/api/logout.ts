import { callApi } from '@/lib/api';
import { clearConsoleSession } from '@/console/lib/session';

/** Sign out: the server ends the session (a failed call still signs out here), then the console forgets it. */
export async function logout(): Promise<void> {
  await callApi('logout', {}).catch(() => undefined);
  clearConsoleSession('signed-out');
}
