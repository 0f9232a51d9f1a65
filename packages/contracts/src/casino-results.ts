// A round's winner in a last-results chip, the same on the provider's game page and in the
// platform's strip. A subpath of the contracts package (`@exchange/contracts/casino-results`) as
// well as part of its index: the game page's script imports it without zod.

/**
 * The short text of a winner in a last-results chip, by one rule for every game so a game's
 * chips never mix a letter and a word: a seat's letter or number ('Player A' -> 'A'); a leading
 * number as it is ('17 Red' -> '17', '7' -> '7'); else the first letter of each word, at most
 * three ('Low' -> 'L', 'High' -> 'H', 'Dragon' -> 'D', 'Amar Akbar Anthony' -> 'AAA'). The
 * chip's title and label carry the whole winner.
 */
export function resultBadge(winner: string): string {
  const w = winner.trim();
  const seat = /^player\s+([a-z0-9]+)$/i.exec(w);
  if (seat) return seat[1]!.toUpperCase();
  const number = /^\d+/.exec(w);
  if (number) return number[0];
  return w
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
}
