/** A live card game of the sidebar's 'Others' list, launched by its provider code. */
export interface LiveCardGame {
  gamename: string;
  /** Provider code: 'imlive' plus digits. */
  gamecode: string;
}

/** The sidebar order of spec section 2. */
export const LIVE_CARD_GAMES: readonly LiveCardGame[] = [
  { gamename: 'TP T20', gamecode: 'imlive1001' },
  { gamename: 'TP 1 DAY', gamecode: 'imlive1002' },
  { gamename: 'TP TEST', gamecode: 'imlive1003' },
  { gamename: 'DT 1 DAY', gamecode: 'imlive1004' },
  { gamename: '32 CARDS', gamecode: 'imlive1005' },
  { gamename: 'HILOW', gamecode: 'imlive1006' },
  { gamename: 'POKER', gamecode: 'imlive1007' },
  { gamename: 'QUEEN', gamecode: 'imlive1008' },
  { gamename: 'BACCARAT', gamecode: 'imlive1009' },
  { gamename: 'AMAR AKBAR ANTHONEY', gamecode: 'imlive1010' },
  { gamename: 'BOLLYWOOD', gamecode: 'imlive1011' },
  { gamename: 'TRIO', gamecode: 'imlive1012' },
  { gamename: 'ANDAR BAHAR', gamecode: 'imlive1013' },
  { gamename: 'MUUFLIS TP', gamecode: 'imlive1014' },
  { gamename: 'ROULETTE', gamecode: 'imlive1015' },
  { gamename: 'WORLI MATAKA', gamecode: 'imlive1016' },
];
