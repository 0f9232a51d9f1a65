import { paiseToRupees } from '@exchange/engine';
import type { Bet, BetService } from '../bets/bets.ts';
import type { LiveRound, Table } from '../rounds/table.ts';
import type { HistoryFrame, MyBetView, RoadEntry, TableFrame, TableStateView, TableView } from '../page/types.ts';
import type { Clock } from '../lib/clock.ts';
import type { PlayerSession } from '../sessions/sessions.ts';
import { DECKS } from '../games/index.ts';

const rupees = (paise: number) => paiseToRupees(Math.round(paise));

/** Rounds the road carries (a bead road of 6 rows x 12 columns). */
export const ROAD_LENGTH = 72;

/**
 * Engines whose number of cards depends on the cards themselves: only their next card is laid face
 * down before it turns (laying them all would tell how the round ends).
 */
const OPEN_ENDED_DEALS = new Set(['andarbahar', 'baccarat', 'cards32']);

export function betView(b: Bet): MyBetView {
  return {
    betId: b.betId,
    roundId: b.roundId,
    option: b.option,
    optionName: b.optionName,
    kind: b.kind,
    odds: b.odds,
    stake: rupees(b.stake_paise),
    state: b.state,
    ...(b.payout_paise === undefined ? {} : { payout: rupees(b.payout_paise), pnl: rupees(b.payout_paise - b.stake_paise) }),
    ...(b.credited ? { credited: true } : {}),
  };
}

/** The spots that won on a finished round, and those that gave a part of the stake back. */
function settledSpots(table: Table, round: LiveRound): { won: string[]; push: string[] } {
  const won: string[] = [];
  const push: string[] = [];
  for (const o of round.options) {
    const factor = table.game.engine.settle(o.key, round.deal.result);
    if (factor > 1) won.push(o.key);
    else if (factor > 0) push.push(o.key);
  }
  return { won, push };
}

/** What every page of the table may see now: revealed cards only, the seed only after the result. */
export function tableView(services: { clock: Clock }, table: Table): TableView {
  return { ...tableFrame(services, table), ...historyFrame(table) };
}

/** The table's finished rounds: the last 10 in full, the road's 72 without their proofs. */
export function historyFrame(table: Table): HistoryFrame {
  const history = table.history;
  const road: RoadEntry[] = history.slice(0, ROAD_LENGTH).map(({ roundId, winner, hands }) => ({ roundId, winner, hands }));
  return { last: history.slice(0, 10), road };
}

/** The table now, without its finished rounds (the stream's `table` event). */
export function tableFrame(services: { clock: Clock }, table: Table): TableFrame {
  const r = table.current;
  const engine = table.game.engine;
  const label = DECKS[engine.deck].label;
  const dealing = r.phase === 'dealing';
  const left = r.deal.draws.length - r.revealed;
  const faceDown = !dealing || left === 0 ? [] : r.deal.to.slice(r.revealed, OPEN_ENDED_DEALS.has(engine.id) ? r.revealed + 1 : undefined).map((to) => ({ to }));
  return {
    status: 'OK',
    serverNow: services.clock.now(),
    game: { gamecode: table.code, gamename: table.game.gamename, engine: engine.id, category: table.game.category, deck: engine.deck, chainLength: table.chainLength },
    round: {
      roundId: r.roundId,
      phase: r.phase,
      openedAt: r.openedAt,
      closesAt: r.closesAt,
      hash: r.hash,
      clientSeed: r.clientSeed,
      chainTerminalHash: r.terminalHash,
      cards: r.deal.draws.slice(0, r.revealed).map((c, i) => ({ to: r.deal.to[i]!, card: label(c) })),
      faceDown,
      nextRevealAt: dealing && left > 0 ? (r.revealAt[r.revealed] ?? null) : null,
      resultAt: r.resultAt,
      nextRoundAt: r.nextRoundAt,
      options: r.options.map(({ key, name, group, odds, oddsText, kind }) => ({ key, name, group, odds, kind, ...(oddsText ? { oddsText } : {}) })),
      ...(r.phase === 'result' && r.result ? { result: r.result, settled: settledSpots(table, r) } : {}),
    },
  };
}

/** The player's bets on the current round and on the last finished one. */
export function myBetsOf(services: { bets: BetService }, table: Table, session: PlayerSession): MyBetView[] {
  const r = table.current;
  const previous = table.history[0];
  return [...services.bets.betsOf(session.userId, r.roundId), ...(previous && previous.roundId !== r.roundId ? services.bets.betsOf(session.userId, previous.roundId) : [])].map(betView);
}

/** GET /api/table/:code/state: the table and, with a session, the player's bets. */
export function tableStateView(services: { clock: Clock; bets: BetService }, table: Table, session: PlayerSession | undefined): TableStateView {
  return { ...tableView(services, table), myBets: session ? myBetsOf(services, table, session) : [] };
}
