/** A playing card of a round: rank, suit and colour, read from the provider's code ('AS', '10H'). */
export interface CardFace {
  rank: string;
  suit: 'S' | 'H' | 'D' | 'C';
  symbol: string;
  red: boolean;
}

const SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

/** The card a code names, or null for dice faces and roulette pockets (shown as plain numbers). */
export function cardFace(code: string): CardFace | null {
  const m = /^(A|[2-9]|10|J|Q|K)([SHDC])$/i.exec(code.trim());
  if (!m) return null;
  const suit = m[2]!.toUpperCase() as CardFace['suit'];
  return { rank: m[1]!.toUpperCase(), suit, symbol: SYMBOLS[suit], red: suit === 'H' || suit === 'D' };
}

/** Screen-reader name of a card code: 'Ace of spades', '10 of hearts', or the code itself. */
export function cardName(code: string): string {
  const face = cardFace(code);
  if (!face) return code;
  const ranks: Record<string, string> = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };
  const suits = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' } as const;
  return `${ranks[face.rank] ?? face.rank} of ${suits[face.suit]}`;
}
