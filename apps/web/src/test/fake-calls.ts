/**
 * Answers chosen calls of a component test in place of the test server, every other call still
 * reaching it: for calls the server does not have yet (their routes are being built) and for a
 * refusal or an answer the test needs exactly. Each body is checked with its contract, as the
 * server checks it, and kept for the test to read; each answer is checked with its contract too,
 * so a fake cannot drift from what the server may say. Undone when the test ends.
 */
import type { Endpoint } from '@exchange/contracts';
import { onTestFinished } from 'vitest';
import type { z } from 'zod';

/** A refusal as the server sends it: the HTTP status, the code and the words. */
export interface Refusal {
  refused: { httpStatus: number; code: string; message: string };
}
export const refusal = (httpStatus: number, code: string, message: string): Refusal => ({
  refused: { httpStatus, code, message },
});

type Answer<E extends Endpoint> = (body: z.output<E['body']>) => z.input<E['data']> | Refusal;

interface Fake {
  endpoint: Endpoint;
  answer: (body: unknown) => unknown;
  bodies: unknown[];
}

const envelope = (httpStatus: number, json: object) =>
  new Response(JSON.stringify(json), { status: httpStatus, headers: { 'Content-Type': 'application/json' } });

export function fakeCalls() {
  const fakes = new Map<string, Fake>();
  const badAnswers: string[] = [];
  const reachServer = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), document.baseURI);
    const fake = fakes.get(url.pathname.replace(/^.*?\/api\//, ''));
    if (!fake) return reachServer(input, init);
    const raw: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const body = fake.endpoint.method === 'GET' ? undefined : fake.endpoint.body.safeParse(raw ?? {});
    if (body && !body.success)
      return envelope(400, {
        status: false,
        code: 'VALIDATION_ERROR',
        message: body.error.issues[0]?.message,
      });
    const parsed = body?.data;
    fake.bodies.push(parsed);
    const answer = fake.answer(parsed);
    if (answer && typeof answer === 'object' && 'refused' in answer) {
      const { httpStatus, code, message } = (answer as Refusal).refused;
      return envelope(httpStatus, { status: false, code, message });
    }
    const data = fake.endpoint.data.safeParse(answer);
    if (data.success) return envelope(200, { status: true, message: 'Success', data: data.data });
    badAnswers.push(`${fake.endpoint.path}: ${data.error.message}`);
    return envelope(500, {
      status: false,
      code: 'INTERNAL',
      message: 'The fake answer is outside its contract',
    });
  };
  onTestFinished(() => {
    globalThis.fetch = reachServer;
    if (badAnswers.length > 0)
      throw new Error(`Fake answers outside their contracts: ${badAnswers.join('; ')}`);
  });
  return {
    /** Answers every call of `endpoint` with `answer(body)` from now on. */
    answer<E extends Endpoint>(endpoint: E, answer: Answer<E>): void {
      fakes.set(endpoint.path, { endpoint, answer: answer as (body: unknown) => unknown, bodies: [] });
    },
    /** The bodies sent to `endpoint`, as its contract read them, in order. */
    sent<E extends Endpoint>(endpoint: E): z.output<E['body']>[] {
      return (fakes.get(endpoint.path)?.bodies ?? []) as z.output<E['body']>[];
    },
  };
}
