/**
 * Betting: markets and their runners, every bet (exchange orders and the house's bookmaker and
 * fancy bets) in one `orders` table, exchange fills, each user's reserved exposure per market,
 * and settlement bookkeeping. Money in paise (bigint), odds in hundredths, rates and lines as
 * whole numbers.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MATCH_EVENT_KINDS } from '@exchange/contracts';
import { matches, races } from './catalog.ts';
import { users } from './users.ts';

export const MARKET_KINDS = ['EXCHANGE', 'BOOKMAKER', 'FANCY'] as const;
export type MarketKindDb = (typeof MARKET_KINDS)[number];
export const MARKET_TYPES = ['MATCH_ODDS', 'WIN', 'PLACE', 'WINNER', 'BOOKMAKER', 'FANCY', 'BINARY'] as const;
export type MarketTypeDb = (typeof MARKET_TYPES)[number];
export const MARKET_STATUSES = ['INACTIVE', 'OPEN', 'SUSPENDED', 'BALL_RUNNING', 'CLOSED'] as const;
export type MarketStatusDb = (typeof MARKET_STATUSES)[number];
export const RUNNER_STATUSES = ['ACTIVE', 'WINNER', 'LOSER', 'PLACED', 'REMOVED'] as const;
export type RunnerStatusDb = (typeof RUNNER_STATUSES)[number];
export const BET_SIDES = ['BACK', 'LAY', 'YES', 'NO'] as const;
export type BetSideDb = (typeof BET_SIDES)[number];
/** OPEN: some stake still unmatched; MATCHED: nothing left unmatched and something matched;
 * CANCELLED: nothing matched and the rest cancelled or lapsed; SETTLED / VOID after the result. */
export const ORDER_STATUSES = ['OPEN', 'MATCHED', 'CANCELLED', 'SETTLED', 'VOID'] as const;
export type OrderStatusDb = (typeof ORDER_STATUSES)[number];
export const RESULT_KINDS = ['WINNERS', 'RUNS', 'VOID'] as const;

export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.matchId),
    /** Racing WIN / PLACE markets belong to one race of the meeting. */
    raceId: integer('race_id').references(() => races.raceId),
    kind: text('kind', { enum: MARKET_KINDS }).notNull(),
    marketType: text('market_type', { enum: MARKET_TYPES }).notNull(),
    name: text('name').notNull(),
    /** Display order inside the match. */
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: MARKET_STATUSES }).notNull().default('INACTIVE'),
    inPlay: boolean('in_play').notNull().default(false),
    /** When the market first turned in play (a football market never turned in play is voided after 48 h). */
    inPlayAt: timestamp('in_play_at', { withTimezone: true }),
    /** The event's (or race's) start. */
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    minStakePaise: bigint('min_stake_paise', { mode: 'number' }).notNull(),
    maxStakePaise: bigint('max_stake_paise', { mode: 'number' }).notNull(),
    maxProfitPaise: bigint('max_profit_paise', { mode: 'number' }).notNull(),
    betDelayMs: integer('bet_delay_ms').notNull().default(0),
    commissionBps: integer('commission_bps').notNull().default(0),
    /** Places paid: 1, or more on a PLACE market. */
    places: integer('places').notNull().default(1),
    /** Bumped by every change to the market, its runners or its bets: the optimistic-concurrency guard of the in-memory book. */
    version: integer('version').notNull().default(1),
    // Fancy / binary line: NO wins below no_line, YES wins at yes_line or more; rates in percent.
    noLine: integer('no_line'),
    noRate: integer('no_rate'),
    yesLine: integer('yes_line'),
    yesRate: integer('yes_rate'),
    /** Binary sessions: the IST minutes of the day bets are taken [open, close), and whether only Monday to Friday. */
    sessionOpenMinute: integer('session_open_minute'),
    sessionCloseMinute: integer('session_close_minute'),
    sessionWeekdaysOnly: boolean('session_weekdays_only').notNull().default(false),
    resultKind: text('result_kind', { enum: RESULT_KINDS }),
    /** Fancy: the declared run total. */
    resultRuns: integer('result_runs'),
    /** How many times it was settled: settlement n posts with idempotency keys settle:{market}:{n}:{user}. */
    settlementVersion: integer('settlement_version').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Natural key of seeded / fed markets (e.g. "match:30000001:MATCH_ODDS"): creating it twice does nothing. */
    externalKey: text('external_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('markets_match_id_idx').on(t.matchId, t.sort, t.id),
    index('markets_open_idx').on(t.status).where(sql`${t.settledAt} is null`),
    // A match's open markets (the console's catalog counts them for every match it lists, ADR 43).
    index('markets_match_open_idx').on(t.matchId).where(sql`${t.settledAt} is null`),
    check('markets_stakes_check', sql`${t.minStakePaise} > 0 and ${t.maxStakePaise} >= ${t.minStakePaise} and ${t.maxProfitPaise} > 0`),
    check('markets_places_check', sql`${t.places} >= 1`),
  ],
);

/**
 * The match's events with their times, written in the transaction of the change that caused them
 * (ADR 54). `market_id` is null for what happened in the match, set for what happened to one
 * market (its suspension, its reopening, a race market's off: a meeting's races are one match).
 */
export const matchEvents = pgTable(
  'match_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.matchId),
    marketId: integer('market_id').references(() => markets.id),
    kind: text('kind', { enum: MATCH_EVENT_KINDS }).notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('match_events_match_at_idx').on(t.matchId, t.at)],
);

export const runners = pgTable(
  'runners',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    selectionId: integer('selection_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: RUNNER_STATUSES }).notNull().default('ACTIVE'),
    /** Non-runner's reduction factor in basis points (250 = 2.5%). */
    reductionFactorBps: integer('reduction_factor_bps').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The market version at the removal: bets matched before it (fills with a lower seq) are reduced. */
    removedSeq: integer('removed_seq'),
    /** Bookmaker rates ("back 45" pays 45 per 100); null while not offered. */
    backRate: integer('back_rate'),
    layRate: integer('lay_rate'),
    /** Declared dead heat: this runner is one of dead_heat_runners sharing dead_heat_places places. */
    deadHeatPlaces: integer('dead_heat_places'),
    deadHeatRunners: integer('dead_heat_runners'),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.selectionId] })],
);

/**
 * A cash out (ADR 49): the hedge bets placed together for a bettor on one market, by the bettor
 * (MANUAL) or by its automatic rule (AUTO). Its bets are ordinary orders that point to it. The
 * value and P&L per runner it locked are kept, so a repeated client_ref gets the first answer.
 */
export const cashOuts = pgTable(
  'cash_outs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    clientRef: text('client_ref').notNull(),
    origin: text('origin', { enum: ['MANUAL', 'AUTO'] }).notNull(),
    /** The fraction of the position cashed out, in basis points (10,000: all of it). */
    fractionBps: integer('fraction_bps').notNull(),
    /** The least P&L after it (before commission): what the bettor locked at least. */
    valuePaise: bigint('value_paise', { mode: 'number' }).notNull(),
    /** Each runner's P&L if it wins, after it: [{selection_id, pnl_paise}]. */
    pnlAfter: jsonb('pnl_after').$type<{ selection_id: number; pnl_paise: number }[]>().notNull(),
    /** The bettor's unmatched bets on the market it cancelled. */
    cancelledBetIds: jsonb('cancelled_bet_ids').$type<number[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('cash_outs_user_client_ref_idx').on(t.userId, t.clientRef), index('cash_outs_market_idx').on(t.marketId, t.userId)],
);

/**
 * A bettor's automatic cash out on one market (ADR 49): cash out all of it once the value reaches
 * `take_profit` or falls to minus `stop_loss`. Loaded with its market (MarketState), watched by
 * the process that commits each change of the market, and deleted by the cash out that fires it
 * (or by a manual one) in that cash out's transaction: it fires once.
 */
export const autoCashOuts = pgTable(
  'auto_cash_outs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    /** Cash out once the value is at least this (paise); null: no profit target. */
    takeProfitPaise: bigint('take_profit_paise', { mode: 'number' }),
    /** Cash out once the value is at most minus this (paise); null: no loss limit. */
    stopLossPaise: bigint('stop_loss_paise', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('auto_cash_outs_user_market_idx').on(t.userId, t.marketId),
    index('auto_cash_outs_market_idx').on(t.marketId),
    check('auto_cash_outs_bounds_check', sql`(${t.takeProfitPaise} is not null or ${t.stopLossPaise} is not null) and coalesce(${t.stopLossPaise}, 1) > 0`),
  ],
);

/**
 * Every bet. Exchange orders match against each other (fills); bookmaker and fancy bets are
 * matched in full by the house when accepted. Ids come from one sequence, so bet ids are
 * unique across kinds.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    /** Null on fancy bets (the market is the line). */
    selectionId: integer('selection_id'),
    kind: text('kind', { enum: MARKET_KINDS }).notNull(),
    side: text('side', { enum: BET_SIDES }).notNull(),
    /** Decimal odds in hundredths the bet asked for (exchange), 100 + rate (bookmaker), the rate in percent (fancy). */
    price: integer('price').notNull(),
    /** Fancy: the runs line. */
    line: integer('line'),
    sizePaise: bigint('size_paise', { mode: 'number' }).notNull(),
    matchedPaise: bigint('matched_paise', { mode: 'number' }).notNull().default(0),
    /** Sum over fills of size x price (hundredths): the average matched price is this / matched. */
    matchedValue: bigint('matched_value', { mode: 'number' }).notNull().default(0),
    cancelledPaise: bigint('cancelled_paise', { mode: 'number' }).notNull().default(0),
    persistence: text('persistence', { enum: ['LAPSE', 'PERSIST'] })
      .notNull()
      .default('LAPSE'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    clientRef: text('client_ref'),
    /** The request as placed (market, runner, side, odds, stake): a repeated client_ref must match it. */
    requestKey: text('request_key'),
    /** The market version that accepted it: price-time priority when a book is rebuilt. */
    bookSeq: integer('book_seq').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** The answer given at placement (a repeated client_ref gets it again). */
    initialMatchedPaise: bigint('initial_matched_paise', { mode: 'number' }).notNull().default(0),
    initialMatchedValue: bigint('initial_matched_value', { mode: 'number' }).notNull().default(0),
    /** After settlement: WON / LOST / VOID and the bet's P&L (rounded down). */
    outcome: text('outcome', { enum: ['WON', 'LOST', 'VOID'] }),
    pnlPaise: bigint('pnl_paise', { mode: 'number' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The cash out this bet is a leg of (null: an ordinary bet). */
    cashOutId: bigint('cash_out_id', { mode: 'number' }).references(() => cashOuts.id),
  },
  (t) => [
    uniqueIndex('orders_user_client_ref_idx').on(t.userId, t.clientRef),
    index('orders_market_open_idx').on(t.marketId, t.bookSeq).where(sql`${t.status} = 'OPEN'`),
    index('orders_market_idx').on(t.marketId, t.userId),
    index('orders_user_idx').on(t.userId, t.id),
    check('orders_sizes_check', sql`${t.sizePaise} > 0 and ${t.matchedPaise} >= 0 and ${t.cancelledPaise} >= 0 and ${t.matchedPaise} + ${t.cancelledPaise} <= ${t.sizePaise}`),
  ],
);

/** One match between an incoming (taker) and a resting (maker) exchange order, at the maker's price. */
export const fills = pgTable(
  'fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    selectionId: integer('selection_id').notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    makerOrderId: bigint('maker_order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    takerUserId: integer('taker_user_id').notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    /** The taker's side; the maker is on the other. */
    takerSide: text('taker_side', { enum: ['BACK', 'LAY'] }).notNull(),
    price: integer('price').notNull(),
    sizePaise: bigint('size_paise', { mode: 'number' }).notNull(),
    /** The market version of the match (non-runner reductions apply to fills before the removal). */
    seq: integer('seq').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fills_market_idx').on(t.marketId, t.id), check('fills_size_check', sql`${t.sizePaise} > 0`)],
);

/** What each user has reserved (exposure) for one market; ledger_accounts.exposure_paise is its sum. */
export const marketPositions = pgTable(
  'market_positions',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    exposurePaise: bigint('exposure_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.userId] }), index('market_positions_user_idx').on(t.userId), check('market_positions_exposure_check', sql`${t.exposurePaise} >= 0`)],
);

/** Each user's result of each settlement of a market; a rollback marks its rows. The P&L report reads these. */
export const settlementResults = pgTable(
  'settlement_results',
  {
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    version: integer('version').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    netPnlPaise: bigint('net_pnl_paise', { mode: 'number' }).notNull(),
    commissionPaise: bigint('commission_paise', { mode: 'number' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.version, t.userId] }), index('settlement_results_user_idx').on(t.userId, t.settledAt)],
);
