import type { SignupRequest, UserDetails } from '@exchange/contracts';
import { callApi, type Envelope } from '@/lib/api';

export function signup(body: SignupRequest): Promise<Envelope<UserDetails>> {
  return callApi('signup', body);
}
