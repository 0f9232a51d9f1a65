import type { CasinoCategory, CasinoGameType, StaticCasinoGame } from '@exchange/contracts';
import { andarBahar } from './andar-bahar.ts';
import { baccarat } from './baccarat.ts';
import { cards32 } from './cards32.ts';
import { hiLow } from './hi-low.ts';
import { poker2020 } from './poker.ts';
import { roulette } from './roulette.ts';
import { sicBo } from './sic-bo.ts';
import { amarAkbarAnthony, bollywood, dragonTiger, lucky7 } from './single-card.ts';
import { muflisTeenPatti, teenPatti1Day, teenPatti2020, teenPattiTest } from './teen-patti.ts';
import { queen, trio } from './totals.ts';
import type { GameEngine } from './types.ts';
import { worliMatka } from './worli-matka.ts';

/** Every engine, by id. */
export const ENGINES: Record<string, GameEngine> = Object.fromEntries(
  [teenPatti2020, teenPatti1Day, teenPattiTest, muflisTeenPatti, dragonTiger, lucky7, cards32, amarAkbarAnthony, bollywood, andarBahar, poker2020, baccarat, hiLow, trio, queen, worliMatka, roulette, sicBo].map((e) => [e.id, e]),
);

export const PROVIDER_NAME = 'MAC88';

export interface CasinoGame extends StaticCasinoGame {
  engine: GameEngine;
  /** Betting window: 30 s for Teen Patti tables, 20 s for the rest. */
  bettingMs: number;
}

type Row = [code: number, name: string, engine: GameEngine, type: CasinoGameType, category: CasinoCategory];
const O = 'Others' as const;
const L = 'Live' as const;
const V = 'Virtual' as const;

/** The static list: the sidebar's 16 'Others' games keep imlive1001..1016 (apps/web live-card-games.ts). */
const ROWS: Row[] = [
  [1001, 'TP T20', teenPatti2020, O, 'teenpatti'],
  [1002, 'TP 1 DAY', teenPatti1Day, O, 'teenpatti'],
  [1003, 'TP TEST', teenPattiTest, O, 'teenpatti'],
  [1004, 'DT 1 DAY', dragonTiger, O, 'Dragon Tiger'],
  [1005, '32 CARDS', cards32, O, '32cards'],
  [1006, 'HILOW', hiLow, O, 'others'],
  [1007, 'POKER', poker2020, O, 'poker'],
  [1008, 'QUEEN', queen, O, 'others'],
  [1009, 'BACCARAT', baccarat, O, 'baccarat'],
  [1010, 'AMAR AKBAR ANTHONEY', amarAkbarAnthony, O, 'others'],
  [1011, 'BOLLYWOOD', bollywood, O, 'others'],
  [1012, 'TRIO', trio, O, 'others'],
  [1013, 'ANDAR BAHAR', andarBahar, O, 'andarbahar'],
  [1014, 'MUUFLIS TP', muflisTeenPatti, O, 'teenpatti'],
  [1015, 'ROULETTE', roulette, O, 'roulette'],
  [1016, 'WORLI MATAKA', worliMatka, O, 'others'],
  [1017, 'Lucky 7 A', lucky7, L, 'lucky7'],
  [1018, 'Dragon Tiger 20-20', dragonTiger, L, 'Dragon Tiger'],
  [1019, 'Sic Bo', sicBo, L, 'sicbo'],
  [1020, 'Teen Patti 20-20', teenPatti2020, L, 'teenpatti'],
  [1021, 'Lucky 7 B', lucky7, L, 'lucky7'],
  [1022, 'Dragon Tiger 2', dragonTiger, L, 'Dragon Tiger'],
  [1023, 'Andar Bahar 2', andarBahar, L, 'andarbahar'],
  [1024, 'Baccarat 2', baccarat, L, 'baccarat'],
  [1025, '32 Cards B', cards32, L, '32cards'],
  [1026, 'Amar Akbar Anthony 2', amarAkbarAnthony, L, 'others'],
  [1027, 'Poker 1 Day', poker2020, L, 'poker'],
  [1028, 'Auto Roulette', roulette, L, 'roulette'],
  [1029, 'Instant Teen Patti', teenPatti2020, L, 'teenpatti'],
  [1030, 'Muflis One Day', muflisTeenPatti, L, 'teenpatti'],
  [1031, 'Super Sic Bo', sicBo, L, 'sicbo'],
  [1032, 'Cricket War', dragonTiger, L, 'cricketwar'],
  [1033, '5-5 Cricket', dragonTiger, L, 'cricketwar'],
  [1034, 'Lottery', worliMatka, L, 'lottery'],
  [1035, 'Instant Worli', worliMatka, L, 'lottery'],
  [1036, 'High Low 2', hiLow, L, 'others'],
  [1037, 'Virtual Teen Patti', teenPatti2020, V, 'virtual'],
  [1038, 'Virtual Dragon Tiger', dragonTiger, V, 'virtual'],
  [1039, 'Virtual Lucky 7', lucky7, V, 'virtual'],
  [1040, 'Virtual Andar Bahar', andarBahar, V, 'virtual'],
  [1041, 'Virtual Baccarat', baccarat, V, 'virtual'],
  [1042, 'Virtual Roulette', roulette, V, 'virtual'],
  [1043, 'Virtual Sic Bo', sicBo, V, 'virtual'],
  [1044, 'Virtual 32 Cards', cards32, V, 'virtual'],
  [1045, 'Virtual Poker', poker2020, V, 'virtual'],
  [1046, 'Virtual Amar Akbar Anthony', amarAkbarAnthony, V, 'virtual'],
  [1047, 'Virtual Bollywood', bollywood, V, 'virtual'],
  [1048, 'Virtual Matka', worliMatka, V, 'virtual'],
  [1049, 'Virtual Trio', trio, V, 'virtual'],
  [1050, 'Virtual Queen', queen, V, 'virtual'],
];

const isTeenPatti = (engine: GameEngine) => engine.id.startsWith('teenpatti') || engine.id === 'muflis';

/** Image file of a game tile: SVG for live tables, AVIF (slot-style list) for virtual games. */
export const imageFileOf = (code: string, type: CasinoGameType) => `${code}.${type === 'Virtual' ? 'avif' : 'svg'}`;

export const GAMES: readonly CasinoGame[] = ROWS.map(([n, gamename, engine, gametype, category]) => {
  const gamecode = `imlive${n}`;
  return { gamename, gamecode, gametype, provider: PROVIDER_NAME, category, image: `api/upload/image/${imageFileOf(gamecode, gametype)}`, engine, bettingMs: isTeenPatti(engine) ? 30_000 : 20_000 };
});

const BY_CODE = new Map(GAMES.map((g) => [g.gamecode, g]));
export const findGame = (code: string): CasinoGame | undefined => BY_CODE.get(code);

/** The list as served to the platform (without the engine). */
export function staticGameList(): StaticCasinoGame[] {
  return GAMES.map(({ gamename, gamecode, gametype, provider, category, image }) => ({ gamename, gamecode, gametype, provider, category, image }));
}
