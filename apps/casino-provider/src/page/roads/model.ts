// The roads' arithmetic (issue 26), pure: where each past round sits in a bead road or a big
// road, baccarat's pairs, and the short mark each game writes for a result.
import type { RoadEntry } from '../types.ts';

/** Rows of a road, as on a casino's scoreboard. */
export const ROAD_ROWS = 6;

/** How a result is written on the road: a short mark, its colour (a CSS class) and the streak it belongs to. */
export interface Mark {
  /** One to four characters: 'P', 'B', '17', 'AAA'. */
  text: string;
  /** 'player', 'banker', 'tie', 'red', 'black', 'green'... */
  tone: string;
  /** Results of one streak share it ('P' and 'B' in baccarat); null for a tie (no streak of its own). */
  side: string | null;
}

const rank = (label: string) => label.slice(0, -1);

/** The leading number of a winner ('23 Over' -> '23'), or the winner itself. */
const leadingNumber = (winner: string) => /^\d+/.exec(winner.trim())?.[0] ?? winner;

/** Initials of a film, its small words left out: 'Sahib Bibi aur Ghulam' -> 'SBG'. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Z0-9]/.test(w))
    .map((w) => w[0])
    .join('');

const RED_POCKETS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const isTie = (winner: string) => /^tie\b/i.test(winner.trim());

/** A game's mark for one result. */
export function label(engine: string, entry: Pick<RoadEntry, 'winner'>): Mark {
  const w = entry.winner.trim();
  const tie: Mark = { text: 'T', tone: 'tie', side: null };
  switch (engine) {
    case 'baccarat':
      if (isTie(w)) return tie;
      return w.startsWith('Banker')
        ? { text: 'B', tone: 'banker', side: 'B' }
        : { text: 'P', tone: 'player', side: 'P' };
    case 'dragontiger':
      if (isTie(w)) return { text: 'Tie', tone: 'tie', side: null };
      return w === 'Dragon'
        ? { text: 'D', tone: 'dragon', side: 'D' }
        : { text: 'T', tone: 'tiger', side: 'T' };
    case 'andarbahar':
      return w === 'Andar'
        ? { text: 'A', tone: 'andar', side: 'A' }
        : { text: 'B', tone: 'bahar', side: 'B' };
    case 'teenpatti2020':
    case 'teenpatti1day':
    case 'muflis':
    case 'poker2020':
      if (isTie(w)) return tie;
      return w.endsWith('A')
        ? { text: 'A', tone: 'seat-a', side: 'A' }
        : { text: 'B', tone: 'seat-b', side: 'B' };
    case 'teenpattitest': {
      if (w === 'Dealer') return { text: 'Dl', tone: 'dealer', side: 'Dealer' };
      return { text: initials(w), tone: 'seats', side: w };
    }
    case 'cards32': {
      const n = /\d+$/.exec(w)?.[0] ?? w;
      return { text: n, tone: `seat-${n}`, side: n };
    }
    case 'amarakbaranthony': {
      const text = w === 'Amar' ? 'A' : w === 'Akbar' ? 'K' : 'N';
      return { text, tone: w.toLowerCase(), side: text };
    }
    case 'bollywood':
      return { text: initials(w), tone: 'film', side: w };
    case 'lucky7':
      return w === '7'
        ? { text: '7', tone: 'seven', side: '7' }
        : w === 'Low'
          ? { text: 'L', tone: 'low', side: 'L' }
          : { text: 'H', tone: 'high', side: 'H' };
    case 'hilow':
      return w === 'Higher'
        ? { text: 'H', tone: 'high', side: 'H' }
        : w === 'Lower'
          ? { text: 'L', tone: 'low', side: 'L' }
          : { text: 'S', tone: 'seven', side: 'S' };
    case 'roulette': {
      const n = Number(leadingNumber(w));
      return { text: String(n), tone: n === 0 ? 'green' : RED_POCKETS.has(n) ? 'red' : 'black', side: null };
    }
    case 'sicbo': {
      const total = leadingNumber(w);
      const tone = /triple/i.test(w) ? 'triple' : Number(total) <= 10 ? 'small' : 'big';
      return { text: total, tone, side: tone };
    }
    case 'worlimatka': {
      const [pana, single] = w.split('-');
      return { text: single ?? w, tone: 'pana', side: pana ?? null };
    }
    case 'trio':
    case 'queen':
      return { text: leadingNumber(w), tone: 'total', side: null };
    default:
      return { text: w.slice(0, 3), tone: 'other', side: w };
  }
}

/** Baccarat's pairs: the first two cards of the player's / the banker's hand of the same rank. */
export function pairs(entry: Pick<RoadEntry, 'hands'>): { player: boolean; banker: boolean } {
  const paired = (name: string) => {
    const cards = entry.hands.find((h) => h.name === name)?.cards ?? [];
    return cards.length >= 2 && rank(cards[0]!) === rank(cards[1]!);
  };
  return { player: paired('Player'), banker: paired('Banker') };
}

export interface Cell<T> {
  col: number;
  row: number;
  item: T;
}

/** The bead road: results oldest first, down each column of `rows`, columns left to right. */
export function beadRoad<T>(items: readonly T[], rows = ROAD_ROWS): Cell<T>[] {
  return items.map((item, i) => ({ col: Math.floor(i / rows), row: i % rows, item }));
}

export interface BigCell<T> extends Cell<T> {
  /** Ties that came after this result (drawn as a slash on it), the first of them included. */
  ties: T[];
}

/**
 * The big road: one column per streak of the same side, down the column; a streak longer than
 * the rows (or one that meets a cell already taken) turns right along its row (the dragon tail).
 * Ties open no cell: they go on the last result's cell (ties before any result, on the first).
 */
export function bigRoad<T>(
  items: readonly T[],
  sideOf: (item: T) => string | null,
  rows = ROAD_ROWS,
): BigCell<T>[] {
  const cells: BigCell<T>[] = [];
  const taken = new Set<string>();
  const at = (col: number, row: number) => `${col}:${row}`;
  let leadingTies: T[] = [];
  let streakSide: string | null = null;
  let streakCol = -1;
  for (const item of items) {
    const side = sideOf(item);
    const last = cells[cells.length - 1];
    if (side === null) {
      if (last) last.ties.push(item);
      else leadingTies.push(item);
      continue;
    }
    let col: number;
    let row: number;
    if (last && side === streakSide) {
      const down = last.row + 1;
      // Down while the column has room, else along the row.
      if (down < rows && !taken.has(at(last.col, down)) && last.col === streakCol)
        [col, row] = [last.col, down];
      else [col, row] = [last.col + 1, last.row];
    } else {
      streakCol += 1;
      while (taken.has(at(streakCol, 0))) streakCol += 1;
      streakSide = side;
      [col, row] = [streakCol, 0];
    }
    taken.add(at(col, row));
    cells.push({ col, row, item, ties: leadingTies });
    leadingTies = [];
  }
  return cells;
}
