import type { CasinoRoundResult } from '@exchange/contracts';

/** GET /api/table/:code/state: what the game page polls. */
export interface TableStateView {
  status: 'OK';
  serverNow: number;
  game: { gamecode: string; gamename: string; deck: string; chainLength: number };
  round: {
    roundId: string;
    phase: 'betting' | 'dealing' | 'result';
    closesAt: number;
    /** SHA256 of this round's server seed, published when betting opened. */
    hash: string;
    clientSeed: string;
    chainTerminalHash: string;
    /** Revealed cards only, in deal order. */
    cards: { to: string; card: string }[];
    options: { key: string; name: string; group: string; odds: number; oddsText?: string; kind: 'back' | 'lay' }[];
    /** Only once the result shows. */
    result?: CasinoRoundResult;
  };
  /** The last 10 finished rounds, newest first. */
  last: CasinoRoundResult[];
  /** The player's bets on the current round and on the last finished one (with a session). */
  myBets: MyBetView[];
}

export interface MyBetView {
  betId: string;
  roundId: string;
  optionName: string;
  kind: 'back' | 'lay';
  odds: number;
  stake: number;
  state: 'pending' | 'accepted' | 'settled' | 'refused';
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
