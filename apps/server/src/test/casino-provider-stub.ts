/**
 * A small casino provider on 127.0.0.1 for the platform's tests: the static list, the signed
 * launch handshake (it keeps the launch tokens it was given, as the real provider does, to call
 * the wallet with), the results API and one image. Plus a signed wallet client over real HTTP.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CasinoLaunchRequest,
  type CasinoLaunchAnswer,
  type CasinoRoundResult,
  type StaticCasinoGame,
  type WalletAnswer,
  type WalletOperation,
} from '@exchange/contracts';
import { casinoSignature, verifyCasinoSignature } from '@exchange/contracts/casino-signing';
import { afterAll, beforeAll } from 'vitest';
import type { CasinoConfig } from '../services/casino/index.ts';

export const STUB_GAMES: StaticCasinoGame[] = [
  { gamename: 'TP T20', gamecode: 'imlive1001', gametype: 'Others', provider: 'stub', category: 'teenpatti', image: 'api/upload/image/imlive1001.svg' },
  { gamename: 'ANDAR BAHAR', gamecode: 'imlive1013', gametype: 'Others', provider: 'stub', category: 'andarbahar', image: 'api/upload/image/imlive1013.svg' },
  // Listed, but the provider refuses to launch it.
  { gamename: 'RETIRED TABLE', gamecode: 'imlive1999', gametype: 'Live', provider: 'stub', category: 'others', image: 'api/upload/image/imlive1999.svg' },
];

export const STUB_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';

export function stubRound(roundId: string, settledAt: string): CasinoRoundResult {
  return {
    roundId,
    gameCode: 'imlive1001',
    gamename: 'TP T20',
    startedAt: settledAt,
    settledAt,
    cards: ['AS', 'KH', 'AD', 'KD', 'AC', 'KC'],
    hands: [
      { name: 'Player A', cards: ['AS', 'AD', 'AC'] },
      { name: 'Player B', cards: ['KH', 'KD', 'KC'] },
    ],
    winner: 'Player A',
    description: 'Player A: trail of aces; Player B: trail of kings',
    proof: { serverSeed: 'aa', clientSeed: 'bb', hash: 'cc', chainTerminalHash: 'dd', cursors: 6, deck: '52' },
  };
}

export interface ProviderStub {
  url: string;
  /** Launch requests received with a valid signature, newest last. */
  launches: CasinoLaunchRequest[];
  /** 'down' drops every connection, as a provider that is not running. */
  mode: 'up' | 'down';
  /** Origin of the game URLs the launch answers (the stub's own by default): a provider gone wrong. */
  launchOrigin?: string;
  /** Results served for imlive1001 (newest first). */
  rounds: CasinoRoundResult[];
  /** Query strings the results API was called with. */
  resultQueries: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A stub for the calling file's suites: started before them and closed after. Pass `casino` to
 * describeEachDatabase; its providerUrl is filled in once the stub listens, before any app is
 * built. `stub` is set from then on.
 */
export function useProviderStub(
  secret: string,
  providerId: string,
  config: Partial<CasinoConfig> = {},
): { casino: Partial<CasinoConfig>; stub: ProviderStub } {
  const provider = { casino: { walletSecret: secret, providerId, ...config }, stub: undefined as unknown as ProviderStub };
  beforeAll(async () => {
    provider.stub = await startProviderStub(secret, providerId);
    provider.casino.providerUrl = provider.stub.url;
  });
  afterAll(() => provider.stub.close());
  return provider;
}

export async function startProviderStub(secret: string, providerId: string): Promise<ProviderStub> {
  const stub: ProviderStub = { url: '', launches: [], mode: 'up', rounds: [], resultQueries: [], close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    if (stub.mode === 'down') {
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stub');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/api/games') return send(200, { status: 'OK', data: STUB_GAMES });
    if (req.method === 'GET' && url.pathname === '/api/upload/image/imlive1001.svg') return send(200, STUB_SVG, 'image/svg+xml');
    if (req.method === 'GET' && url.pathname.startsWith('/api/results/')) {
      stub.resultQueries.push(url.searchParams);
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
      const rounds = stub.rounds.slice((page - 1) * pageSize, page * pageSize);
      return send(200, { status: 'OK', data: { gameCode: 'imlive1001', gamename: 'TP T20', page, pageSize, total: stub.rounds.length, rounds } });
    }
    if (req.method === 'POST' && url.pathname === '/api/launch') {
      const raw = await readBody(req);
      // The platform's clock is the test's, moved at will: the stub checks the signature, not the time.
      const sentAtMs = Number(req.headers['x-timestamp']) * 1000 || 0;
      const check = verifyCasinoSignature(req.headers, { method: 'POST', path: '/api/launch', rawBody: raw }, { secret, providerId, nowMs: sentAtMs });
      if (!check.ok) {
        return send(401, { status: 'INVALID_SIGNATURE', message: 'Bad signature' } satisfies CasinoLaunchAnswer);
      }
      const launch = CasinoLaunchRequest.parse(JSON.parse(raw));
      if (launch.gameCode === 'imlive1999') return send(404, { status: 'GAME_NOT_FOUND', message: 'This table is closed' } satisfies CasinoLaunchAnswer);
      stub.launches.push(launch);
      const origin = stub.launchOrigin ?? stub.url;
      return send(200, { status: 'OK', url: `${origin}/game/${launch.gameCode}?lt=one-time-${stub.launches.length}` } satisfies CasinoLaunchAnswer);
    }
    send(404, { status: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export interface WalletCallOptions {
  secret?: string;
  providerId?: string;
  /** Unix seconds; the platform clock's now by default. */
  timestamp?: number;
  /** Replaces the signature (tampering). */
  signature?: string;
  /** Signs the call as if it went to this operation's path (a body replayed at another operation). */
  signAs?: WalletOperation;
}

/** Calls the platform's wallet over HTTP, signed the way casino.md says. */
export function walletClient(baseUrl: string, secret: string, providerId: string, now: () => Date) {
  return async (operation: WalletOperation, body: object | string, options: WalletCallOptions = {}): Promise<WalletAnswer & { httpStatus: number }> => {
    // A string is sent as it is: JSON that JSON.stringify cannot write (1e999) or no JSON at all.
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const timestamp = String(options.timestamp ?? Math.floor(now().getTime() / 1000));
    const response = await fetch(`${baseUrl}/api/wallet/${operation}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-provider-id': options.providerId ?? providerId,
        'x-timestamp': timestamp,
        'x-signature':
          options.signature ??
          casinoSignature(options.secret ?? secret, { method: 'POST', path: `/api/wallet/${options.signAs ?? operation}`, providerId: options.providerId ?? providerId, timestamp, rawBody: raw }),
      },
      body: raw,
    });
    return { ...((await response.json()) as WalletAnswer), httpStatus: response.status };
  };
}
