import { z } from 'zod';
import { Day, IsoDate, Rupees } from './common.ts';

// Wire shapes between the platform (apps/server) and the casino provider (apps/casino-provider):
// the static game list, the launch handshake, the seamless wallet of `casino.md` and the results
// the Casino Result report reads. Both sides import this file; add fields, never rename them.

// ---------------------------------------------------------------------------------------------
// Static game list (spec section 3): served by the provider at GET /api/games
// ---------------------------------------------------------------------------------------------

export const CASINO_GAME_TYPES = ['Virtual', 'Live', 'Others'] as const;
export const CasinoGameType = z.enum(CASINO_GAME_TYPES);
export type CasinoGameType = z.infer<typeof CasinoGameType>;

/** The spec's category list, spelled as given. */
export const CASINO_CATEGORIES = [
  'teenpatti',
  'andarbahar',
  'Dragon Tiger',
  'baccarat',
  'sicbo',
  'roulette',
  'poker',
  'lucky7',
  '32cards',
  'cricketwar',
  'lottery',
  'virtual',
  'others',
] as const;
export const CasinoCategory = z.enum(CASINO_CATEGORIES);
export type CasinoCategory = z.infer<typeof CasinoCategory>;

/** Provider game code: 'imlive' plus digits. */
export const CasinoGameCode = z.string().regex(/^imlive\d+$/, 'gamecode must be imlive + digits');

export const StaticCasinoGame = z.object({
  gamename: z.string().min(1),
  gamecode: CasinoGameCode,
  gametype: CasinoGameType,
  provider: z.string().min(1),
  category: CasinoCategory,
  /**
   * Tile image path relative to the provider's origin, e.g. 'api/upload/image/imlive1001.svg'
   * (slot-style games: 'api/upload/image/<name>.avif').
   */
  image: z.string().min(1),
});
export type StaticCasinoGame = z.infer<typeof StaticCasinoGame>;

/** GET {provider}/api/games */
export const CasinoGameListAnswer = z.object({ status: z.literal('OK'), data: z.array(StaticCasinoGame) });
export type CasinoGameListAnswer = z.infer<typeof CasinoGameListAnswer>;

// ---------------------------------------------------------------------------------------------
// Signing (both directions: provider -> platform wallet, platform -> provider launch)
// ---------------------------------------------------------------------------------------------

/**
 * Headers of every signed call. X-Signature = hex(HMAC_SHA256(secret, method + "\n" + path + "\n" +
 * providerId + "\n" + timestamp + "\n" + rawBody)) (`casino-signing.ts`), X-Timestamp in unix
 * seconds; refused when more than CASINO_SIGNATURE_MAX_SKEW_S off.
 */
export const CASINO_SIGNATURE_HEADERS = {
  providerId: 'x-provider-id',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;
export const CASINO_SIGNATURE_MAX_SKEW_S = 300;

// ---------------------------------------------------------------------------------------------
// Seamless wallet: POST {platform}/api/wallet/{balance|debit|credit|rollback}
// ---------------------------------------------------------------------------------------------

export const WALLET_OPERATIONS = ['balance', 'debit', 'credit', 'rollback'] as const;
export const WalletOperation = z.enum(WALLET_OPERATIONS);
export type WalletOperation = z.infer<typeof WalletOperation>;

export const WALLET_STATUSES = [
  'OK',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'INSUFFICIENT_FUNDS',
  /** Same transactionId, different body. */
  'DUPLICATE_TRANSACTION',
  'TRANSACTION_NOT_FOUND',
  'TRANSACTION_ROLLED_BACK',
  'BET_ALREADY_SETTLED',
  'INVALID_SIGNATURE',
  'USER_BLOCKED',
  'LIMIT_EXCEEDED',
  /** A credit above the maximum payout its debit stated (the bet stays open). */
  'PAYOUT_EXCEEDED',
  /** An amount field that is not a whole number of paise in range (HTTP 400, final). */
  'INVALID_AMOUNT',
  /** A body that is not JSON or not the operation's shape, unknown fields included (HTTP 400, final). */
  'BAD_REQUEST',
  /** The only status worth retrying (with network errors and timeouts). */
  'INTERNAL_ERROR',
] as const;
export const WalletStatus = z.enum(WALLET_STATUSES);
export type WalletStatus = z.infer<typeof WalletStatus>;

/** Statuses the provider retries (network errors and timeouts are retried too). */
export const WALLET_RETRYABLE_STATUSES: readonly WalletStatus[] = ['INTERNAL_ERROR'];

/** Provider round id: digits, unique across the provider's tables, increasing per table. */
export const CasinoRoundId = z.string().regex(/^\d{1,20}$/, 'roundId must be digits');

/**
 * The largest amount any wallet field may carry: ₹10 crore (the engine's MAX_STAKE_PAISE). Far
 * above any real stake or payout (₹50,000 x 501 is ₹2.5 crore), and small enough that paise stay
 * exact integers. Beyond it an amount is malformed (INVALID_AMOUNT), not a business refusal.
 */
export const WALLET_MAX_AMOUNT = 100_000_000;

/** Rupees in a wallet call: a finite number of whole paise from 0 to WALLET_MAX_AMOUNT. */
const WalletAmount = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number of rupees') })
  .min(0, 'must not be negative')
  .max(WALLET_MAX_AMOUNT, `must be at most ${WALLET_MAX_AMOUNT}`)
  .refine((v) => Number(v.toFixed(2)) === v, 'at most 2 decimals (whole paise)');
/** A stake: as WalletAmount, and more than 0. */
const WalletStake = WalletAmount.refine((v) => v > 0, 'must be more than 0');

/**
 * The amount fields of the wallet bodies (by key, wherever they sit). A refusal about one of
 * them is INVALID_AMOUNT, any other malformed body BAD_REQUEST.
 */
export const WALLET_AMOUNT_FIELDS: readonly string[] = ['amount', 'maxPayout', 'stake', 'payout'];

/** Idempotency key chosen by the provider (stable across retries of the same operation). */
export const WalletTransactionId = z.string().min(1).max(100);

/** What was bet on: shown in the platform's Live Casino Bets and statement. */
export const CasinoBetDetails = z.strictObject({
  /** Provider's bet id (the debit, credit and rollback of one bet share it). */
  betId: z.string().min(1).max(100),
  /** Option key within the game, e.g. 'playerA', 'pairPlusA', 'straight:17'. */
  option: z.string().min(1).max(60),
  /** Option label shown to the player, e.g. 'Player A'. */
  optionName: z.string().min(1).max(100),
  /** Decimal odds (stake included), e.g. 1.98. */
  odds: z.number().positive().max(100_000),
  stake: WalletStake,
  gamename: z.string().min(1).max(100).optional(),
});
export type CasinoBetDetails = z.infer<typeof CasinoBetDetails>;

/** How a bet settled: sent with the credit. */
export const CasinoSettlementDetails = z.strictObject({
  /** Winner / result text of the round, e.g. 'Player A', 'Banker 6', '17 Red'. */
  winner: z.string().max(200),
  /** 'won' (payout > stake), 'lost' (0), 'push' (stake back) or 'partial' (0 < payout < stake). */
  outcome: z.enum(['won', 'lost', 'push', 'partial']),
  payout: WalletAmount,
  /** The round's cards in deal order (card codes like 'AS', '10H'; dice faces; roulette pocket). */
  cards: z.array(z.string()),
});
export type CasinoSettlementDetails = z.infer<typeof CasinoSettlementDetails>;

// Every body is strict: an unknown field is refused (BAD_REQUEST). With the signature over the
// path, a body made for one operation is refused by every other.
const WalletBase = z.strictObject({
  /** The player's launch token (the platform's session token it passed at launch). */
  token: z.string().min(1).max(500),
  userId: z.union([z.number().int(), z.string().min(1).max(64)]),
  gameCode: CasinoGameCode,
});

export const WalletBalanceRequest = WalletBase;
export type WalletBalanceRequest = z.infer<typeof WalletBalanceRequest>;

export const WalletDebitRequest = WalletBase.extend({
  transactionId: WalletTransactionId,
  roundId: CasinoRoundId,
  amount: WalletStake,
  /**
   * The most this bet can pay back (stake included), as the provider's rules say: stake x odds
   * for a back bet, stake x L / (L - 1) for a lay at L, the top of the table for side bets. The
   * platform refuses a credit above it (PAYOUT_EXCEEDED).
   */
  maxPayout: WalletStake,
  bet: CasinoBetDetails,
}).refine((body) => body.maxPayout >= body.amount, { path: ['maxPayout'], message: 'must be at least the amount' });
export type WalletDebitRequest = z.infer<typeof WalletDebitRequest>;

/** A credit of 0 closes a lost bet. Credits ignore token expiry. */
export const WalletCreditRequest = WalletBase.extend({
  transactionId: WalletTransactionId,
  roundId: CasinoRoundId,
  amount: WalletAmount,
  /** The debit this credit settles. */
  referenceTransactionId: WalletTransactionId,
  bet: CasinoBetDetails,
  result: CasinoSettlementDetails,
});
export type WalletCreditRequest = z.infer<typeof WalletCreditRequest>;

/**
 * Undo a debit (its answer was lost, or the round was voided). amount = the debit's amount.
 * A rollback of an unknown debit records a marker and answers OK; that debit is later refused
 * with TRANSACTION_ROLLED_BACK.
 */
export const WalletRollbackRequest = WalletBase.extend({
  transactionId: WalletTransactionId,
  roundId: CasinoRoundId,
  amount: WalletStake,
  referenceTransactionId: WalletTransactionId,
  bet: CasinoBetDetails.optional(),
  reason: z.string().max(200).optional(),
});
export type WalletRollbackRequest = z.infer<typeof WalletRollbackRequest>;

export const WalletRequestSchemas = {
  balance: WalletBalanceRequest,
  debit: WalletDebitRequest,
  credit: WalletCreditRequest,
  rollback: WalletRollbackRequest,
} as const;

/**
 * Answer of every wallet call: HTTP 200 for every status but INVALID_AMOUNT and BAD_REQUEST (HTTP
 * 4xx, final) and INTERNAL_ERROR (5xx; timeouts count as INTERNAL_ERROR, the only retried ones).
 */
export const WalletAnswer = z.object({
  status: WalletStatus,
  /** Balance after the operation in rupees (available balance); absent when unknown. */
  balance: Rupees.optional(),
  transactionId: z.string().optional(),
  message: z.string().optional(),
});
export type WalletAnswer = z.infer<typeof WalletAnswer>;

// ---------------------------------------------------------------------------------------------
// Launch handshake: POST {provider}/api/launch (signed like the wallet, same secret)
// ---------------------------------------------------------------------------------------------

export const CASINO_LAUNCH_TYPES = { desktop: 1, mobile: 3 } as const;

export const CasinoLaunchButton = z.object({ label: z.string().min(1).max(40), value: z.number().positive() });
export type CasinoLaunchButton = z.infer<typeof CasinoLaunchButton>;

export const CasinoLaunchRequest = z.object({
  /** The token the provider passes back in every wallet call for this player. */
  token: z.string().min(1).max(500),
  userId: z.union([z.number().int(), z.string().min(1).max(64)]),
  userName: z.string().min(1).max(100),
  gameCode: CasinoGameCode,
  /** 1 desktop, 3 mobile. */
  type: z.union([z.literal(1), z.literal(3)]),
  /** The user's Casino button values: the stake chips on the game page. */
  casinoButtons: z.array(CasinoLaunchButton).max(20),
});
export type CasinoLaunchRequest = z.infer<typeof CasinoLaunchRequest>;

/**
 * OK: url = one-time launch URL `http(s)://<provider>/game/<gameCode>?lt=<launch token>`.
 * Refusals: INVALID_SIGNATURE, GAME_NOT_FOUND, BAD_REQUEST, with a message for the toast.
 */
export const CasinoLaunchAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('OK'), url: z.string().url() }),
  z.object({ status: z.enum(['INVALID_SIGNATURE', 'GAME_NOT_FOUND', 'BAD_REQUEST']), message: z.string() }),
]);
export type CasinoLaunchAnswer = z.infer<typeof CasinoLaunchAnswer>;

// ---------------------------------------------------------------------------------------------
// Results (Casino Result report): GET {provider}/api/results/:gameCode?page=1 (public, unsigned)
// ---------------------------------------------------------------------------------------------

/**
 * Query of the results API. The platform sends all three: `pageSize` (the last-results strip asks
 * for 10, the report for 20) and `date`, an IST day (yyyy-MM-dd) keeping only the rounds settled
 * on it; `total` then counts that day's rounds. Absent: every day, 20 a page.
 */
export const CasinoResultsQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  date: Day.optional(),
});
export type CasinoResultsQuery = z.infer<typeof CasinoResultsQuery>;

/** A hand or position of the table and the cards it got, e.g. {name: 'Player A', cards: [...]}. */
export const CasinoHand = z.object({ name: z.string(), cards: z.array(z.string()) });
export type CasinoHand = z.infer<typeof CasinoHand>;

export const CasinoFairnessProof = z.object({
  /** Revealed after the round: seed[i] of the table's hash chain (hex). */
  serverSeed: z.string(),
  clientSeed: z.string(),
  /** SHA256(serverSeed) hex, shown before betting opened (= the previous round's server seed). */
  hash: z.string(),
  /** The chain's published terminal hash. */
  chainTerminalHash: z.string(),
  /** Number of HMAC blocks (cursor values 0..n-1) the deal consumed. */
  cursors: z.number().int().nonnegative(),
  /** Canonical deck the shuffle draws from, e.g. '52', '8x52', '32', 'matka', 'dice3', 'roulette'. */
  deck: z.string(),
});
export type CasinoFairnessProof = z.infer<typeof CasinoFairnessProof>;

export const CasinoRoundResult = z.object({
  roundId: CasinoRoundId,
  gameCode: CasinoGameCode,
  gamename: z.string(),
  /** Betting opened. */
  startedAt: IsoDate,
  /** Result shown and settled. */
  settledAt: IsoDate,
  /** Every card (die, pocket) in deal order. */
  cards: z.array(z.string()),
  hands: z.array(CasinoHand),
  /** Short winner text, e.g. 'A', 'Player B', 'Tie', '17'. */
  winner: z.string(),
  /** Longer description, e.g. 'Player A: pair of kings; Player B: high card'. */
  description: z.string(),
  proof: CasinoFairnessProof,
});
export type CasinoRoundResult = z.infer<typeof CasinoRoundResult>;

export const CasinoResultsAnswer = z.object({
  status: z.literal('OK'),
  data: z.object({
    gameCode: CasinoGameCode,
    gamename: z.string(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    total: z.number().int().nonnegative(),
    /** Newest first. */
    rounds: z.array(CasinoRoundResult),
  }),
});
export type CasinoResultsAnswer = z.infer<typeof CasinoResultsAnswer>;
