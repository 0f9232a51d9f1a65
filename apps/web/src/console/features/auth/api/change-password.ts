import type { BodyOf } from '@exchange/contracts';
import { callApi } from '@/lib/api';

/** user/changePassword: the answer's envelope (a refusal in it is the form's to say). */
export function changePassword(body: BodyOf<'changePassword'>) {
  return callApi('changePassword', body);
}
