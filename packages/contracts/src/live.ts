/**
 * Live push over one WebSocket at `/ws` (ADR 22). Betfair Stream API style: a market image on
 * subscribe, then deltas carrying a sequence number per market, so a client that sees a gap asks
 * for a new image (it subscribes again). The user channel (balance, exposure, bet changes) comes
 * automatically for the authenticated user. Amounts are rupees, odds decimal, as in getMatchDetail.
 */
import { z } from 'zod';
import { Rupees } from './common.ts';
import { FancyPositionRow, MarketView, RunnerView } from './betting/index.ts';
import { MatchResult, MatchState } from './catalog.ts';
import { Notification } from './notifications.ts';

export const LIVE_PATH = '/ws';

/** Bounds the server enforces (and the client respects). */
export const LIVE_LIMITS = {
  /** Markets one socket may be subscribed to at once. */
  maxMarketsPerSocket: 50,
  /** The server pings, and sends a heartbeat message, this often; a socket silent for two is dead. */
  heartbeatMs: 15_000,
  /** A socket that has not authenticated within this time is closed. */
  authTimeoutMs: 10_000,
  /** Deltas of one market are coalesced in windows of this length (at most 10 a second). */
  conflateMs: 100,
  /** Console nudges are coalesced in windows of this length: each one makes the console refetch (ADR 36). */
  consoleConflateMs: 1_000,
} as const;

/** Close codes: the client reconnects after any of them except UNAUTHORIZED (it needs a new login). */
export const LIVE_CLOSE = {
  UNAUTHORIZED: 4401,
  AUTH_TIMEOUT: 4408,
  /** The socket fell too far behind (its send buffer kept growing): reconnect and take fresh images. */
  SLOW_CONSUMER: 4009,
  SHUTTING_DOWN: 1001,
  /** The server could not check the token now (its database away): reconnect with the backoff. */
  TRY_AGAIN_LATER: 1013,
} as const;

const MarketIds = z.array(z.number().int().positive()).min(1).max(LIVE_LIMITS.maxMarketsPerSocket);

// ---- client -> server --------------------------------------------------------------------------

/** Authenticate with the API's bearer token (or pass `?token=` on the socket URL instead). */
export const LiveAuth = z.object({ op: z.literal('auth'), token: z.string().min(1).max(200) });
/** Subscribe to markets: each one answers with an image. Subscribing again asks for a fresh image. */
export const LiveSubscribe = z.object({ op: z.literal('subscribe'), market_ids: MarketIds });
export const LiveUnsubscribe = z.object({ op: z.literal('unsubscribe'), market_ids: MarketIds });

export const LiveClientMessage = z.discriminatedUnion('op', [LiveAuth, LiveSubscribe, LiveUnsubscribe]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

// ---- server -> client --------------------------------------------------------------------------

/** Authenticated: the user channel is on; markets can be subscribed. */
export const LiveReady = z.object({
  type: z.literal('ready'),
  user_id: z.number().int(),
  heartbeat_ms: z.number().int(),
  max_markets: z.number().int(),
});

/** Sent every heartbeat_ms, so the client can tell a silent socket from a dead one. */
export const LiveHeartbeat = z.object({ type: z.literal('heartbeat'), at: z.number() });

export const LiveErrorCode = z.enum(['UNAUTHORIZED', 'SESSION_EXPIRED', 'BAD_MESSAGE', 'TOO_MANY_MARKETS', 'MARKET_NOT_FOUND', 'MARKET_UNAVAILABLE', 'PASSWORD_CHANGE_REQUIRED']);
export const LiveError = z.object({
  type: z.literal('error'),
  code: LiveErrorCode,
  message: z.string(),
  market_ids: z.array(z.number().int()).optional(),
});

/**
 * The whole market as `match/getMatchDetail` shows it, with the subscriber's own position.
 * `seq` is the market's sequence number: the next delta carries seq + 1.
 */
export const LiveMarketImage = z.object({
  type: z.literal('market_image'),
  market_id: z.number().int(),
  seq: z.number().int(),
  /** Server time of the image (ms since the epoch). */
  at: z.number(),
  market: MarketView,
});

/** A runner as every subscriber sees it: all fields but the per-user position. */
export const LiveRunnerChange = RunnerView.omit({ position: true });
export type LiveRunnerChange = z.infer<typeof LiveRunnerChange>;

/** The market's fields that changed since the previous delta; runners listed are sent whole. */
export const LiveMarketChanges = MarketView.omit({
  market_id: true,
  runners: true,
  exposure: true,
  fancy_positions: true,
})
  .partial()
  .extend({ runners: z.array(LiveRunnerChange).optional() });
export type LiveMarketChanges = z.infer<typeof LiveMarketChanges>;

/**
 * What changed in a market since the previous delta (absolute values: applying one twice is
 * harmless). The same message goes to every subscriber of the market.
 */
export const LiveMarketDelta = z.object({
  type: z.literal('market_delta'),
  market_id: z.number().int(),
  seq: z.number().int(),
  /** Commit time (ms since the epoch) of the newest change in this delta. */
  at: z.number(),
  /** Commit time of the oldest change coalesced into it (deltas are conflated, ADR 22). */
  since: z.number(),
  changes: LiveMarketChanges,
});

/** The subscriber's own position on a market changed (sent to that user only). */
export const LivePosition = z.object({
  type: z.literal('position'),
  market_id: z.number().int(),
  exposure: Rupees,
  runners: z.array(z.object({ selection_id: z.number().int(), position: Rupees })),
  fancy_positions: z.array(FancyPositionRow),
});

/** The user's balance or exposure changed (a bet, a settlement, the casino wallet). */
export const LiveBalance = z.object({
  type: z.literal('balance'),
  total_balance: Rupees,
  liability: Rupees,
  /** total_balance - liability: the header's Balance (ADR 27). */
  available_balance: Rupees,
  at: z.number(),
});

export const LiveBetChangeKind = z.enum(['placed', 'matched', 'cancelled', 'lapsed', 'settled', 'rolled_back']);
export type LiveBetChangeKind = z.infer<typeof LiveBetChangeKind>;

/** The user's bets changed: refresh current bets. bet_id is null when a whole market's bets changed (settlement). */
export const LiveBets = z.object({
  type: z.literal('bets'),
  changes: z.array(
    z.object({ market_id: z.number().int(), bet_id: z.number().int().nullable(), change: LiveBetChangeKind }),
  ),
  at: z.number(),
});

/**
 * The match's score line and state changed (the feed wrote a ball, the match went in play or
 * finished, its main market's result was declared or rolled back). Sent to every socket
 * subscribed to any market of the match, coalesced per match like the deltas; the fields are
 * getMatchDetail's, absolute, so the client patches them in place.
 */
export const LiveMatchScore = z.object({
  type: z.literal('match_score'),
  match_id: z.number().int(),
  score: z.string().nullable(),
  state: MatchState,
  result: MatchResult.nullable(),
  in_play: z.boolean(),
  /** When the newest change coalesced into it was written (ms since the epoch). */
  at: z.number(),
});

export const LiveConsoleTopic = z.enum(['payment_requests', 'downline']);
export type LiveConsoleTopic = z.infer<typeof LiveConsoleTopic>;

/**
 * For the console (ADR 36), to every socket of each agent and root above a user: something of
 * that user changed, refetch what shows it. `payment_requests`: a request was made or decided;
 * `downline`: a balance or exposure moved (a bet, a settlement, the casino, a payment). Coalesced
 * per topic in windows of `consoleConflateMs`; it carries no figures, so nothing leaks sideways.
 */
export const LiveConsole = z.object({ type: z.literal('console'), topic: LiveConsoleTopic });

/** A notification stored for the connected user (notifications.ts), within a second of its commit. */
export const LiveNotification = z.object({ type: z.literal('notification'), notification: Notification });
export type LiveNotification = z.infer<typeof LiveNotification>;

export const LiveServerMessage = z.discriminatedUnion('type', [
  LiveReady,
  LiveHeartbeat,
  LiveError,
  LiveMarketImage,
  LiveMarketDelta,
  LivePosition,
  LiveBalance,
  LiveBets,
  LiveMatchScore,
  LiveConsole,
  LiveNotification,
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessage>;
export type LiveMarketImage = z.infer<typeof LiveMarketImage>;
export type LiveMarketDelta = z.infer<typeof LiveMarketDelta>;
export type LivePosition = z.infer<typeof LivePosition>;
export type LiveBalance = z.infer<typeof LiveBalance>;
export type LiveBets = z.infer<typeof LiveBets>;
export type LiveMatchScore = z.infer<typeof LiveMatchScore>;
export type LiveError = z.infer<typeof LiveError>;
export type LiveConsole = z.infer<typeof LiveConsole>;
