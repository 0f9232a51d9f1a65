import type { TableView } from '../page/types.ts';

/**
 * A table view for the page's tests: a round with nothing dealt and no options, on TP T20,
 * with the game's and the round's fields given on top.
 */
export function tableViewOf(game: Partial<TableView['game']> = {}, round: Partial<TableView['round']> = {}): TableView {
  return {
    status: 'OK',
    serverNow: 0,
    game: { gamecode: 'imlive1001', gamename: 'TP T20', engine: 'teenpatti2020', category: 'teenpatti', deck: '52', chainLength: 10, ...game },
    round: {
      roundId: '1',
      phase: 'betting',
      openedAt: 0,
      closesAt: 1,
      hash: '',
      clientSeed: '',
      chainTerminalHash: '',
      cards: [],
      faceDown: [],
      nextRevealAt: null,
      resultAt: 2,
      nextRoundAt: 3,
      options: [],
      ...round,
    },
    last: [],
    road: [],
  };
}
