import { accountTermsEndpoints, settlementEndpoints } from '@exchange/contracts';
import type { z } from 'zod';
import { ApiError, callPath } from '@/lib/api';

/**
 * The agents' business calls (ADR 48: figures, credit reference, settlements and their reports),
 * typed by their contracts. They are not in the endpoints table yet: the server registers a route
 * for every call of the table and refuses to start without one, and their routes are being built.
 * Once they are in the table, `fetchData` with the same names replaces `fetchBusiness`.
 */
const BUSINESS_CALLS = { ...accountTermsEndpoints, ...settlementEndpoints };
export type BusinessCall = keyof typeof BUSINESS_CALLS;
export type BusinessBody<N extends BusinessCall> = z.input<(typeof BUSINESS_CALLS)[N]['body']>;
export type BusinessData<N extends BusinessCall> = z.output<(typeof BUSINESS_CALLS)[N]['data']>;

/** One business call: its data, or its refusal thrown as an ApiError (as fetchData does). */
export async function fetchBusiness<N extends BusinessCall>(
  name: N,
  ...args: BusinessBody<N> extends undefined ? [] : [body: BusinessBody<N>]
): Promise<BusinessData<N>> {
  const call = BUSINESS_CALLS[name];
  const answer = await callPath<BusinessData<N>>(call.method, call.path, args[0]);
  if (!answer.status) throw new ApiError(answer.message, 200, answer.code);
  return answer.data as BusinessData<N>;
}
