import { CASINO_CATEGORIES, resultBadge, type CasinoCategory, type StaticCasinoGame } from '@exchange/contracts';

/** How each category of the static list reads on a tab. */
export const CATEGORY_LABELS: Record<CasinoCategory, string> = {
  teenpatti: 'Teenpatti',
  andarbahar: 'Andar Bahar',
  'Dragon Tiger': 'Dragon Tiger',
  baccarat: 'Baccarat',
  sicbo: 'Sic Bo',
  roulette: 'Roulette',
  poker: 'Poker',
  lucky7: 'Lucky 7',
  '32cards': '32 Cards',
  cricketwar: 'Cricket War',
  lottery: 'Lottery',
  virtual: 'Virtual',
  others: 'Others',
};

/** casino/getCasinoSport's sections (sport_id 1..10) and the category each one lists. */
export const CASINO_SECTION_CATEGORY: Readonly<Record<number, CasinoCategory>> = {
  1: 'teenpatti',
  2: 'andarbahar',
  3: 'Dragon Tiger',
  4: 'baccarat',
  5: 'roulette',
  6: 'poker',
  7: 'lucky7',
  8: '32cards',
  9: 'sicbo',
  10: 'others',
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * casino/list/{series_id}: a casino section id (1..10) or a category name in any spelling
 * ('teenpatti', 'dragon-tiger', 'Dragon Tiger'); null when it names nothing.
 */
export function categoryFromParam(param: string | undefined): CasinoCategory | null {
  if (!param) return null;
  if (/^\d+$/.test(param)) return CASINO_SECTION_CATEGORY[Number(param)] ?? null;
  const wanted = squash(decodeURIComponent(param));
  return CASINO_CATEGORIES.find((c) => squash(c) === wanted || squash(CATEGORY_LABELS[c]) === wanted) ?? null;
}

/** The categories that have games, in the spec's order. */
export function lobbyCategories(games: readonly StaticCasinoGame[]): CasinoCategory[] {
  const present = new Set(games.map((g) => g.category));
  return CASINO_CATEGORIES.filter((c) => present.has(c));
}

export interface GameFilter {
  category?: CasinoCategory | null;
  search?: string;
}

/** Games of a category whose name (or code) contains the search text, list order kept. */
export function filterGames(games: readonly StaticCasinoGame[], filter: GameFilter): StaticCasinoGame[] {
  const text = (filter.search ?? '').trim().toLowerCase();
  return games.filter(
    (g) =>
      (!filter.category || g.category === filter.category) &&
      (!text || g.gamename.toLowerCase().includes(text) || g.gamecode.toLowerCase().includes(text)),
  );
}

/** World Casino: the slot-style list, the virtual games with their .avif artwork. */
export function worldCasinoGames(games: readonly StaticCasinoGame[]): StaticCasinoGame[] {
  return games.filter((g) => g.gametype === 'Virtual');
}

/** A colour (0..3) per winner text, so the same winner always looks the same in the strip. */
export function resultTone(winner: string): number {
  let h = 0;
  for (const ch of resultBadge(winner)) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 4;
}
