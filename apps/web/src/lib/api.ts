import type { BodyOf, DataOf, EndpointName } from '@exchange/contracts';
import { endpoints } from '@exchange/contracts';
import { getToken } from './storage';

/** httpStatus of an ApiError when no answer came at all (server down, network lost). */
export const NO_ANSWER = 0;
/** What a bettor reads instead of a bare "Internal error" or "Failed to fetch". */
export const SERVER_TROUBLE_MESSAGE = 'The server could not answer just now. Please try again in a moment.';
export const NO_ANSWER_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/**
 * A refused call: the server's message (shown as a toast), its machine code and, on the few
 * refusals that carry one, what to go on with (CASH_OUT_PRICE_MOVED: the new quote), unchecked.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly code?: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  /** The same call may well succeed later: no answer, a server failure, or too many calls. */
  get retryable(): boolean {
    return this.httpStatus === NO_ANSWER || this.httpStatus >= 500 || this.httpStatus === 429;
  }
}

/** Whether trying a failed call again can help: anything but a refusal of the call itself. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError ? error.retryable : true;
}

/** Where `api/<path>` is, relative to the page: the bettors' app is at /, the console at /console/ (ADR 36). */
let apiBase = 'api/';
export function setApiBase(base: string): void {
  apiBase = base;
}

type Listener = () => void;
/** A 401/403: its status, and the token the call carried (the session that has now ended). */
export interface Unauthorized {
  httpStatus: number;
  token: string | null;
  /** The refusal's code (FORBIDDEN, PASSWORD_CHANGE_REQUIRED, UNAUTHORIZED…). */
  code?: string;
}
const unauthorizedListeners = new Set<(info: Unauthorized) => void>();
const requestListeners = new Set<Listener>();

/** Called on any 401/403 (spec section 8: the user is logged out). */
export function onUnauthorized(fn: (info: Unauthorized) => void): () => void {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}
/** Called after every request (the console-clear timer of spec section 9 hangs on this). */
export function onRequest(fn: Listener): () => void {
  requestListeners.add(fn);
  return () => requestListeners.delete(fn);
}

/**
 * 401 refusals of a security-auth code (ADR 34): the login asks for the code (or says it was
 * wrong), and enabling or disabling refuses a wrong code. They refuse the code, not the session:
 * they must not log out nor say "your session has ended".
 */
export const CODE_REFUSALS: ReadonlySet<string> = new Set(['OTP_REQUIRED', 'OTP_INVALID']);

export interface Envelope<T> {
  status: boolean;
  message: string;
  data?: T;
  code?: string;
}

/**
 * One HTTP round trip to `api/<path>`. Every request carries Cache-Control no-store, no-cache and
 * the bearer token. 401/403 log out (but a refused security-auth code, CODE_REFUSALS) and resolve
 * to a failed envelope with the message and code (swallowed, per the spec); any other HTTP error is
 * thrown to the caller as an ApiError. A server failure (5xx) or no answer at all is thrown with
 * words a bettor can act on, not the bare "Internal error" or the browser's "Failed to fetch"; the
 * server's code stays on the error.
 */
async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  const token = getToken();
  const headers: Record<string, string> = { 'Cache-Control': 'no-store, no-cache' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (method === 'POST' && body instanceof FormData) {
    // The browser writes the multipart Content-Type itself, with the boundary it chose.
    init.body = body;
  } else if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  let res: Response;
  try {
    res = await fetch(`${apiBase}${path}`, init);
  } catch {
    throw new ApiError(NO_ANSWER_MESSAGE, NO_ANSWER, 'NO_ANSWER');
  } finally {
    requestListeners.forEach((fn) => fn());
  }
  const json = (await res.json().catch(() => ({ status: false, message: res.statusText }))) as Envelope<T>;
  if (res.status === 401 || res.status === 403) {
    if (!CODE_REFUSALS.has(json.code ?? ''))
      unauthorizedListeners.forEach((fn) => fn({ httpStatus: res.status, token, code: json.code }));
    return { status: false, message: json.message ?? 'Unauthorized', code: json.code };
  }
  if (res.status >= 500) throw new ApiError(SERVER_TROUBLE_MESSAGE, res.status, json.code);
  if (!res.ok) throw new ApiError(json.message || `HTTP ${res.status}`, res.status, json.code, json.data);
  return json;
}

/** Calls one endpoint of the contracts table (see `request` for headers and error handling). */
export async function callApi<N extends EndpointName>(
  name: N,
  ...args: BodyOf<N> extends undefined ? [] : [body: BodyOf<N>]
): Promise<Envelope<DataOf<N>>> {
  const ep = endpoints[name];
  return request<DataOf<N>>(ep.method, ep.path, args[0]);
}

/**
 * Calls one endpoint of the contracts table as multipart/form-data: each field of `body` as a text
 * part (numbers and booleans written out; undefined left out), then each file under its part
 * name. The same headers, envelope and error handling as callApi.
 */
export async function callApiWithFiles<N extends EndpointName>(
  name: N,
  body: BodyOf<N>,
  files: Record<string, Blob>,
): Promise<Envelope<DataOf<N>>> {
  const form = new FormData();
  for (const [field, value] of Object.entries(body ?? {})) {
    if (value !== undefined && value !== null) form.append(field, String(value));
  }
  for (const [field, file] of Object.entries(files)) form.append(field, file);
  const ep = endpoints[name];
  return request<DataOf<N>>(ep.method, ep.path, form);
}

/**
 * Calls a path that the contracts table does not name yet (a later issue adds it there), with
 * the same headers and error handling as callApi. Prefer callApi whenever the endpoint exists.
 */
export function callPath<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  return request<T>(method, path, body);
}

/** The data of an answered call, or its refusal thrown as an ApiError. */
function dataOf<T>(env: Envelope<T>): T {
  if (!env.status) throw new ApiError(env.message, 200, env.code, env.data);
  return env.data as T;
}

/** Like callApi but returns data, throwing ApiError when status is false. For query hooks. */
export async function fetchData<N extends EndpointName>(
  name: N,
  ...args: BodyOf<N> extends undefined ? [] : [body: BodyOf<N>]
): Promise<DataOf<N>> {
  return dataOf(await callApi(name, ...args));
}

/** Like callApiWithFiles but returns data, throwing ApiError when status is false. */
export async function fetchDataWithFiles<N extends EndpointName>(
  name: N,
  body: BodyOf<N>,
  files: Record<string, Blob>,
): Promise<DataOf<N>> {
  return dataOf(await callApiWithFiles(name, body, files));
}
