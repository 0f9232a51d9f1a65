import { expect } from 'vitest';
import type { EndpointName } from '@exchange/contracts';
import type { TestContext } from './databases.ts';

/**
 * A suite's ways to call the app, as `caller()` (read at each call: the suite logs in before its
 * tests) unless a token is given: `call` answers the raw result, `ok` expects a 200 and gives its
 * data, `refusal` gives the status, code and message of an answer.
 */
export function callsAs(ctx: () => TestContext, caller: () => string) {
  const call = (name: EndpointName, body?: unknown, token = caller()) => ctx().call(name, body, token);
  const ok = async (name: EndpointName, body?: unknown, token = caller()) => {
    const res = await call(name, body, token);
    expect(res.statusCode, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
    return res.json.data;
  };
  const refusal = async (name: EndpointName, body: unknown, token = caller()) => {
    const res = await call(name, body, token);
    return { status: res.statusCode, code: res.json.code as string, message: res.json.message as string };
  };
  return { call, ok, refusal };
}
