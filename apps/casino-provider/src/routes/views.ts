import { paiseToRupees } from '@exchange/engine';
import type { Bet } from '../bets/bets.ts';
import type { Table } from '../rounds/table.ts';
import type { MyBetView, TableStateView } from '../page/types.ts';
import type { ProviderServices } from '../services.ts';
import type { PlayerSession } from '../sessions/sessions.ts';
import { DECKS } from '../games/index.ts';

const rupees = (paise: number) => paiseToRupees(Math.round(paise));

function betView(b: Bet): MyBetView {
  return {
    betId: b.betId,
    roundId: b.roundId,
    optionName: b.optionName,
    kind: b.kind,
    odds: b.odds,
    stake: rupees(b.stake_paise),
    state: b.state,
    ...(b.payout_paise === undefined ? {} : { payout: rupees(b.payout_paise), pnl: rupees(b.payout_paise - b.stake_paise) }),
    ...(b.credited ? { credited: true } : {}),
  };
}

/** What the page may see now: revealed cards only, the seed only after the result. */
export function tableStateView(services: ProviderServices, table: Table, session: PlayerSession | undefined): TableStateView {
  const r = table.current;
  const label = DECKS[table.game.engine.deck].label;
  const last = table.history.slice(0, 10);
  const myBets = session ? [...services.bets.betsOf(session.userId, r.roundId), ...(last[0] && last[0].roundId !== r.roundId ? services.bets.betsOf(session.userId, last[0].roundId) : [])].map(betView) : [];
  return {
    status: 'OK',
    serverNow: services.clock.now(),
    game: { gamecode: table.code, gamename: table.game.gamename, deck: table.game.engine.deck, chainLength: table.chainLength },
    round: {
      roundId: r.roundId,
      phase: r.phase,
      closesAt: r.closesAt,
      hash: r.hash,
      clientSeed: r.clientSeed,
      chainTerminalHash: r.terminalHash,
      cards: r.deal.draws.slice(0, r.revealed).map((c, i) => ({ to: r.deal.to[i]!, card: label(c) })),
      options: r.options.map(({ key, name, group, odds, oddsText, kind }) => ({ key, name, group, odds, kind, ...(oddsText ? { oddsText } : {}) })),
      ...(r.phase === 'result' && r.result ? { result: r.result } : {}),
    },
    last,
    myBets,
  };
}
