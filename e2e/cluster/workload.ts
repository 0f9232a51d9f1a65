import pg from 'pg';
import { SPORT, type EndpointName } from '@exchange/contracts';
import { seededRandom } from '@exchange/engine';
import { DEMO_PASSWORD } from '../../apps/server/src/services/demo-accounts.ts';
import type { ProviderStub } from '../../apps/server/src/test/casino-provider-stub.ts';
import { changeFigures, makeAgentTree, randomRates } from './agents.ts';
import { callApi, callWallet, type Outcome, type Provider } from './client.ts';

/**
 * The bank workload (after Jepsen's bank test): concurrent bettors place, cancel and settle
 * random bets and casino rounds over HTTP, each call on a random process of the cluster, while
 * the operator creates markets, declares results and rolls some back. Every call's outcome is
 * logged as the client saw it (acknowledged, refused, unknown) for the checker.
 */

export type OpKind =
  | 'exchange bet'
  | 'bookmaker bet'
  | 'fancy bet'
  | 'cancel'
  | 'cancel all'
  | 'edit'
  | 'cash out'
  | 'auto cash out'
  | 'casino debit'
  | 'casino credit'
  | 'casino rollback'
  | 'create market'
  | 'declare result'
  | 'rollback result'
  | 'void market'
  | 'take break';

export interface Tally {
  attempted: number;
  acknowledged: number;
  refused: number;
  unknown: number;
  /** Unknown outcomes settled by a retry with the same id (then counted acknowledged or refused). */
  retried: number;
}

/** A bet the workload asked for, by its client_ref. */
export interface BetRecord {
  clientRef: string;
  userId: number;
  marketId: number;
  outcome: 'ok' | 'refused' | 'unknown';
  betId?: number;
}

/** A cash out the workload asked for, by its client_ref. */
export interface CashOutRecord {
  clientRef: string;
  userId: number;
  marketId: number;
  outcome: 'ok' | 'refused' | 'unknown';
  cashOutId?: number;
}

/** A casino wallet call, by its transaction id. */
export interface CasinoRecord {
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  userId: number;
  amountPaise: number;
  outcome: 'ok' | 'refused' | 'unknown';
}

/** A 200 answer with the time it came: a fault's checks compare them with what the checker finds. */
export interface Acknowledgement {
  at: number;
  kind: OpKind;
  origin: string;
}

export interface WorkloadLog {
  tallies: Map<OpKind, Tally>;
  bets: Map<string, BetRecord>;
  cashOuts: Map<string, CashOutRecord>;
  casino: Map<string, CasinoRecord>;
  /** Every acknowledged call with its time (for the outage windows of the fault cases). */
  acks: Acknowledgement[];
  /** Every HTTP call of the load (retries apart) with when it was sent and answered: what a fault's window saw. */
  calls: { from: number; to: number; kind: OpKind; origin: string; outcome: Outcome['kind']; code?: string; status?: number }[];
  /** Answers 5xx or unreadable, by kind: a defect unless a fault was injected at that time. */
  serverErrors: { at: number; kind: OpKind; status?: number; error: string; origin: string }[];
  /** Markets the operator created (id, kind). */
  markets: Map<number, 'EXCHANGE' | 'BOOKMAKER' | 'FANCY'>;
  /** Refusals by "kind: code" (a refusal is an answer: nothing happened). */
  refusals: Map<string, number>;
  bettors: { userId: number; userName: string; token: string }[];
  /** The agents the bettors are under (agent1 and a random tree below it), with their partnership (bp) at the start. */
  agents: { userId: number; userName: string; parentId: number | null; depth: number; partnershipBp: number }[];
  /** The figures changed midway (ADR 48), as the operator changed them. */
  figureChanges: string[];
  /** The seeded cricket match the operator's markets go on. */
  matchId?: number;
}

/** The running load, as a fault sees it. */
export interface Load {
  /**
   * Holds every new call until `fn` is done, once the calls in flight have answered: a quiet
   * moment to compare what clients hold with the server's state. The load then goes on.
   */
  quiet<T>(fn: () => Promise<T>): Promise<T>;
}

export interface WorkloadOptions {
  urls: string[];
  /** The cluster's database: only to pick the seeded cricket match the markets go on. */
  databaseUrl: string;
  provider: Provider;
  /** The provider stub the platform launches games at: it keeps the wallet tokens. */
  stub: ProviderStub;
  durationMs: number;
  bettors?: number;
  seed?: number;
  /** A prefix for user names and ids, unique per run on one database. */
  runId?: string;
  /** Called once, halfway through the load (the fault goes there); the load goes on meanwhile. */
  midway?: (load: Load) => Promise<void>;
  /** Told of the bettors once they are set up, and of each market the operator made. */
  observer?: { bettors?(bettors: WorkloadLog['bettors']): void; market?(id: number): void };
}

const GAME = 'imlive1001';
const EXCHANGE_ODDS = [1.8, 1.9, 2, 2.1, 2.2];
const PASSWORD = 'Bettor@5678';

interface Market {
  id: number;
  kind: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  createdAt: number;
  settled: boolean;
  /** Fancy: the NO and YES lines. */
  line?: number;
}

interface Bettor {
  userId: number;
  userName: string;
  token: string;
  walletToken: string;
  /** Acknowledged exchange bets that may still have an unmatched rest. */
  open: number[];
  round: number;
}

export function newLog(): WorkloadLog {
  return { tallies: new Map(), bets: new Map(), cashOuts: new Map(), casino: new Map(), acks: [], calls: [], serverErrors: [], markets: new Map(), refusals: new Map(), bettors: [], agents: [], figureChanges: [] };
}

export async function runWorkload(options: WorkloadOptions, log: WorkloadLog = newLog()): Promise<WorkloadLog> {
  const rnd = seededRandom(options.seed ?? Date.now());
  const run = options.runId ?? Date.now().toString(36);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const someOrigin = () => pick(options.urls);

  /** One call on a random process, logged; an unknown outcome is retried once (same ids) when `retry`. */
  const attempt = async (kind: OpKind, call: (origin: string) => Promise<Outcome>, retry: boolean): Promise<Outcome> => {
    while (gate) await gate;
    inFlight++;
    try {
      return await attemptNow(kind, call, retry);
    } finally {
      inFlight--;
    }
  };
  let gate: Promise<void> | undefined;
  let inFlight = 0;
  const load: Load = {
    quiet: async (fn) => {
      let open = () => {};
      gate = new Promise<void>((r) => (open = r));
      while (inFlight > 0) await sleep(50);
      try {
        return await fn();
      } finally {
        gate = undefined;
        open();
      }
    },
  };
  const attemptNow = async (kind: OpKind, call: (origin: string) => Promise<Outcome>, retry: boolean): Promise<Outcome> => {
    const tally = log.tallies.get(kind) ?? { attempted: 0, acknowledged: 0, refused: 0, unknown: 0, retried: 0 };
    log.tallies.set(kind, tally);
    tally.attempted++;
    let origin = someOrigin();
    const timed = async (at: string) => {
      const from = Date.now();
      const outcome = await call(at);
      const code = outcome.kind === 'refused' ? outcome.code : outcome.kind === 'unknown' ? outcome.error : undefined;
      log.calls.push({ from, to: Date.now(), kind, origin: at, outcome: outcome.kind, ...(code ? { code } : {}), ...(outcome.status ? { status: outcome.status } : {}) });
      return outcome;
    };
    let outcome = await timed(origin);
    for (let again = 0; outcome.kind === 'unknown' && retry && again < 3; again++) {
      noteError(kind, origin, outcome);
      tally.retried++;
      await sleep(300 + 300 * again);
      // Another process, if there is one: the first may be the one that is down.
      const failed = origin;
      origin = pick(options.urls.length > 1 ? options.urls.filter((u) => u !== failed) : options.urls);
      outcome = await timed(origin);
    }
    if (outcome.kind === 'unknown') noteError(kind, origin, outcome);
    if (outcome.kind === 'ok') {
      tally.acknowledged++;
      log.acks.push({ at: Date.now(), kind, origin });
    } else if (outcome.kind === 'refused') {
      tally.refused++;
      const key = `${kind}: ${outcome.code}`;
      log.refusals.set(key, (log.refusals.get(key) ?? 0) + 1);
    }
    else tally.unknown++;
    return outcome;
  };
  const noteError = (kind: OpKind, origin: string, outcome: Outcome) => {
    if (outcome.kind === 'unknown') log.serverErrors.push({ at: Date.now(), kind, origin, status: outcome.status, error: outcome.error });
  };
  /** Set-up calls: retried until acknowledged (set-up runs before any fault). */
  const must = async (name: EndpointName, body: unknown, token?: string) => {
    for (let i = 0; ; i++) {
      const res = await callApi(someOrigin(), name, body, token);
      if (res.kind === 'ok') return res.data;
      if (res.kind === 'refused' || i === 5) throw new Error(`${name}: ${JSON.stringify(res)}`);
      await sleep(500);
    }
  };

  // --- set-up: the operator, agents with shares (agent1 and a tree below it) and their bettors
  // with commission rates, each bettor with a casino game launched ---
  const admin = (await must('login', { user_name: 'admin', password: DEMO_PASSWORD })).usertoken as string;
  const agent1 = (await must('login', { user_name: 'agent1', password: DEMO_PASSWORD })).usertoken as string;
  const matchId = await cricketMatch(options.databaseUrl);
  log.matchId = matchId;
  const count = options.bettors ?? 30;
  const tree = await makeAgentTree({ run, bettors: count, chipsPerBettor: 5_000, adminToken: admin, agent1Token: agent1 }, rnd, must);
  log.agents.push(
    ...tree.agents.map((a) => ({ userId: a.userId, userName: a.userName, parentId: a.parent === -1 ? null : tree.agents[a.parent]!.userId, depth: a.depth, partnershipBp: a.partnershipBp })),
  );
  // Drawn in order before the bettors are made at once, so the seed decides them.
  const rates = Array.from({ length: count }, () => randomRates(rnd));
  const bettors: Bettor[] = await Promise.all(
    Array.from({ length: count }, async (_, i): Promise<Bettor> => {
      const agent = tree.agents[tree.agentOf(i)]!.token;
      const userName = `b${run}${i}`.slice(0, 20);
      // Its commission rates in force from its creation, before its first bet.
      const created = await must('agentCreateUser', { user_name: userName, password: 'Bettor@1234', role: 'user', ...rates[i] }, agent);
      const first = (await must('login', { user_name: userName, password: 'Bettor@1234' })).usertoken as string;
      await must('changePassword', { master_password: 'Bettor@1234', new_password: PASSWORD, confirm_password: PASSWORD }, first);
      await must('agentTransferChips', { user_id: created.user_id, amount: 5_000, direction: 'deposit', client_ref: `fund-${userName}` }, agent);
      const token = (await must('login', { user_name: userName, password: PASSWORD })).usertoken as string;
      await must('launchNewGame', { GameCode: GAME, type: '1' }, token);
      const launched = options.stub.launches.findLast((l) => l.userName === userName);
      if (!launched) throw new Error(`no launch reached the provider stub for ${userName}`);
      return { userId: created.user_id as number, userName, token, walletToken: launched.token, open: [], round: 0 };
    }),
  );
  // Safer gambling (issue 25) in the same load: some bettors keep a daily loss limit of their
  // own, some have a largest stake and an exposure limit from their agent, so refusals for them
  // come among the answers; a few take a break part way (see bettorLoop).
  for (const [i, b] of bettors.entries()) {
    if (i % 6 === 1) await must('setLossLimit', { period: 'DAY', amount: 1_500 }, b.token);
    if (i % 6 === 2)
      await must('agentSetUserLimits', { user_id: b.userId, max_stake: 600, exposure_limit: 2_500 }, tree.agents[tree.agentOf(i)]!.token);
  }
  log.bettors.push(...bettors.map(({ userId, userName, token }) => ({ userId, userName, token })));
  options.observer?.bettors?.(log.bettors);

  const markets: Market[] = [];
  const openOf = (kind: Market['kind']) => markets.filter((m) => m.kind === kind && !m.settled);
  let marketSeq = 0;
  const createMarket = async (kind: Market['kind']) => {
    const line = 30 + Math.floor(rnd() * 40);
    const body = {
      match_id: matchId,
      kind,
      market_type: kind === 'EXCHANGE' ? 'MATCH_ODDS' : kind,
      name: `${kind} ${run}-${++marketSeq}`,
      ...(kind === 'FANCY' ? { fancy: { no_line: line, no_rate: 100, yes_line: line + 1, yes_rate: 100 } } : { runners: [{ name: 'Home' }, { name: 'Away' }] }),
      ...(kind === 'EXCHANGE' ? { commission_percent: 2 } : {}),
    };
    // Not retried: a repeat would make a second market (createMarket has no idempotency key).
    const res = await attempt('create market', (o) => callApi(o, 'operatorCreateMarket', body, admin), false);
    if (res.kind !== 'ok') return;
    const id = res.data.market_id as number;
    if (kind === 'BOOKMAKER') {
      const rates = { market_id: id, rates: [{ selection_id: 1, back_rate: 90, lay_rate: 95 }, { selection_id: 2, back_rate: 85, lay_rate: 90 }] };
      if ((await attempt('create market', (o) => callApi(o, 'operatorSetBookmakerRates', rates, admin), true)).kind !== 'ok') return;
    }
    log.markets.set(id, kind);
    options.observer?.market?.(id);
    markets.push({ id, kind, createdAt: Date.now(), settled: false, ...(kind === 'FANCY' ? { line } : {}) });
  };
  for (const kind of ['EXCHANGE', 'EXCHANGE', 'BOOKMAKER', 'FANCY'] as const) await createMarket(kind);

  // --- the load ---
  const started = Date.now();
  const until = started + options.durationMs;
  let betSeq = 0;
  const clientRef = (b: Bettor) => `${run}-${b.userId}-${++betSeq}`;

  const placeBet = async (b: Bettor, kind: 'exchange bet' | 'bookmaker bet' | 'fancy bet') => {
    const market = pick(openOf(kind === 'exchange bet' ? 'EXCHANGE' : kind === 'bookmaker bet' ? 'BOOKMAKER' : 'FANCY'));
    if (!market) return;
    const ref = clientRef(b);
    const stake = 100 + Math.floor(rnd() * 19) * 50;
    const back = rnd() < 0.5 ? 1 : 0;
    const selection = 1 + Math.floor(rnd() * 2);
    const [name, body]: [EndpointName, object] =
      market.kind === 'FANCY'
        ? ['placeFancyBet', { fancy_id: market.id, is_back: back, run: back ? market.line! + 1 : market.line!, rate: 100, stake, client_ref: ref }]
        : market.kind === 'BOOKMAKER'
          ? ['placeMarketBet', { market_id: market.id, selection_id: selection, is_back: back, odds: selection === 1 ? (back ? 90 : 95) : back ? 85 : 90, stake, client_ref: ref }]
          : ['placeMarketBet', { market_id: market.id, selection_id: selection, is_back: back, odds: pick(EXCHANGE_ODDS), stake, client_ref: ref }];
    const res = await attempt(kind, (o) => callApi(o, name, body, b.token), true);
    const record: BetRecord = { clientRef: ref, userId: b.userId, marketId: market.id, outcome: res.kind };
    if (res.kind === 'ok') {
      record.betId = res.data.bet_id;
      if (market.kind === 'EXCHANGE' && res.data.unmatched_stake > 0) b.open.push(res.data.bet_id);
    }
    log.bets.set(ref, record);
  };

  const cancel = async (b: Bettor) => {
    const betId = b.open.splice(Math.floor(rnd() * b.open.length), 1)[0];
    if (betId === undefined) return;
    await attempt('cancel', (o) => callApi(o, 'cancelBet', { bet_id: betId }, b.token), true);
  };

  /**
   * Editing an unmatched rest (bet/updateBet): a new price (a new bet in its place), a smaller
   * stake or the other persistence. Refusals are answers (the bet matched meanwhile, a limit).
   */
  const edit = async (b: Bettor) => {
    const at = Math.floor(rnd() * b.open.length);
    const betId = b.open[at];
    if (betId === undefined) return;
    const r = rnd();
    const body = r < 0.5 ? { bet_id: betId, odds: pick(EXCHANGE_ODDS) } : r < 0.8 ? { bet_id: betId, stake: 50 } : { bet_id: betId, persistence: rnd() < 0.5 ? 'PERSIST' : 'LAPSE' };
    const res = await attempt('edit', (o) => callApi(o, 'updateBet', body, b.token), false);
    if (res.kind === 'ok' && res.data.replaced_bet_id !== null) b.open.splice(at, 1, ...(res.data.unmatched_stake > 0 ? [res.data.bet_id as number] : []));
  };

  /** Every unmatched rest of the bettor's, everywhere (bet/cancelAllBets). */
  const cancelAll = async (b: Bettor) => {
    const res = await attempt('cancel all', (o) => callApi(o, 'cancelAllBets', {}, b.token), true);
    if (res.kind === 'ok') b.open = [];
  };

  /** A full or partial cash out of the bettor's position on an exchange or bookmaker market. */
  const cashOut = async (b: Bettor) => {
    const market = pick([...openOf('EXCHANGE'), ...openOf('BOOKMAKER')]);
    if (!market) return;
    const ref = clientRef(b);
    const body = { market_id: market.id, fraction: pick([0.25, 0.5, 1, 1]), client_ref: ref };
    const res = await attempt('cash out', (o) => callApi(o, 'cashOut', body, b.token), true);
    const record: CashOutRecord = { clientRef: ref, userId: b.userId, marketId: market.id, outcome: res.kind };
    if (res.kind === 'ok') record.cashOutId = res.data.cash_out_id;
    log.cashOuts.set(ref, record);
  };

  /** An automatic cash out set on a market: the server fires it (once) as the others' bets move the book. */
  const autoCashOut = async (b: Bettor) => {
    const market = pick(openOf('EXCHANGE'));
    if (!market) return;
    const body = { market_id: market.id, take_profit: 5 + Math.floor(rnd() * 10) * 5, stop_loss: 50 + Math.floor(rnd() * 10) * 25 };
    await attempt('auto cash out', (o) => callApi(o, 'setAutoCashOut', body, b.token), true);
  };

  /** A casino round as the provider plays it: a debit, then its credit (a win or a loss) or a rollback. */
  const casinoRound = async (b: Bettor) => {
    const roundId = `${Date.now()}${b.userId}${++b.round}`.slice(-15);
    const debitId = `${run}-d-${b.userId}-${b.round}`;
    const amount = 10 + Math.floor(rnd() * 10) * 10;
    const base = { token: b.walletToken, userId: b.userId, gameCode: GAME, roundId };
    const betDetails = { betId: `bet-${debitId}`, option: 'playerA', optionName: 'Player A', odds: 1.98, stake: amount, gamename: 'TP T20' };
    const debit = await wallet(b, 'debit', debitId, amount, { ...base, transactionId: debitId, amount, maxPayout: Math.floor(amount * 198) / 100, bet: betDetails });
    if (debit.kind === 'refused') return;
    await sleep(50 + rnd() * 200);
    // A debit without an answer is rolled back, as the provider does; else the round settles.
    if (debit.kind === 'unknown' || rnd() < 0.15) {
      const id = `${debitId}-rb`;
      await wallet(b, 'rollback', id, amount, { ...base, transactionId: id, amount, referenceTransactionId: debitId, reason: 'round cancelled' });
      return;
    }
    const win = rnd() < 0.45;
    const payout = win ? Math.floor(amount * 198) / 100 : 0;
    const id = `${debitId}-cr`;
    await wallet(b, 'credit', id, payout, {
      ...base,
      transactionId: id,
      amount: payout,
      referenceTransactionId: debitId,
      bet: betDetails,
      result: { winner: win ? 'Player A' : 'Player B', outcome: win ? 'won' : 'lost', payout, cards: ['AS', 'KH', 'AD', 'KD', 'AC', 'KC'] },
    });
  };
  const wallet = async (b: Bettor, kind: CasinoRecord['kind'], transactionId: string, amount: number, body: object) => {
    const res = await attempt(`casino ${kind}`, (o) => callWallet(o, options.provider, kind, body), true);
    log.casino.set(transactionId, { transactionId, kind, userId: b.userId, amountPaise: Math.round(amount * 100), outcome: res.kind });
    return res;
  };

  /**
   * A 1-day break (user/takeBreak): its unmatched bets are cancelled after the break commits,
   * and from then on its bets and casino stakes are refused; the money checks must hold across it.
   */
  const takeBreak = async (b: Bettor) => {
    const res = await attempt('take break', (o) => callApi(o, 'takeBreak', { days: 1 }, b.token), true);
    if (res.kind === 'ok') b.open = [];
  };

  const bettorLoop = async (b: Bettor, i: number) => {
    let breakAt = i % 10 === 3 ? started + options.durationMs * 0.6 : Infinity;
    while (Date.now() < until) {
      if (Date.now() >= breakAt) {
        await takeBreak(b);
        // Once, whatever the answer: a retry of an unknown one is the attempt's.
        breakAt = Infinity;
      }
      const r = rnd();
      if (r < 0.36) await placeBet(b, 'exchange bet');
      else if (r < 0.5) await placeBet(b, 'bookmaker bet');
      else if (r < 0.63) await placeBet(b, 'fancy bet');
      else if (r < 0.71) await cancel(b);
      else if (r < 0.75) await edit(b);
      else if (r < 0.77) await cancelAll(b);
      else if (r < 0.81) await cashOut(b);
      else if (r < 0.83) await autoCashOut(b);
      else await casinoRound(b);
      await sleep(rnd() * 100);
    }
  };

  /** The operator: new markets while bets flow, results on the older ones, some rolled back and declared again. */
  const operatorLoop = async () => {
    while (Date.now() < until) {
      await sleep(700 + rnd() * 600);
      const ripe = markets.filter((m) => !m.settled && Date.now() - m.createdAt > 2_500);
      const market = ripe[0];
      if (market) {
        const declared = await declare(market);
        if (declared && rnd() < 0.3) {
          await sleep(300);
          const rolled = await attempt('rollback result', (o) => callApi(o, 'operatorRollbackResult', { market_id: market.id }, admin), true);
          if (rolled.kind === 'ok') await declare(market);
        }
        await createMarket(market.kind);
      }
    }
  };
  const declare = async (market: Market): Promise<boolean> => {
    const voided = rnd() < 0.1;
    const body =
      market.kind === 'FANCY' ? { market_id: market.id, runs: market.line! - 3 + Math.floor(rnd() * 7) } : { market_id: market.id, winner_ids: [1 + Math.floor(rnd() * 2)] };
    const res = voided
      ? await attempt('void market', (o) => callApi(o, 'operatorVoidMarket', { market_id: market.id }, admin), true)
      : await attempt('declare result', (o) => callApi(o, 'operatorDeclareResult', body, admin), true);
    // Refused after an unknown first try: the first one settled it.
    market.settled ||= res.kind === 'ok' || (res.kind === 'refused' && /already settled/i.test(res.message));
    return res.kind === 'ok';
  };

  const midway = options.midway ? sleep(options.durationMs / 2).then(() => options.midway!(load)) : Promise.resolve();
  // Figures changed while markets are open: those already bet on keep their split (ADR 48).
  const figureChange = sleep(options.durationMs * 0.4).then(async () =>
    log.figureChanges.push(await changeFigures(tree, bettors.map((b, i) => ({ userId: b.userId, agent: tree.agentOf(i) })), admin, rnd, must).catch((err: Error) => `not changed (${err.message})`)),
  );
  await Promise.all([...bettors.map((b, i) => bettorLoop(b, i)), operatorLoop(), midway, figureChange]);
  return log;
}

async function cricketMatch(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ match_id: number }>(
      'select match_id from matches where sport_id = $1 and is_active order by match_id limit 1',
      [SPORT.CRICKET],
    );
    if (!rows[0]) throw new Error('no active cricket match in the seed');
    return rows[0].match_id;
  } finally {
    await client.end();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
