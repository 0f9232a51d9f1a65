/**
 * Component tests against the real server (ADR 29; "real parts, not mocks"): the `web` project's
 * globalSetup (apps/server/src/test/web-api-server.ts) runs the whole API on a seeded PGlite
 * database; these helpers point the web app's own client at it and sign a demo user in the way
 * the login page stores a session. For test files that run in jsdom.
 */
import {
  SPORT,
  endpoints,
  type BodyOf,
  type DataOf,
  type EndpointName,
  type MarketView,
  type MatchDetail,
} from '@exchange/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import NodeWebSocket from 'ws';
import { callApi, fetchData } from '@/lib/api';
import { liveClient } from '@/lib/live/instance';
import { queryClient } from '@/lib/query-client';
import { localLogout, saveLogin } from '@/lib/session';

declare module 'vitest' {
  export interface ProvidedContext {
    apiOrigin: string;
    demoPassword: string;
  }
}

declare global {
  /** vitest's jsdom environment exposes its JSDOM instance. */
  var jsdom: { reconfigure(settings: { url: string }): void };
}

/**
 * The page's address becomes the server's origin, as when the server serves the app, so the
 * app's relative `api/...` calls and its `/ws` socket reach it. Node's fetch (jsdom has none)
 * does not resolve a relative URL against the page as a browser does: it is wrapped to. jsdom's
 * WebSocket (undici's inside) cannot fire its events under vitest's jsdom globals: the socket is
 * the `ws` package's, which speaks the same browser API.
 */
function useTestServer(): void {
  jsdom.reconfigure({ url: `${inject('apiOrigin')}/` });
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? new URL(input, document.baseURI) : input;
    if (!(init?.body instanceof FormData)) return nodeFetch(url, init);
    const { body, contentType } = await multipartOf(init.body);
    return nodeFetch(url, {
      ...init,
      body,
      headers: { ...(init.headers as object), 'Content-Type': contentType },
    });
  };
  globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket;
}

/**
 * jsdom's FormData as the multipart/form-data body a browser sends for it: Node's fetch does not
 * know jsdom's FormData (it would send "[object FormData]"), and vitest's copy into Node's reads
 * a Blob field that jsdom 29 no longer has.
 */
async function multipartOf(form: FormData): Promise<{ body: Buffer<ArrayBuffer>; contentType: string }> {
  const boundary = `----exchange-test-${Math.random().toString(16).slice(2)}`;
  const text = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      chunks.push(
        text.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
      continue;
    }
    chunks.push(
      text.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n` +
          `Content-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
      ),
      new Uint8Array(await value.arrayBuffer()),
      text.encode('\r\n'),
    );
  }
  chunks.push(text.encode(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Signs a user in through the API and stores the session as a login does. */
async function signInAs(userName: string, password = inject('demoPassword')): Promise<void> {
  const answer = await callApi('login', { user_name: userName, password });
  if (!answer.status || !answer.data) throw new Error(`login ${userName}: ${answer.message}`);
  queryClient.clear();
  saveLogin(answer.data);
}

/**
 * One call with an explicit token (or none), outside the app's stored session: what another
 * client (an agent's console, another device) does meanwhile. Throws the server's refusal.
 */
export async function callAs<N extends EndpointName>(
  token: string | null,
  name: N,
  body?: BodyOf<N>,
): Promise<DataOf<N>> {
  const ep = endpoints[name];
  const res = await fetch(`${inject('apiOrigin')}/api/${ep.path}`, {
    method: ep.method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: ep.method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const json = (await res.json()) as { status: boolean; message: string; data: DataOf<N> };
  if (!json.status) throw new Error(`${ep.path}: ${json.message}`);
  return json.data;
}

/** The password of the bettors `newBettor` makes (after their forced change). */
export const NEW_BETTOR_PASSWORD = 'Fresh@5678';

/**
 * The mobile number `newBettor` gives a user name: a number of its own (accounts sharing one are
 * listed in the console's shared-accounts report), and one a test can know.
 */
export function newBettorMobile(userName: string): string {
  let h = 0;
  for (const c of userName) h = (h * 31 + c.charCodeAt(0)) % 999_999_999;
  return String(9_000_000_000 + h);
}

/**
 * A bettor of its own for a test file that changes the account (security auth, the activity
 * log): agent1 creates it (`prefix` + a random tail) and it sets its own password, as a bettor
 * does at the first login. Answers its user name; it logs in with NEW_BETTOR_PASSWORD.
 */
export async function newBettor(prefix: string): Promise<string> {
  const userName = `${prefix}${Math.random().toString(36).slice(2, 8)}`.slice(0, 20);
  const agent = await callAs(null, 'login', { user_name: 'agent1', password: inject('demoPassword') });
  await callAs(agent.usertoken, 'agentCreateUser', {
    user_name: userName,
    password: inject('demoPassword'),
    role: 'user',
    mobile: newBettorMobile(userName),
  });
  const first = await callAs(null, 'login', { user_name: userName, password: inject('demoPassword') });
  await callAs(first.usertoken, 'changePassword', {
    master_password: inject('demoPassword'),
    new_password: NEW_BETTOR_PASSWORD,
    confirm_password: NEW_BETTOR_PASSWORD,
  });
  return userName;
}

/** Ends the test file's session: the live socket closes, the cache and storage are cleared. */
function signOut(): void {
  liveClient().close();
  localLogout();
  queryClient.clear();
}

/**
 * The hooks of a component test file on the real server: before its tests the page points at the
 * server and `user` signs in (a demo user's name, or a function making the user first and
 * answering its name); the rendered DOM goes after each test; the session at the end.
 */
export function signedInOnTestServer(user: string | (() => Promise<string>), password?: string): void {
  beforeAll(async () => {
    useTestServer();
    await signInAs(typeof user === 'string' ? user : await user(), password);
  });
  afterEach(cleanup);
  afterAll(signOut);
}

/**
 * The same for a bettor of the file's own (see newBettor), signed in with its new password.
 * Answers a getter of its user name (known once the file's hooks have run).
 */
export function newBettorOnTestServer(prefix: string): () => string {
  let userName = '';
  beforeAll(async () => {
    useTestServer();
    userName = await newBettor(prefix);
    await signInAs(userName, NEW_BETTOR_PASSWORD);
  });
  afterEach(cleanup);
  afterAll(signOut);
  return () => userName;
}

/** The page on the server and nobody signed in (the login page's tests). */
export function signedOutOnTestServer(): void {
  beforeAll(useTestServer);
  afterEach(cleanup);
  afterAll(signOut);
}

/**
 * The `nth` seeded cricket match not in play (no bet delay), with its markets as the server
 * answers them. Test files that bet take different ones, so they never take each other's prices.
 */
export async function upcomingCricketMatch(nth: number): Promise<MatchDetail> {
  const rows = await fetchData('getMatches', { sport_id: SPORT.CRICKET, is_active: 1 });
  const row = rows.filter((m) => !m.in_play && m.match_odds != null)[nth];
  if (!row) throw new Error(`no upcoming cricket match number ${nth} with Match Odds in the seed`);
  return fetchData('getMatchDetail', { match_id: row.match_id });
}

/**
 * The start of a test file that bets on a seeded match: `user` signed in (see
 * signedInOnTestServer), a desktop-wide window, and the `nth` upcoming cricket match (see
 * upcomingCricketMatch) with its Match Odds market, both known once the file's hooks have run.
 */
export function matchOddsOnTestServer(
  user: Parameters<typeof signedInOnTestServer>[0],
  nth: number,
): { match: MatchDetail; odds: MarketView } {
  const seeded = {} as { match: MatchDetail; odds: MarketView };
  signedInOnTestServer(user);
  beforeAll(async () => {
    setWindowWidth(1280);
    seeded.match = await upcomingCricketMatch(nth);
    seeded.odds = seeded.match.markets.find((m) => m.market_type === 'MATCH_ODDS')!;
  });
  return seeded;
}

/** Renders `ui` inside the app's providers: its query client, a router at `path`, the toasts. */
export function renderInApp(ui: ReactNode, path = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/**
 * jsdom has no layout, so no `matchMedia`: this answers the app's `(max-width: …px)` queries
 * (useIsMobile) for a window `width` px wide.
 */
export function setWindowWidth(width: number): void {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max !== null && width <= Number(max[1]),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

/**
 * One call as a user other than the signed-in one (an agent acting on its bettor): the token is
 * given, not the stored one. Answers the data, or throws the server's message.
 */
export async function callAsOnTestServer<N extends EndpointName>(
  token: string | null,
  name: N,
  body: BodyOf<N>,
): Promise<DataOf<N>> {
  const res = await fetch(new URL(`api/${endpoints[name].path}`, `${inject('apiOrigin')}/`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  const answer = (await res.json()) as { status: boolean; message: string; data: DataOf<N> };
  if (!answer.status) throw new Error(`${name}: ${answer.message}`);
  return answer.data;
}

/** A demo user's token, from a login of its own (the page's session is not touched). */
export async function tokenOnTestServer(userName: string): Promise<string> {
  const login = await callAsOnTestServer(null, 'login', {
    user_name: userName,
    password: inject('demoPassword'),
  });
  return login.usertoken;
}

/**
 * A new account under the agent whose token is given, for a test file whose money must meet no
 * other file's: created with a first password that it changes to the demo password at its first
 * login (as an agent's new users must), then given `chips` rupees by that agent.
 */
export async function newAccountUnder(
  agentToken: string,
  {
    prefix,
    role = 'user',
    chips = 0,
    onlinePayments = false,
  }: { prefix: string; role?: 'user' | 'agent'; chips?: number; onlinePayments?: boolean },
): Promise<{ userName: string; userId: number }> {
  const userName = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 4)}`.slice(
    0,
    20,
  );
  const first = 'Start@1234';
  const created = await callAsOnTestServer(agentToken, 'agentCreateUser', {
    user_name: userName,
    password: first,
    role,
    ...(onlinePayments && { online_payments: true }),
  });
  const login = await callAsOnTestServer(null, 'login', { user_name: userName, password: first });
  const demo = inject('demoPassword');
  await callAsOnTestServer(login.usertoken, 'changePassword', {
    master_password: first,
    new_password: demo,
    confirm_password: demo,
  });
  if (chips > 0)
    await callAsOnTestServer(agentToken, 'agentTransferChips', {
      user_id: created.user_id,
      amount: chips,
      direction: 'deposit',
      client_ref: `chips-${userName}`,
    });
  return { userName, userId: created.user_id };
}

/** A new bettor of agent1 who pays in and out online (is_signup_user), with `chips` rupees (see newAccountUnder). */
export async function newOnlineBettor(
  prefix: string,
  chips: number,
): Promise<{ userName: string; userId: number }> {
  return newAccountUnder(await tokenOnTestServer('agent1'), { prefix, chips, onlinePayments: true });
}

/**
 * A new account of agent1's (see newAccountUnder) with a token of its own: a sub-agent for a test
 * file's own downline, or a bettor.
 */
export async function newAccountOfAgent1(
  account: Parameters<typeof newAccountUnder>[1],
): Promise<{ userName: string; userId: number; token: string }> {
  const made = await newAccountUnder(await tokenOnTestServer('agent1'), account);
  return { ...made, token: await tokenOnTestServer(made.userName) };
}

/**
 * A bettor of agent1's own for the test file (see newAccountUnder), signed in (see
 * signedInOnTestServer). Answers `moveChips`: agent1 deposits `amount` rupees more to the bettor,
 * which the bettor is told of (a CHIPS_MOVED notification).
 */
export function agent1BettorOnTestServer(account: { prefix: string; chips: number }): {
  moveChips: (amount: number) => Promise<DataOf<'agentTransferChips'>>;
} {
  let agent = '';
  let userId = 0;
  let moved = 0;
  signedInOnTestServer(async () => {
    agent = await tokenOnTestServer('agent1');
    const made = await newAccountUnder(agent, account);
    userId = made.userId;
    return made.userName;
  });
  const moveChips = (amount: number) =>
    callAsOnTestServer(agent, 'agentTransferChips', {
      user_id: userId,
      amount,
      direction: 'deposit',
      client_ref: `${account.prefix}-chips-${userId}-${++moved}`,
    });
  return { moveChips };
}
