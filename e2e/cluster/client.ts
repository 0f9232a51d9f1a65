import { endpoints, type EndpointName } from '@exchange/contracts';
import { casinoSignedHeaders } from '@exchange/contracts/casino-signing';

/**
 * The workload's view of one HTTP call, as a Jepsen client sees it: acknowledged (200), refused
 * (a 4xx answer: nothing happened), or unknown (no answer, a timeout, a 5xx: it may or may not
 * have happened; only a retry with the same client_ref or transaction id can tell).
 */
export type Outcome<T = any> = // eslint-disable-line @typescript-eslint/no-explicit-any -- the callers read the data they asked for
  | { kind: 'ok'; data: T; status: 200 }
  | { kind: 'refused'; status: number; code: string; message: string }
  | { kind: 'unknown'; status?: number; error: string };

/** How long a call may take before its outcome counts as unknown. */
const CALL_TIMEOUT_MS = 15_000;

async function send(url: string, init: RequestInit, okWhen: (json: Record<string, unknown>) => boolean): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { kind: 'unknown', error: cause ?? (err as Error).name };
  }
  let json: Record<string, unknown>;
  try {
    json = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    return { kind: 'unknown', status: res.status, error: `unreadable answer (${(err as Error).name})` };
  }
  // A wallet INTERNAL_ERROR is the provider's cue to retry: not an answer either way.
  if (res.status >= 500 || json.status === 'INTERNAL_ERROR')
    return { kind: 'unknown', status: res.status, error: String(json.code ?? json.status ?? res.status) };
  if (res.status === 200 && okWhen(json)) return { kind: 'ok', status: 200, data: json.data ?? json };
  return { kind: 'refused', status: res.status, code: String(json.code ?? json.status), message: String(json.message ?? '') };
}

/** One call of the contracts table on the process at `origin`. */
export function callApi(origin: string, name: EndpointName, body?: unknown, token?: string): Promise<Outcome> {
  const e = endpoints[name];
  return send(
    `${origin}/api/${e.path}`,
    {
      method: e.method,
      headers: {
        ...(e.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(e.method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    },
    (json) => json.status === true,
  );
}

export interface Provider {
  secret: string;
  providerId: string;
}

/** A signed wallet call (debit, credit, rollback) as the casino provider makes it. */
export function callWallet(origin: string, provider: Provider, operation: 'debit' | 'credit' | 'rollback', body: object): Promise<Outcome> {
  const rawBody = JSON.stringify(body);
  const path = `/api/wallet/${operation}`;
  return send(
    `${origin}${path}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...casinoSignedHeaders({ secret: provider.secret, providerId: provider.providerId, method: 'POST', path, rawBody, nowMs: Date.now() }),
      },
      body: rawBody,
    },
    (json) => json.status === 'OK',
  );
}
