import type { CasinoRoundResult } from '@exchange/contracts';

/**
 * The game page's contract with the provider (issue 26).
 *
 * - `GET /api/table/:code/stream` (server-sent events) pushes the table: a `table` event (a
 *   `TableFrame`: the table without its finished rounds) on connect and at every change (a round
 *   opens, betting closes, a card turns, the result shows), serialized once per change for every
 *   page of the table; a `history` event (`HistoryFrame`: the last rounds and the road) on connect
 *   and when a round's result shows, before that change's `table` event (the finished rounds are
 *   three quarters of the bytes and change once a round); and, to the pages of one session
 *   (`?session=`), a `mine` event with a `MineView` whenever that player's bets or balance change.
 *   A page that reconnects gets all three again at once, so it resumes where the round is.
 * - `GET /api/table/:code/state` stays: the same `TableView` plus `myBets` (what the stream replaced).
 */
export interface TableView {
  status: 'OK';
  serverNow: number;
  game: {
    gamecode: string;
    gamename: string;
    /** The engine's id ('teenpatti2020', 'andarbahar', 'roulette'...): picks the felt. */
    engine: string;
    /** The lobby category ('cricketwar', 'lottery'...): a table may dress its felt by it. */
    category: string;
    deck: string;
    chainLength: number;
  };
  round: {
    roundId: string;
    phase: 'betting' | 'dealing' | 'result';
    openedAt: number;
    closesAt: number;
    /** SHA256 of this round's server seed, published when betting opened. */
    hash: string;
    clientSeed: string;
    chainTerminalHash: string;
    /** Revealed cards only, in deal order (`to`: the hand it went to). */
    cards: { to: string; card: string }[];
    /**
     * Cards dealt face down and not yet turned, in deal order, by the hand they lie at: every
     * remaining card of a deal whose length is fixed (Teen Patti's six), only the next one of a
     * deal whose length depends on the cards (Andar Bahar, Baccarat, 32 Cards). Empty while betting.
     */
    faceDown: { to: string }[];
    /** When the next face-down card turns (ms, server clock); null when none is left. */
    nextRevealAt: number | null;
    /** When the result shows (ms, server clock). */
    resultAt: number;
    /** When the next round opens (ms, server clock). */
    nextRoundAt: number;
    options: OptionView[];
    /** Only once the result shows. */
    result?: CasinoRoundResult;
    /** Only once the result shows: the spots that won, and those that gave a part of the stake back. */
    settled?: { won: string[]; push: string[] };
  };
  /** The last 10 finished rounds in full (proof included), newest first. */
  last: CasinoRoundResult[];
  /** The road: the last 72 finished rounds, newest first, without their proofs. */
  road: RoadEntry[];
}

/** The stream's `table` event: the table without its finished rounds. */
export type TableFrame = Omit<TableView, 'last' | 'road'>;
/** The stream's `history` event: the finished rounds. */
export type HistoryFrame = Pick<TableView, 'last' | 'road'>;

export interface OptionView {
  key: string;
  name: string;
  group: string;
  odds: number;
  oddsText?: string;
  kind: 'back' | 'lay';
}

export interface RoadEntry {
  roundId: string;
  winner: string;
  hands: { name: string; cards: string[] }[];
}

/** The `mine` event: the session's bets on the current round and on the last finished one. */
export interface MineView {
  roundId: string;
  myBets: MyBetView[];
  /** The wallet's balance (rupees) when the provider last learnt it. */
  balance?: number;
}

/** GET /api/table/:code/state: the table and, with a session, the player's bets. */
export interface TableStateView extends TableView {
  myBets: MyBetView[];
}

export interface MyBetView {
  betId: string;
  roundId: string;
  /** The option's key: the spot its chips sit on. */
  option: string;
  optionName: string;
  kind: 'back' | 'lay';
  odds: number;
  stake: number;
  /** cancelled: taken back by the player before betting closed (undo, clear); the stake is returned. */
  state: 'pending' | 'accepted' | 'settled' | 'refused' | 'cancelled';
  payout?: number;
  /** payout - stake once settled. */
  pnl?: number;
  /** The platform has confirmed the payout (its balance now includes it). */
  credited?: boolean;
}

export interface SessionView {
  status: 'OK';
  session: string;
  userName: string;
  buttons: { label: string; value: number }[];
}

/** POST /api/bet/cancel `{session, betIds}` (undo, clear): the bets taken back, the balance after. */
export interface CancelBetsAnswer {
  status: 'OK';
  cancelled: string[];
  balance?: number;
}
