import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookmakerPrice,
  canAfford,
  ExchangeMarket,
  exposureAfter,
  LADDER,
  Ledger,
  LedgerError,
  marketExposure,
  postingsForRollback,
  postingsForSettlement,
  settleMarket,
  type Fill,
  type MarketPosition,
  type MatchedFancyBet,
  type MatchedRunnerBet,
  type RunnerResult,
  type Settlement,
  type Side,
  type TransferRequest,
} from './index.ts';

const WORLD = 1;
const HOUSE = 2;
const CLEARING = 3;
const USERS = [1, 2, 3, 4];
const accountOf = (userId: number) => 100 + userId;
const accounts = { house: HOUSE, clearing: CLEARING, ofUser: accountOf };

function openLedger(): Ledger {
  const ledger = new Ledger();
  ledger.openAccount(WORLD, 'world');
  ledger.openAccount(HOUSE, 'house');
  ledger.openAccount(CLEARING, 'clearing');
  for (const u of USERS) ledger.openAccount(accountOf(u), 'user');
  return ledger;
}

const deposit = (key: string, userId: number, amountPaise: number): TransferRequest => ({
  idempotencyKey: key,
  debitAccountId: WORLD,
  creditAccountId: accountOf(userId),
  amountPaise,
  reason: 'DEPOSIT',
  remark: '',
});

describe('settlement postings', () => {
  const exchange: Settlement = {
    kind: 'EXCHANGE',
    users: [
      { userId: 1, netPnlPaise: 20_000, commissionPaise: 1_000 },
      { userId: 2, netPnlPaise: -20_001, commissionPaise: 0 },
      { userId: 3, netPnlPaise: 0, commissionPaise: 0 },
    ],
    bets: [],
  };

  it('pays exchange winners from losers through clearing, with ids that make a second posting a no-op', () => {
    const transfers = postingsForSettlement('m7', 1, exchange, accounts);
    expect(transfers.map((t) => [t.idempotencyKey, t.debitAccountId, t.creditAccountId, t.amountPaise, t.reason])).toEqual([
      ['settle:m7:1:1', CLEARING, 101, 20_000, 'BET_SETTLEMENT'],
      ['commission:m7:1:1', 101, HOUSE, 1_000, 'COMMISSION'],
      ['settle:m7:1:2', 102, CLEARING, 20_001, 'BET_SETTLEMENT'],
      ['settle:m7:1:rounding', CLEARING, HOUSE, 1, 'BET_SETTLEMENT'],
    ]);
  });

  it('settles bookmaker and fancy markets against the house', () => {
    const transfers = postingsForSettlement('b1', 2, { ...exchange, kind: 'BOOKMAKER' }, accounts);
    expect(transfers.map((t) => [t.idempotencyKey, t.debitAccountId, t.creditAccountId])).toEqual([
      ['settle:b1:2:1', HOUSE, 101],
      ['commission:b1:2:1', 101, HOUSE],
      ['settle:b1:2:2', 102, HOUSE],
    ]);
  });

  it('refuses an exchange settlement that does not clear', () => {
    const unbalanced: Settlement = { kind: 'EXCHANGE', users: [{ userId: 1, netPnlPaise: 5, commissionPaise: 0 }], bets: [] };
    expect(() => postingsForSettlement('m', 1, unbalanced, accounts)).toThrow(/clearing/);
    expect(() => postingsForSettlement('m', 0, exchange, accounts)).toThrow(RangeError);
  });

  it('reverses postings exactly, under new ids', () => {
    const [first] = postingsForSettlement('m7', 1, exchange, accounts);
    expect(postingsForRollback([first!])).toEqual([
      { idempotencyKey: 'rollback:settle:m7:1:1', debitAccountId: 101, creditAccountId: CLEARING, amountPaise: 20_000, reason: 'SETTLEMENT_ROLLBACK', remark: 'reverses settle:m7:1:1' },
    ]);
  });
});

describe('Ledger', () => {
  it('applies a transfer once per id, and refuses the same id with another body', () => {
    const ledger = openLedger();
    expect(ledger.transfer(deposit('d1', 1, 500)).created).toBe(true);
    expect(ledger.transfer(deposit('d1', 1, 500)).created).toBe(false);
    expect(ledger.balance(101)).toBe(500);
    expect(ledger.balance(WORLD)).toBe(-500);
    expect(() => ledger.transfer(deposit('d1', 1, 501))).toThrow(expect.objectContaining({ code: 'DUPLICATE' }));
  });

  it('refuses a withdrawal past the available balance, but posts a settlement loss', () => {
    const ledger = openLedger();
    ledger.transfer(deposit('d1', 1, 500));
    ledger.setExposure(101, 'm1', 300);
    expect(ledger.available(101)).toBe(200);
    const withdraw = { idempotencyKey: 'w1', debitAccountId: 101, creditAccountId: WORLD, amountPaise: 201, reason: 'WITHDRAW' as const, remark: '' };
    expect(() => ledger.transfer(withdraw)).toThrow(LedgerError);
    expect(ledger.transfer({ ...withdraw, amountPaise: 200 }).created).toBe(true);
    ledger.setExposure(101, 'm1', 0);
    ledger.transfer({ idempotencyKey: 's1', debitAccountId: 101, creditAccountId: CLEARING, amountPaise: 300, reason: 'BET_SETTLEMENT', remark: '' });
    expect(ledger.balance(101)).toBe(0);
    expect(() => ledger.transfer({ ...withdraw, idempotencyKey: 'x', debitAccountId: 999 })).toThrow(expect.objectContaining({ code: 'NO_ACCOUNT' }));
  });
});

// ---- a random simulation of deposits, bets, cancels, settlements and re-settlements ----

type Result = { void: true } | { winner: number; tiedWith?: number | undefined } | { runs: number };

interface MarketState {
  key: string;
  kind: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  runners: number[];
  book?: ExchangeMarket;
  /** Resting orders: id -> who and what. */
  open: Map<number, { userId: number; selectionId: number; side: Side; price: number }>;
  matched: MatchedRunnerBet[];
  fancy: MatchedFancyBet[];
  version: number;
  posted: TransferRequest[];
}

const commandArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('deposit' as const), userId: fc.constantFrom(...USERS), amountPaise: fc.integer({ min: 1, max: 2_000_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), userId: fc.constantFrom(...USERS), amountPaise: fc.integer({ min: 1, max: 2_000_000 }) }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('exchangeBet' as const),
      market: fc.constantFrom(0, 1),
      userId: fc.constantFrom(...USERS),
      selectionId: fc.constantFrom(1, 2, 3),
      side: fc.constantFrom('BACK' as const, 'LAY' as const),
      tick: fc.integer({ min: 47, max: 52 }),
      sizePaise: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), market: fc.constantFrom(0, 1), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bookmakerBet' as const),
      userId: fc.constantFrom(...USERS),
      selectionId: fc.constantFrom(1, 2),
      side: fc.constantFrom('BACK' as const, 'LAY' as const),
      rate: fc.integer({ min: 1, max: 300 }),
      sizePaise: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fancyBet' as const),
      userId: fc.constantFrom(...USERS),
      side: fc.constantFrom('YES' as const, 'NO' as const),
      line: fc.integer({ min: 0, max: 20 }),
      ratePercent: fc.integer({ min: 50, max: 150 }),
      sizePaise: fc.integer({ min: 1, max: 500_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('settle' as const, 'resettle' as const),
      /** settle: the market slot; resettle: which of the settled markets. */
      market: fc.nat(),
      result: fc.oneof(
        { weight: 1, arbitrary: fc.constant({ void: true as const }) },
        { weight: 4, arbitrary: fc.record({ winner: fc.constantFrom(1, 2, 3), tiedWith: fc.option(fc.constantFrom(1, 2, 3), { nil: undefined }) }) },
        { weight: 4, arbitrary: fc.record({ runs: fc.integer({ min: 0, max: 22 }) }) },
      ),
    }),
  },
);
type Command = typeof commandArb extends fc.Arbitrary<infer C> ? C : never;

function runnerResults(market: MarketState, result: Result): 'VOID' | RunnerResult[] | { runs: number } {
  if ('void' in result) return 'VOID';
  if (market.kind === 'FANCY') return { runs: 'runs' in result ? result.runs : result.winner * 7 };
  const first = 'winner' in result ? ((result.winner - 1) % market.runners.length) + 1 : (result.runs % market.runners.length) + 1;
  const second = 'winner' in result && result.tiedWith !== undefined && result.tiedWith !== first && market.runners.includes(result.tiedWith) ? result.tiedWith : undefined;
  return market.runners.map((selectionId): RunnerResult => {
    if (selectionId === first || selectionId === second) {
      return { selectionId, status: 'WINNER', ...(second !== undefined ? { deadHeat: { places: 1, tiedRunners: 2 } } : {}) };
    }
    return { selectionId, status: 'LOSER' };
  });
}

class Simulation {
  readonly ledger = openLedger();
  /** The markets taking bets: two exchange, one bookmaker, one fancy; a settled one is replaced by a fresh one. */
  readonly markets: MarketState[] = [
    this.market('ex0', 'EXCHANGE', [1, 2, 3]),
    this.market('ex1', 'EXCHANGE', [1, 2, 3]),
    this.market('bm', 'BOOKMAKER', [1, 2]),
    this.market('fy', 'FANCY', []),
  ];
  readonly settled: MarketState[] = [];
  /** Users a rollback has debited: they may owe (a rollback after they spent their winnings). */
  readonly mayOwe = new Set<number>();
  private nextId = 1;
  steps = 0;

  private market(key: string, kind: MarketState['kind'], runners: number[]): MarketState {
    return { key, kind, runners, ...(kind === 'EXCHANGE' ? { book: new ExchangeMarket(runners) } : {}), open: new Map(), matched: [], fancy: [], version: 0, posted: [] };
  }

  position(market: MarketState, userId: number): MarketPosition {
    if (market.kind === 'FANCY') return { kind: 'FANCY', bets: market.fancy.filter((b) => b.userId === userId) };
    const bets = market.matched.filter((b) => b.userId === userId).map((b) => ({ selectionId: b.selectionId, side: b.side, price: b.price, sizePaise: b.sizePaise, matched: true }));
    for (const [orderId, o] of market.open) {
      if (o.userId !== userId) continue;
      const resting = market.book!.runner(o.selectionId).order(orderId)!;
      bets.push({ selectionId: o.selectionId, side: o.side, price: o.price, sizePaise: resting.remainingPaise, matched: false });
    }
    return { kind: 'RUNNERS', runners: market.runners, bets };
  }

  private reserve(market: MarketState, userId: number): void {
    this.ledger.setExposure(accountOf(userId), market.key, marketExposure(this.position(market, userId)));
  }

  /** The engine's balance check before a bet. */
  private affordable(market: MarketState, userId: number, after: number): boolean {
    const account = accountOf(userId);
    const others = this.ledger.exposure(account) - this.ledger.exposure(account, market.key);
    return canAfford(this.ledger.balance(account), others, after);
  }

  apply(command: Command): void {
    this.steps++;
    switch (command.kind) {
      case 'deposit':
        this.ledger.transfer(deposit(`dep:${this.steps}`, command.userId, command.amountPaise));
        break;
      case 'withdraw': {
        const account = accountOf(command.userId);
        if (this.ledger.available(account) < command.amountPaise) break;
        this.ledger.transfer({ idempotencyKey: `wd:${this.steps}`, debitAccountId: account, creditAccountId: WORLD, amountPaise: command.amountPaise, reason: 'WITHDRAW', remark: '' });
        break;
      }
      case 'exchangeBet': {
        const market = this.markets[command.market]!;
        const price = LADDER[command.tick]!;
        const candidate = { selectionId: command.selectionId, side: command.side, price, sizePaise: command.sizePaise };
        const reserved = exposureAfter(this.position(market, command.userId) as Extract<MarketPosition, { kind: 'RUNNERS' }>, candidate);
        if (!this.affordable(market, command.userId, reserved)) break;
        const orderId = this.nextId++;
        const fills: Fill[] = [];
        const rested = market.book!.runner(command.selectionId).place({ orderId, userId: command.userId, ...candidate, persistence: 'PERSIST' }, fills);
        if (rested > 0) market.open.set(orderId, { userId: command.userId, selectionId: command.selectionId, side: command.side, price });
        const makerSide: Side = command.side === 'BACK' ? 'LAY' : 'BACK';
        const touched = new Set([command.userId]);
        fills.forEach((f, i) => {
          market.matched.push({ betId: `${orderId}:${i}:t`, userId: f.takerUserId, selectionId: command.selectionId, side: command.side, price: f.price, sizePaise: f.sizePaise });
          market.matched.push({ betId: `${orderId}:${i}:m`, userId: f.makerUserId, selectionId: command.selectionId, side: makerSide, price: f.price, sizePaise: f.sizePaise });
          if (!market.book!.runner(command.selectionId).order(f.makerOrderId)) market.open.delete(f.makerOrderId);
          touched.add(f.makerUserId);
        });
        for (const userId of touched) this.reserve(market, userId);
        // Matching at the asked price or better never needs more than the check reserved.
        expect(this.ledger.exposure(accountOf(command.userId), market.key)).toBeLessThanOrEqual(reserved);
        break;
      }
      case 'cancel': {
        const market = this.markets[command.market]!;
        const ids = [...market.open.keys()];
        if (ids.length === 0) break;
        const orderId = ids[command.pick % ids.length]!;
        const order = market.open.get(orderId)!;
        expect(market.book!.runner(order.selectionId).cancel(orderId)).toBeGreaterThan(0);
        market.open.delete(orderId);
        this.reserve(market, order.userId);
        break;
      }
      case 'bookmakerBet': {
        const market = this.markets[2]!;
        const candidate = { selectionId: command.selectionId, side: command.side, price: bookmakerPrice(command.rate), sizePaise: command.sizePaise };
        if (!this.affordable(market, command.userId, exposureAfter(this.position(market, command.userId) as Extract<MarketPosition, { kind: 'RUNNERS' }>, candidate))) break;
        market.matched.push({ betId: `bm:${this.steps}`, userId: command.userId, ...candidate });
        this.reserve(market, command.userId);
        break;
      }
      case 'fancyBet': {
        const market = this.markets[3]!;
        const { kind: _kind, userId, ...bet } = command;
        if (!this.affordable(market, userId, exposureAfter(this.position(market, userId) as Extract<MarketPosition, { kind: 'FANCY' }>, bet))) break;
        market.fancy.push({ betId: `fy:${this.steps}`, userId, ...bet });
        this.reserve(market, userId);
        break;
      }
      case 'settle': {
        const slot = command.market % this.markets.length;
        const market = this.markets[slot]!;
        market.book?.cancelAll();
        market.open.clear();
        for (const userId of USERS) this.ledger.setExposure(accountOf(userId), market.key, 0);
        this.settle(market, command.result);
        this.settled.push(market);
        this.markets[slot] = this.market(`${market.key.split('#')[0]}#${this.steps}`, market.kind, market.runners);
        break;
      }
      case 'resettle': {
        if (this.settled.length === 0) break;
        const market = this.settled[command.market % this.settled.length]!;
        const before = USERS.map((u) => this.ledger.balance(accountOf(u)));
        const reversal = postingsForRollback(market.posted);
        for (const t of reversal) expect(this.ledger.transfer(t).created).toBe(true);
        this.postTwice(reversal);
        this.settle(market, command.result);
        // The market's exposure was released at its first settlement, so a correction that takes
        // money back can leave a user owing (an operator's debt to collect, as on any exchange).
        USERS.forEach((u, i) => {
          if (this.ledger.balance(accountOf(u)) < before[i]!) this.mayOwe.add(accountOf(u));
        });
        break;
      }
    }
  }

  private settle(market: MarketState, result: Result): void {
    const declared = runnerResults(market, result);
    const settlement =
      market.kind === 'FANCY'
        ? settleMarket({ kind: 'FANCY', bets: market.fancy, result: declared as 'VOID' | { runs: number }, commissionBps: 0 })
        : settleMarket({ kind: market.kind, bets: market.matched, result: declared as 'VOID' | RunnerResult[], commissionBps: market.kind === 'EXCHANGE' ? 500 : 0 });
    market.version++;
    const before = new Map(USERS.map((u) => [u, this.ledger.balance(accountOf(u))]));
    const postings = postingsForSettlement(market.key, market.version, settlement, accounts);
    for (const t of postings) expect(this.ledger.transfer(t).created).toBe(true);
    this.postTwice(postings);
    for (const u of settlement.users) {
      expect(this.ledger.balance(accountOf(u.userId)) - before.get(u.userId)!).toBe(u.netPnlPaise - u.commissionPaise);
    }
    market.posted = postings;
  }

  /** A settled market is paid exactly once: posting the same transfers again moves nothing. */
  private postTwice(transfers: TransferRequest[]): void {
    const balances = this.ledger.accountIds().map((id) => this.ledger.balance(id));
    for (const t of transfers) expect(this.ledger.transfer(t).created).toBe(false);
    expect(this.ledger.accountIds().map((id) => this.ledger.balance(id))).toEqual(balances);
  }

  checkInvariants(): void {
    const ids = this.ledger.accountIds();
    expect(ids.reduce((sum, id) => sum + this.ledger.balance(id), 0)).toBe(0);
    const fromPostings = this.ledger.balancesFromPostings();
    for (const id of ids) expect(this.ledger.balance(id)).toBe(fromPostings.get(id));
    expect(this.ledger.balance(CLEARING)).toBe(0);
    for (const userId of USERS) {
      const account = accountOf(userId);
      if (!this.mayOwe.has(account)) expect(this.ledger.available(account), `user ${userId} available`).toBeGreaterThanOrEqual(0);
      for (const market of this.markets) expect(this.ledger.exposure(account, market.key)).toBe(marketExposure(this.position(market, userId)));
    }
  }
}

describe('ledger with bets, settlements and re-settlements', () => {
  it('keeps money conserved, balances equal to postings, available >= 0 and every market paid once, after every step', () => {
    let settlements = 0;
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 40, maxLength: 120 }), (commands) => {
        const sim = new Simulation();
        for (const userId of USERS) sim.apply({ kind: 'deposit', userId, amountPaise: 1_000_000 });
        for (const command of commands) {
          sim.apply(command);
          sim.checkInvariants();
        }
        settlements += sim.settled.length;
      }),
      // Shrinking a 100-step simulation takes minutes: report the first failure (its seed replays it).
      { numRuns: 150, endOnFailure: true },
    );
    expect(settlements).toBeGreaterThan(150);
  });
});
