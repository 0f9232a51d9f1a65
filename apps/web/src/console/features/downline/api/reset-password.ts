import type { BodyOf } from '@exchange/contracts';
import { useConsoleMutation } from '@/console/lib/mutation';
import { fetchData } from '@/lib/api';

/** agent/resetPassword: the user's sessions end; no figure the console shows moves. */
export function useResetPassword() {
  return useConsoleMutation({
    mutationFn: (body: BodyOf<'agentResetPassword'>) => fetchData('agentResetPassword', body),
  });
}
