/**
 * The contracts fuzz: for every call of the OpenAPI document, `runs` malformed requests from
 * `malformed.ts`, sent as a bettor (and, for operator calls, as the operator too, so the body
 * is really validated). Each answer must be a 4xx (or, for a read, any non-5xx) carrying the
 * envelope, and the money, bets and settings must be the same afterwards. Used by the suite in
 * `npm test` (100 a call) and by `npm run fuzz` (1,000 a call by default).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { checkRequestBody, endpoints, type EndpointName } from '@exchange/contracts';
import { queryRows, type Db } from '../db/client.ts';
import { malformedRequests, operationsOf, type FuzzOperation, type MalformedRequest } from './malformed.ts';

/**
 * Calls that only read. They are also sent the generated bodies the contract happens to
 * accept: no answer may be a 5xx there either. Every other call moves money, bets, sessions or
 * settings, or reaches the casino provider, and gets only bodies the contract refuses.
 */
export const READ_ONLY_CALLS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'getGlobalSetting', 'getUserBalance', 'getButtonValue', 'getSports', 'getSeriesHeader', 'getSeries', 'getMatches',
  'searchByMatchNameHeader', 'getMatchDetail', 'getExposureDetail', 'getCupsForMenu', 'getCasinoSport',
  'getLiveCasinoBets', 'getMatchVenueListByCountryCodeSportId', 'getUserAccountStatementHistory', 'getCurrentBets',
  'getProfitLoss', 'operatorGetMarkets', 'getCashOut', 'getLadder', 'getPriceHistory',
]);

export interface FuzzCallers {
  /** A bettor's bearer token. */
  bettor: string;
  /** The operator's (role root) bearer token. */
  operator: string;
}

export interface FuzzFailure {
  call: string;
  as: string;
  request: string;
  statusCode: number;
  body: string;
  reason: string;
}

export interface FuzzReport {
  calls: number;
  /** Requests sent (every call, every caller). */
  requests: number;
  /** Of them, bodies the contract refuses (the malformed ones). */
  malformed: number;
  /** Bodies the contract accepts, sent to read-only calls only. */
  acceptedReads: number;
  /** Generated bodies the contract accepts for a call that writes: never sent. */
  acceptedNotSent: number;
  statuses: Record<number, number>;
  codes: Record<string, number>;
  serverErrors: number;
  failures: FuzzFailure[];
  stateChanged: string[];
  durationMs: number;
}

const isOperatorCall = (op: FuzzOperation) => op.url.startsWith('/api/operator/');

/**
 * Bodies every call gets first, whatever the draw: the plain non-objects a client bug sends.
 * (The long run found `null` read as `{}`: a logout with it logged the bettor out.)
 */
const EDGE_BODIES: MalformedRequest[] = [null, [], '', 0, -1, true, 'null', [null], [[]]].map((value) => ({
  kind: 'json',
  value,
  contentType: 'application/json',
}));

/** The body the server's handler would see, or `undefined` when its parser refuses the request first. */
function bodyAsParsed(request: MalformedRequest): { parsed: true; value: unknown } | { parsed: false } {
  if (request.kind === 'json') return { parsed: true, value: JSON.parse(JSON.stringify(request.value) ?? 'null') };
  if (request.contentType?.startsWith('application/json')) {
    try {
      return { parsed: true, value: JSON.parse(request.payload) };
    } catch {
      return { parsed: false };
    }
  }
  // text/plain reaches the handler as the string; other types are refused before it, but
  // judge them as that string too, so nothing is sent that a schema would take.
  return { parsed: true, value: request.payload };
}

/** Whether the contract refuses this request: the condition for sending it to a call that writes. */
export function refusedByContract(name: EndpointName, request: MalformedRequest): boolean {
  const body = bodyAsParsed(request);
  if (!body.parsed) return true;
  return !checkRequestBody(endpoints[name].body, body.value).success;
}

/**
 * The state no refused request may change: balances and ledger, bets and positions, markets,
 * settings, buttons, users, sessions and casino records. One digest per table.
 */
export async function stateDigest(db: Db): Promise<Record<string, string>> {
  const tables: Record<string, string> = {
    ledger_accounts: 'select id, balance_paise, exposure_paise from ledger_accounts',
    ledger_transfers: 'select * from ledger_transfers',
    orders: 'select * from orders',
    fills: 'select * from fills',
    market_positions: 'select * from market_positions',
    markets: 'select * from markets',
    runners: 'select * from runners',
    settlement_results: 'select * from settlement_results',
    global_settings: 'select * from global_settings',
    button_values: 'select * from button_values',
    users: 'select id, user_name, password_hash, role, is_change_password, status from users',
    sessions: 'select id, user_id, revoked_at from sessions',
    casino_transactions: 'select * from casino_transactions',
    casino_launch_tokens: 'select id, user_id from casino_launch_tokens',
    payment_requests: 'select * from payment_requests',
    payout_accounts: 'select * from payout_accounts',
    agent_payment_details: 'select * from agent_payment_details',
  };
  const digest: Record<string, string> = {};
  for (const [table, query] of Object.entries(tables)) {
    const [row] = await queryRows<{ n: string | number; h: string | null }>(
      db,
      sql.raw(`select count(*) as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from (${query}) t`),
    );
    digest[table] = `${Number(row?.n)}:${row?.h}`;
  }
  return digest;
}

function describeRequest(request: MalformedRequest): string {
  const text = request.kind === 'json' ? `${request.contentType} ${JSON.stringify(request.value)}` : `${request.label}: ${request.payload}`;
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
}

function checkAnswer(op: FuzzOperation, refused: boolean, statusCode: number, text: string): string | null {
  if (statusCode >= 500) return 'a 5xx answer';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const envelope = json as { status?: unknown; message?: unknown; code?: unknown };
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.status !== 'boolean' || typeof envelope.message !== 'string') {
    return 'not the envelope';
  }
  if (envelope.status === false && typeof envelope.code !== 'string') return 'a refusal without a code';
  if (envelope.status === false && (statusCode < 400 || statusCode >= 500)) return 'a refusal that is not a 4xx';
  // A body the contract refuses may not be answered as a success by a call that has a body.
  if (refused && op.method === 'POST' && envelope.status !== false) return 'a refused body answered as a success';
  return null;
}

export interface FuzzOptions {
  app: FastifyInstance;
  db: Db;
  callers: FuzzCallers;
  /** Malformed bodies per call and caller. */
  runs: number;
  seed: number;
  /** Only these calls (all by default). */
  only?: EndpointName[];
}

/** Sends the malformed requests and reports what came back; throws nothing, the caller asserts. */
export async function fuzzContracts(options: FuzzOptions): Promise<FuzzReport> {
  const { app, db, callers, runs, seed } = options;
  const started = Date.now();
  const document = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
  const operations = operationsOf(document).filter((op) => !options.only || options.only.includes(op.name as EndpointName));
  const report: FuzzReport = {
    calls: operations.length,
    requests: 0,
    malformed: 0,
    acceptedReads: 0,
    acceptedNotSent: 0,
    statuses: {},
    codes: {},
    serverErrors: 0,
    failures: [],
    stateChanged: [],
    durationMs: 0,
  };
  const before = await stateDigest(db);

  for (const [index, op] of operations.entries()) {
    const name = op.name as EndpointName;
    if (!(name in endpoints)) throw new Error(`${name} is in the document but not in the contracts table`);
    const readOnly = READ_ONLY_CALLS.has(name);
    const callersOf: [string, string | undefined][] =
      op.auth === 'public' ? [['anonymous', undefined]] : isOperatorCall(op) ? [['operator', callers.operator], ['bettor', callers.bettor]] : [['bettor', callers.bettor]];
    const arbitrary = malformedRequests(op);
    for (const [as, token] of callersOf) {
      let malformed = 0;
      // Draw until `runs` refused bodies went out; accepted ones go to reads too, never to writes.
      for (let round = 0; malformed < runs && round < 50; round++) {
        const drawn = fc.sample(arbitrary, { numRuns: runs, seed: seed + index * 7919 + round * 104_729 + (as === 'bettor' ? 1 : 0) });
        const batch = round === 0 ? [...EDGE_BODIES, ...drawn] : drawn;
        for (const request of batch) {
          if (malformed >= runs) break;
          const refused = refusedByContract(name, request);
          if (!refused && !readOnly) {
            report.acceptedNotSent++;
            continue;
          }
          const headers: Record<string, string> = {};
          if (token) headers.authorization = `Bearer ${token}`;
          let payload: string | undefined;
          if (request.kind === 'json') {
            payload = JSON.stringify(request.value) ?? 'null';
            headers['content-type'] = request.contentType;
          } else {
            payload = request.payload;
            if (request.contentType) headers['content-type'] = request.contentType;
          }
          const response = await app.inject({ method: op.method, url: op.url, headers, payload });
          report.requests++;
          if (refused) {
            malformed++;
            report.malformed++;
          } else report.acceptedReads++;
          report.statuses[response.statusCode] = (report.statuses[response.statusCode] ?? 0) + 1;
          if (response.statusCode >= 500) report.serverErrors++;
          const code = (() => {
            try {
              return (JSON.parse(response.body) as { code?: string }).code ?? 'OK';
            } catch {
              return 'NOT_JSON';
            }
          })();
          report.codes[code] = (report.codes[code] ?? 0) + 1;
          const reason = checkAnswer(op, refused, response.statusCode, response.body);
          if (reason && report.failures.length < 50) {
            report.failures.push({ call: name, as, request: describeRequest(request), statusCode: response.statusCode, body: response.body.slice(0, 300), reason });
          }
        }
      }
      if (malformed < runs) throw new Error(`${name}: only ${malformed} of ${runs} generated bodies were malformed`);
    }
  }

  const after = await stateDigest(db);
  report.stateChanged = Object.keys(before).filter((table) => before[table] !== after[table]);
  report.durationMs = Date.now() - started;
  return report;
}
