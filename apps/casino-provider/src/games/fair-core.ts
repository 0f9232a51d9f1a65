// The provably fair shuffle's deterministic half, shared by the provider and the game page's
// verifier (bundled for the browser): canonical decks, bytes -> floats, draws without replacement.
// The HMAC / SHA-256 half lives in fair.ts (node:crypto) and in the page (Web Crypto).

/** Suits in canonical order: spades, hearts, diamonds, clubs. */
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/**
 * A card is an integer 0..51: suit * 13 + (rank - 1), rank 1 (ace) .. 13 (king), suit index into
 * SUITS. Dice faces and roulette pockets are plain numbers of their own decks.
 */
export type Card = number;
export const rankOf = (card: Card): number => (card % 13) + 1;
export const suitOf = (card: Card): number => Math.floor(card / 13) % 4;
export const isRed = (card: Card): boolean => suitOf(card) === 1 || suitOf(card) === 2;
export const makeCard = (rank: number, suit: number): Card => suit * 13 + rank - 1;

/** 'AS', '10H', 'KD'. */
export function cardLabel(card: Card): string {
  return `${RANK_LABELS[rankOf(card) - 1]}${SUITS[suitOf(card)]}`;
}

/** Parses 'AS', '10h', 'KD' (tests and hand-worked rounds). */
export function parseCard(label: string): Card {
  const m = /^(A|[2-9]|10|J|Q|K)([SHDC])$/i.exec(label.trim());
  if (!m) throw new Error(`not a card: ${label}`);
  return makeCard(RANK_LABELS.indexOf(m[1]!.toUpperCase() as (typeof RANK_LABELS)[number]) + 1, SUITS.indexOf(m[2]!.toUpperCase() as (typeof SUITS)[number]));
}

function suitMajor(ranks: readonly number[], copies = 1): Card[] {
  const deck: Card[] = [];
  for (let c = 0; c < copies; c++) for (let s = 0; s < 4; s++) for (const r of ranks) deck.push(makeCard(r, s));
  return deck;
}
const ALL_RANKS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

export interface DeckSpec {
  /** Short id shown in the proof. */
  id: DeckId;
  description: string;
  /** Canonical order the shuffle draws from. */
  outcomes: readonly number[];
  /** Each draw uses the whole deck again (dice, the roulette wheel). */
  withReplacement: boolean;
  label: (outcome: number) => string;
}

export type DeckId = '52' | '6x52' | '8x52' | '32' | 'jqka2' | 'matka' | 'dice' | 'roulette';

export const DECKS: Record<DeckId, DeckSpec> = {
  '52': { id: '52', description: 'one 52-card deck: spades, hearts, diamonds, clubs; A, 2..10, J, Q, K in each', outcomes: suitMajor(ALL_RANKS), withReplacement: false, label: cardLabel },
  '6x52': { id: '6x52', description: 'six 52-card decks one after another', outcomes: suitMajor(ALL_RANKS, 6), withReplacement: false, label: cardLabel },
  '8x52': { id: '8x52', description: 'eight 52-card decks one after another', outcomes: suitMajor(ALL_RANKS, 8), withReplacement: false, label: cardLabel },
  '32': { id: '32', description: '32 cards: 6, 7, 8, 9, 10, J, Q, K of spades, hearts, diamonds, clubs', outcomes: suitMajor([6, 7, 8, 9, 10, 11, 12, 13]), withReplacement: false, label: cardLabel },
  jqka2: { id: 'jqka2', description: 'two decks of J, Q, K, A only (spades, hearts, diamonds, clubs), 32 cards', outcomes: suitMajor([11, 12, 13, 1], 2), withReplacement: false, label: cardLabel },
  matka: { id: 'matka', description: '40 cards: A..10 of spades, hearts, diamonds, clubs (10 counts as 0)', outcomes: suitMajor([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), withReplacement: false, label: cardLabel },
  dice: { id: 'dice', description: 'a die: faces 1..6, every throw from all six', outcomes: [1, 2, 3, 4, 5, 6], withReplacement: true, label: String },
  roulette: { id: 'roulette', description: 'a European wheel: pockets 0..36', outcomes: Array.from({ length: 37 }, (_, i) => i), withReplacement: true, label: String },
};

/** 4 bytes -> a float in [0, 1): b0/2^8 + b1/2^16 + b2/2^24 + b3/2^32. */
export function bytesToFloat(b0: number, b1: number, b2: number, b3: number): number {
  return b0 / 256 + b1 / 65536 + b2 / 16777216 + b3 / 4294967296;
}

/** All floats of a byte stream (32-byte HMAC blocks concatenated), 4 bytes each. */
export function floatsFromBlocks(blocks: readonly Uint8Array[]): number[] {
  const floats: number[] = [];
  for (const block of blocks) {
    for (let i = 0; i + 3 < block.length; i += 4) floats.push(bytesToFloat(block[i]!, block[i + 1]!, block[i + 2]!, block[i + 3]!));
  }
  return floats;
}

/** Floats per HMAC block: 32 bytes / 4. */
export const FLOATS_PER_CURSOR = 8;

/** Picks index j = floor(f * remaining) of the remaining deck. */
export type FloatSource = () => number;

/**
 * A shoe over a canonical deck: each `next()` takes the float source's next value and removes the
 * outcome at floor(f * remaining) from the remaining cards (canonical order kept), or, for decks
 * with replacement, picks from the whole deck.
 */
export class Shoe {
  private readonly remaining: number[];
  readonly drawn: number[] = [];
  constructor(
    private readonly deck: DeckSpec,
    private readonly nextFloat: FloatSource,
  ) {
    this.remaining = deck.withReplacement ? [] : deck.outcomes.slice();
  }
  next(): number {
    const f = this.nextFloat();
    let outcome: number;
    if (this.deck.withReplacement) {
      outcome = this.deck.outcomes[Math.floor(f * this.deck.outcomes.length)]!;
    } else {
      if (this.remaining.length === 0) throw new Error('the shoe is empty');
      const j = Math.floor(f * this.remaining.length);
      outcome = this.remaining.splice(j, 1)[0]!;
    }
    this.drawn.push(outcome);
    return outcome;
  }
}

/** Replays a deal from known floats: the first `count` outcomes, as labels. */
export function drawLabels(deckId: DeckId, floats: readonly number[], count: number): string[] {
  const deck = DECKS[deckId];
  let i = 0;
  const shoe = new Shoe(deck, () => {
    if (i >= floats.length) throw new Error('not enough floats');
    return floats[i++]!;
  });
  for (let k = 0; k < count; k++) shoe.next();
  return shoe.drawn.map(deck.label);
}

/** The HMAC message of one block. */
export function hmacMessage(clientSeed: string, roundId: string, cursor: number): string {
  return `${clientSeed}:${roundId}:${cursor}`;
}
