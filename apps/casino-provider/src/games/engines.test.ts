import { describe, expect, it } from 'vitest';
import { andarBahar } from './andar-bahar.ts';
import { baccarat } from './baccarat.ts';
import { cards32 } from './cards32.ts';
import { cardLabel, parseCard } from './fair-core.ts';
import { hiLow } from './hi-low.ts';
import { POKER_CATEGORIES, poker2020, pokerCategory, pokerValue } from './poker.ts';
import { roulette } from './roulette.ts';
import { sicBo } from './sic-bo.ts';
import { amarAkbarAnthony, bollywood, dragonTiger, lucky7 } from './single-card.ts';
import { muflisTeenPatti, teenPatti1Day, teenPatti2020, teenPattiTest } from './teen-patti.ts';
import { dealFixed, oddsOf, payouts } from './test-helpers.ts';
import { threeCardStats, tpHandName, tpValue } from './three-card.ts';
import { queen, trio } from './totals.ts';
import { layFactor } from './types.ts';
import { worliMatka } from './worli-matka.ts';

const hand = (...labels: string[]) => labels.map(parseCard);

describe('Teen Patti hands', () => {
  it('ranks trail > pure sequence > sequence > colour > pair > high card', () => {
    const order = [hand('2S', '2H', '2D'), hand('4H', '5H', '6H'), hand('4H', '5S', '6H'), hand('2H', '9H', 'KH'), hand('3S', '3C', '2D'), hand('AS', 'KD', 'JC')];
    for (let i = 0; i + 1 < order.length; i++) expect(tpValue(order[i]!)).toBeGreaterThan(tpValue(order[i + 1]!));
  });
  it('puts A-K-Q first, A-2-3 second, then K-Q-J', () => {
    expect(tpValue(hand('AS', 'KD', 'QC'))).toBeGreaterThan(tpValue(hand('AH', '2D', '3C')));
    expect(tpValue(hand('AH', '2D', '3C'))).toBeGreaterThan(tpValue(hand('KS', 'QH', 'JD')));
    expect(tpHandName(hand('KS', 'KH', '4D'))).toBe('Pair of Kings');
  });
  it('has the exact three-card chances of a 52-card deck', () => {
    const { category, tie } = threeCardStats();
    // 22,100 hands: 16,440 high card, 3,744 pairs, 1,096 colours, 720 sequences, 48 pure sequences, 52 trails
    expect(category.map((p) => Math.round(p * 22100))).toEqual([16440, 3744, 1096, 720, 48, 52]);
    expect(tie).toBeGreaterThan(0.0005);
    expect(tie).toBeLessThan(0.005);
  });
});

describe('Teen Patti 20-20', () => {
  // A1 B1 A2 B2 A3 B3: A = K♠ K♥ 4♦ (pair), B = A♠ 2♣ 3♥ (A-2-3 sequence)
  const round = ['KS', 'AS', 'KH', '2C', '4D', '3H'];
  it('deals alternately and the better hand wins', () => {
    const d = dealFixed<{ winner: string }>(teenPatti2020, round);
    expect(d.to).toEqual(['Player A', 'Player B', 'Player A', 'Player B', 'Player A', 'Player B']);
    expect(d.result.winner).toBe('B');
    expect(teenPatti2020.outcome(d.result).winner).toBe('Player B');
  });
  it('pays B 1.98, Pair Plus on each own hand (pair 2, sequence 7)', () => {
    expect(payouts(teenPatti2020, round, ['playerA', 'playerB', 'pairPlusA', 'pairPlusB'])).toEqual({ playerA: 0, playerB: 1.98, pairPlusA: 2, pairPlusB: 7 });
  });
  it('returns A and B stakes on an exact tie', () => {
    expect(payouts(teenPatti2020, ['9S', '9C', '7H', '7D', '3D', '3H'], ['playerA', 'playerB', 'pairPlusA'])).toEqual({ playerA: 1, playerB: 1, pairPlusA: 0 });
  });
  it('trail beats a pure sequence, and pays 36 / 46 on Pair Plus', () => {
    expect(payouts(teenPatti2020, ['2S', 'QH', '2H', 'KH', '2D', 'AH'], ['playerA', 'pairPlusA', 'pairPlusB'])).toEqual({ playerA: 1.98, pairPlusA: 36, pairPlusB: 46 });
  });
});

describe('Muflis Teen Patti', () => {
  it('the lower hand wins', () => {
    expect(payouts(muflisTeenPatti, ['KS', 'AS', 'KH', '2C', '4D', '3H'], ['playerA', 'playerB'])).toEqual({ playerA: 1.98, playerB: 0 });
    expect(payouts(muflisTeenPatti, ['5S', 'AS', '3H', 'KC', '2D', '9H'], ['playerA', 'playerB'])).toEqual({ playerA: 1.98, playerB: 0 });
  });
});

describe('Teen Patti 1 Day', () => {
  const round = ['KS', 'AS', 'KH', '2C', '4D', '3H']; // B wins; A's cards K K 4
  it('settles back and lay on both players', () => {
    const p = payouts(teenPatti1Day, round, ['playerA', 'layA', 'playerB', 'layB']);
    expect(p).toEqual({ playerA: 0, layA: layFactor(2.02), playerB: 1.98, layB: 0 });
    expect(layFactor(2.02)).toBeCloseTo(1.98039, 5);
  });
  it("settles odd / even on A's cards (K odd, K odd, 4 even)", () => {
    expect(payouts(teenPatti1Day, round, ['a1odd', 'a1even', 'a2odd', 'a3odd', 'a3even'])).toEqual({ a1odd: 1.83, a1even: 0, a2odd: 1.83, a3odd: 0, a3even: 2.12 });
  });
});

describe('Teen Patti Test', () => {
  // T1 L1 D1 Dealer1 x3: Tiger A♠ A♥ A♦ (trail), Lion 2♣ 5♦ 9♠ (high card), Dragon Q♥ J♥ 10♥ (pure sequence), Dealer 7♣ 7♦ 3♠ (pair)
  const round = ['AS', '2C', 'QH', '7C', 'AH', '5D', 'JH', '7D', 'AD', '9S', '10H', '3S'];
  it('compares each seat with the dealer', () => {
    const d = dealFixed(teenPattiTest, round);
    expect(teenPattiTest.outcome(d.result).winner).toBe('Tiger Dragon');
    expect(payouts(teenPattiTest, round, ['tiger', 'lion', 'dragon'])).toEqual({ tiger: 1.98, lion: 0, dragon: 1.98 });
  });
  it('pays hand bets on the exact hand type of the seat', () => {
    const p = payouts(teenPattiTest, round, ['tiger:trail', 'tiger:pair', 'dragon:pureSequence', 'dragon:sequence', 'lion:pair']);
    expect(p).toEqual({ 'tiger:trail': oddsOf(teenPattiTest, 'tiger:trail'), 'tiger:pair': 0, 'dragon:pureSequence': oddsOf(teenPattiTest, 'dragon:pureSequence'), 'dragon:sequence': 0, 'lion:pair': 0 });
    // pair: 3,744 / 22,100 = 0.16941; 0.97 / 0.16941 = 5.725 -> 5.72
    expect(oddsOf(teenPattiTest, 'tiger:pair')).toBe(5.72);
  });
});

describe('Dragon Tiger', () => {
  it('higher rank wins; A low; card bets', () => {
    const p = payouts(dragonTiger, ['KS', 'AS'], ['dragon', 'tiger', 'tie', 'dragon:odd', 'dragon:black', 'dragon:rank:13', 'tiger:rank:1', 'tiger:red']);
    expect(p).toEqual({ dragon: 2, tiger: 0, tie: 0, 'dragon:odd': 1.79, 'dragon:black': 1.95, 'dragon:rank:13': 12.5, 'tiger:rank:1': 12.5, 'tiger:red': 0 });
  });
  it('a tie of rank halves Dragon / Tiger and pays Tie; the same card pays Suited Tie', () => {
    expect(payouts(dragonTiger, ['7H', '7H'], ['dragon', 'tiger', 'tie', 'suitedTie'])).toEqual({ dragon: 0.5, tiger: 0.5, tie: 12.98, suitedTie: 56.91 });
    expect(payouts(dragonTiger, ['7H', '7S'], ['tie', 'suitedTie'])).toEqual({ tie: 12.98, suitedTie: 0 });
  });
});

describe('Lucky 7', () => {
  it('a 7 halves Low and High', () => {
    expect(payouts(lucky7, ['7C'], ['low', 'high', 'card:odd', 'card:black', 'card:rank:7'])).toEqual({ low: 0.5, high: 0.5, 'card:odd': 1.79, 'card:black': 1.95, 'card:rank:7': 12.5 });
  });
  it('8 is high, A low', () => {
    expect(payouts(lucky7, ['8D'], ['low', 'high', 'card:even', 'card:red'])).toEqual({ low: 0, high: 2, 'card:even': 2.1, 'card:red': 1.95 });
    expect(payouts(lucky7, ['AH'], ['low', 'high'])).toEqual({ low: 2, high: 0 });
  });
});

describe('Amar Akbar Anthony', () => {
  it('A–6 Amar, 7–10 Akbar, J–K Anthony; 7 halves under / over', () => {
    expect(payouts(amarAkbarAnthony, ['7H'], ['amar', 'akbar', 'anthony', 'under7', 'over7'])).toEqual({ amar: 0, akbar: 3.15, anthony: 0, under7: 0.5, over7: 0.5 });
    expect(payouts(amarAkbarAnthony, ['JS'], ['anthony', 'over7', 'card:odd', 'card:black'])).toEqual({ anthony: 4.15, over7: 2, 'card:odd': 1.83, 'card:black': 1.97 });
    expect(payouts(amarAkbarAnthony, ['6D'], ['amar', 'under7', 'card:even'])).toEqual({ amar: 2.12, under7: 2, 'card:even': 2.12 });
  });
});

describe('Bollywood', () => {
  it('the card names the film', () => {
    expect(payouts(bollywood, ['AS'], ['don', 'amarAkbarAnthony', 'odd', 'black', 'rank:1'])).toEqual({ don: 15.5, amarAkbarAnthony: 0, odd: 1.32, black: 1.97, 'rank:1': 3.85 });
    expect(payouts(bollywood, ['QS'], ['sahibBibiGhulam', 'kisKiskoPyaarKaroon', 'odd'])).toEqual({ sahibBibiGhulam: 5.15, kisKiskoPyaarKaroon: 0, odd: 0 });
    expect(payouts(bollywood, ['QH'], ['kisKiskoPyaarKaroon', 'red'])).toEqual({ kisKiskoPyaarKaroon: 3.85, red: 1.97 });
    expect(payouts(bollywood, ['KC'], ['dharamVeer', 'ghulam'])).toEqual({ dharamVeer: 7.65, ghulam: 0 });
  });
});

describe('Andar Bahar', () => {
  it('deals Bahar first and stops at the joker’s rank', () => {
    const d = dealFixed(andarBahar, ['5H', '2C', '9D', '5S', 'KD']);
    expect(d.draws.map(cardLabel)).toEqual(['5H', '2C', '9D', '5S']);
    expect(d.to).toEqual(['Joker', 'Bahar', 'Andar', 'Bahar']);
    expect(payouts(andarBahar, ['5H', '2C', '9D', '5S'], ['andar', 'bahar', 'cards:1-5', 'cards:6-10'])).toEqual({ andar: 0, bahar: 1.98, 'cards:1-5': oddsOf(andarBahar, 'cards:1-5'), 'cards:6-10': 0 });
  });
  it('a Bahar win on the first card pays 1.25; Andar wins on even cards', () => {
    expect(payouts(andarBahar, ['5H', '5C'], ['bahar'])).toEqual({ bahar: 1.25 });
    expect(payouts(andarBahar, ['5H', '2C', '5D'], ['andar', 'bahar'])).toEqual({ andar: 2, bahar: 0 });
  });
});

describe('32 Cards', () => {
  // 8+6 = 14, 9+K = 22, 10+Q = 22, 11+10 = 21 -> 9 and 10 tie on 22 and draw again: 9+7 = 29, 10+6 = 28
  const round = ['6S', 'KH', 'QD', '10C', '7S', '6H'];
  it('tied leaders draw again', () => {
    const d = dealFixed<{ winner: number; totals: Record<number, number> }>(cards32, round);
    expect(d.to).toEqual(['Player 8', 'Player 9', 'Player 10', 'Player 11', 'Player 9', 'Player 10']);
    expect(d.result.winner).toBe(9);
    expect(d.result.totals).toEqual({ 8: 14, 9: 29, 10: 28, 11: 21 });
  });
  it('settles back and lay', () => {
    const lay8 = oddsOf(cards32, 'lay:8');
    expect(payouts(cards32, round, ['back:9', 'back:11', 'lay:8', 'lay:9'])).toEqual({ 'back:9': oddsOf(cards32, 'back:9'), 'back:11': 0, 'lay:8': lay8 / (lay8 - 1), 'lay:9': 0 });
  });
});

describe('Baccarat', () => {
  it('player draws on 5; banker on 4 draws against a third card of 6', () => {
    // P 2♠ 3♥ = 5, B K♦ 4♣ = 4; P draws 6♠ -> 1; B (4, third 6) draws 5♦ -> 9
    const d = dealFixed(baccarat, ['2S', 'KD', '3H', '4C', '6S', '5D']);
    expect(d.to).toEqual(['Player', 'Banker', 'Player', 'Banker', 'Player', 'Banker']);
    expect(baccarat.outcome(d.result).winner).toBe('Banker 9');
    expect(payouts(baccarat, ['2S', 'KD', '3H', '4C', '6S', '5D'], ['player', 'banker', 'tie'])).toEqual({ player: 0, banker: 1.95, tie: 0 });
  });
  it('a natural stops the deal', () => {
    const d = dealFixed(baccarat, ['4S', '8D', '5H', 'QC', 'KS']);
    expect(d.draws.length).toBe(4);
    expect(payouts(baccarat, ['4S', '8D', '5H', 'QC'], ['player', 'banker'])).toEqual({ player: 2, banker: 0 });
  });
  it('player stands on 6; banker on 3 draws; a tie pushes Player / Banker and pays pairs', () => {
    // P 3♠ 3♥ = 6 stands, B 2♦ A♣ = 3 draws 3♣ -> 6
    const round = ['3S', '2D', '3H', 'AC', '3C'];
    expect(payouts(baccarat, round, ['player', 'banker', 'tie', 'playerPair', 'bankerPair'])).toEqual({ player: 1, banker: 1, tie: 10, playerPair: 13, bankerPair: 0 });
  });
});

describe('Hi Low', () => {
  it('prices from the base card and pays the next card', () => {
    const base = parseCard('5H');
    // 311 cards left: 24 each of 6..K (8 ranks) = 192 higher -> p = 0.6174, 0.97 / p = 1.571 -> 1.57
    expect(oddsOf(hiLow, 'higher', [base])).toBe(1.57);
    const p = payouts(hiLow, ['5H', '9C'], ['higher', 'lower', 'same', 'black', 'range:2-9']);
    expect(p).toEqual({ higher: 1.57, lower: 0, same: 0, black: oddsOf(hiLow, 'black', [base]), 'range:2-9': oddsOf(hiLow, 'range:2-9', [base]) });
  });
  it('offers no Higher on a king and no Lower on an ace', () => {
    expect(hiLow.options([parseCard('KS')]).map((o) => o.key)).not.toContain('higher');
    expect(hiLow.options([parseCard('AS')]).map((o) => o.key)).not.toContain('lower');
  });
});

describe('Trio', () => {
  it('K Q J of spades: over 21 and a pure sequence', () => {
    expect(payouts(trio, ['KS', 'QS', 'JS'], ['over21', 'under21', 'exact21', 'hand:4', 'hand:3'])).toEqual({ over21: oddsOf(trio, 'over21'), under21: 0, exact21: 0, 'hand:4': oddsOf(trio, 'hand:4'), 'hand:3': 0 });
    expect(payouts(trio, ['10S', '10H', 'AD'], ['exact21', 'hand:1', 'over21'])).toEqual({ exact21: oddsOf(trio, 'exact21'), 'hand:1': oddsOf(trio, 'hand:1'), over21: 0 });
  });
});

describe('Queen', () => {
  it('A 2 3 4 = 10: band 4–21, even', () => {
    const lay = oddsOf(queen, 'lay:22-26');
    expect(payouts(queen, ['AS', '2S', '3S', '4S'], ['back:4-21', 'lay:4-21', 'lay:22-26', 'even', 'odd'])).toEqual({ 'back:4-21': oddsOf(queen, 'back:4-21'), 'lay:4-21': 0, 'lay:22-26': layFactor(lay), even: oddsOf(queen, 'even'), odd: 0 });
  });
});

describe('Worli Matka', () => {
  it('3 7 10 -> pana 370, single 0', () => {
    const d = dealFixed(worliMatka, ['3S', '7H', '10D']);
    expect(worliMatka.outcome(d.result).winner).toBe('370-0');
    expect(payouts(worliMatka, ['3S', '7H', '10D'], ['single:0', 'single:3', 'pana:SP', 'pana:DP'])).toEqual({ 'single:0': 9.5, 'single:3': 0, 'pana:SP': oddsOf(worliMatka, 'pana:SP'), 'pana:DP': 0 });
    expect(payouts(worliMatka, ['5S', '5H', '10D'], ['pana:DP', 'single:0'])).toEqual({ 'pana:DP': oddsOf(worliMatka, 'pana:DP'), 'single:0': 9.5 });
  });
});

describe('Roulette', () => {
  it('17 black: every bet covering it pays 36 / n', () => {
    const keys = ['straight:17', 'split:17-18', 'split:14-17', 'street:16', 'corner:13', 'line:13', 'dozen:2', 'column:2', 'black', 'red', 'odd', 'low', 'straight:0'];
    expect(payouts(roulette, ['17'], keys)).toEqual({ 'straight:17': 36, 'split:17-18': 18, 'split:14-17': 18, 'street:16': 12, 'corner:13': 9, 'line:13': 6, 'dozen:2': 3, 'column:2': 3, black: 2, red: 0, odd: 2, low: 2, 'straight:0': 0 });
  });
  it('zero loses the even chances', () => {
    expect(payouts(roulette, ['0'], ['red', 'black', 'even', 'low', 'straight:0'])).toEqual({ red: 0, black: 0, even: 0, low: 0, 'straight:0': 36 });
    expect(roulette.options([]).length).toBe(37 + 57 + 12 + 22 + 11 + 6 + 6);
  });
});

describe('Sic Bo', () => {
  it('a triple beats small / big', () => {
    expect(payouts(sicBo, ['2', '2', '2'], ['small', 'big', 'even', 'anyTriple', 'triple:2', 'double:2', 'single:2', 'total:6'])).toEqual({
      small: 0,
      big: 0,
      even: 0,
      anyTriple: oddsOf(sicBo, 'anyTriple'),
      'triple:2': oddsOf(sicBo, 'triple:2'),
      'double:2': oddsOf(sicBo, 'double:2'),
      'single:2': 13,
      'total:6': oddsOf(sicBo, 'total:6'),
    });
  });
  it('1 3 6 = 10: small, even, single 6 once', () => {
    expect(payouts(sicBo, ['1', '3', '6'], ['small', 'big', 'even', 'odd', 'total:10', 'single:6', 'single:2', 'double:1'])).toEqual({
      small: 2,
      big: 0,
      even: 2,
      odd: 0,
      'total:10': oddsOf(sicBo, 'total:10'),
      'single:6': 2,
      'single:2': 0,
      'double:1': 0,
    });
  });
});

describe('Poker 20-20', () => {
  it('A1 B1 A2 B2 then the board; a royal flush beats trips', () => {
    const round = ['AS', 'QD', 'KS', 'QC', 'QS', 'JS', '10S', '2H', '3D'];
    const d = dealFixed(poker2020, round);
    expect(d.to).toEqual(['Player A', 'Player B', 'Player A', 'Player B', 'Board', 'Board', 'Board', 'Board', 'Board']);
    expect(payouts(poker2020, round, ['playerA', 'playerB', 'hand:8', 'hand:3'])).toEqual({ playerA: 1.98, playerB: 0, 'hand:8': oddsOf(poker2020, 'hand:8'), 'hand:3': 0 });
  });
  it('the board plays for both: a tie returns the stakes', () => {
    expect(payouts(poker2020, ['2C', '2H', '3D', '3S', '5S', '6H', '7D', '8C', '9S'], ['playerA', 'playerB', 'hand:4'])).toEqual({ playerA: 1, playerB: 1, 'hand:4': oddsOf(poker2020, 'hand:4') });
  });
  it('agrees with a brute-force best-of-21 evaluator on random hands', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let n = 0; n < 1500; n++) {
      const deck = Array.from({ length: 52 }, (_, i) => i);
      const x = Array.from({ length: 7 }, () => deck.splice(Math.floor(rnd() * deck.length), 1)[0]!);
      const y = Array.from({ length: 7 }, () => deck.splice(Math.floor(rnd() * deck.length), 1)[0]!);
      expect(pokerCategory(pokerValue(x))).toBe(referenceBest(x)[0]);
      expect(Math.sign(pokerValue(x) - pokerValue(y))).toBe(compareRef(referenceBest(x), referenceBest(y)));
    }
    expect(POKER_CATEGORIES[pokerCategory(pokerValue(hand('AS', 'AH', 'AD', 'KS', 'KH', '2C', '3D')))]).toBe('Full House');
    expect(POKER_CATEGORIES[pokerCategory(pokerValue(hand('AS', '2H', '3D', '4S', '5H', 'KC', 'QD')))]).toBe('Straight');
  });
});

/** A slow, obviously correct evaluator: every 5-card subset, ranked by counts then ranks. */
function referenceBest(cards: number[]): number[] {
  let best: number[] = [];
  for (let a = 0; a < 7; a++)
    for (let b = a + 1; b < 7; b++) {
      const five = cards.filter((_, i) => i !== a && i !== b);
      const v = rank5(five);
      if (compareRef(v, best) > 0) best = v;
    }
  return best;
}
function rank5(five: number[]): number[] {
  const ranks = five.map((c) => ((c % 13) + 1 === 1 ? 14 : (c % 13) + 1)).sort((x, y) => y - x);
  const flush = five.every((c) => Math.floor(c / 13) === Math.floor(five[0]! / 13));
  const uniq = [...new Set(ranks)];
  let straight = 0;
  if (uniq.length === 5 && ranks[0]! - ranks[4]! === 4) straight = ranks[0]!;
  if (uniq.join() === '14,5,4,3,2') straight = 5;
  const groups = uniq.map((r) => [ranks.filter((x) => x === r).length, r] as [number, number]).sort((p, q) => q[0] - p[0] || q[1] - p[1]);
  const shape = groups.map((g) => g[0]).join('');
  const order = groups.map((g) => g[1]);
  if (straight && flush) return [8, straight];
  if (shape === '41') return [7, ...order];
  if (shape === '32') return [6, ...order];
  if (flush) return [5, ...ranks];
  if (straight) return [4, straight];
  if (shape === '311') return [3, ...order];
  if (shape === '221') return [2, ...order];
  if (shape === '2111') return [1, ...order];
  return [0, ...ranks];
}
function compareRef(x: number[], y: number[]): number {
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
