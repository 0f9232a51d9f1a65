import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  FULL_SHARE_BP,
  levelShares,
  owedUp,
  splitByShares,
  splitResult,
  type ChainLevel,
} from './partnership.ts';

/** The tree: the root gives the master 90%, the master gives the agent 80%. */
const chain: ChainLevel[] = [
  { userId: 1, partnershipBp: FULL_SHARE_BP },
  { userId: 2, partnershipBp: 9_000 },
  { userId: 3, partnershipBp: 8_000 },
];

describe('partnership shares', () => {
  it('reads each level’s share off the chain: root 10%, master 10%, agent 80%', () => {
    expect(levelShares(chain)).toEqual([
      { userId: 1, depth: 0, shareBp: 1_000 },
      { userId: 2, depth: 1, shareBp: 1_000 },
      { userId: 3, depth: 2, shareBp: 8_000 },
    ]);
  });

  it('splits a bettor’s loss of 1,000 as 100 / 100 / 800 won, and a win of 1,000 as the same borne', () => {
    const lost = splitResult(-100_000, 0, chain);
    expect(lost.map((l) => l.pnlSharePaise)).toEqual([10_000, 10_000, 80_000]);
    const won = splitResult(100_000, 0, chain);
    expect(won.map((l) => l.pnlSharePaise)).toEqual([-10_000, -10_000, -80_000]);
  });

  it('gives the odd paisa to the bettor’s agent', () => {
    const thirds = levelShares([
      { userId: 1, partnershipBp: FULL_SHARE_BP },
      { userId: 2, partnershipBp: 6_667 },
      { userId: 3, partnershipBp: 3_333 },
    ]);
    expect(thirds.map((s) => s.shareBp)).toEqual([3_333, 3_334, 3_333]);
    // 3,333 bp of 1 paisa is 0.33: truncated for the upper levels, the agent takes the paisa.
    expect(splitByShares(1, thirds)).toEqual([0, 0, 1]);
    expect(splitByShares(-1, thirds)).toEqual([0, 0, -1]);
    expect(splitByShares(100, thirds)).toEqual([33, 33, 34]);
  });

  it('holds a figure above its parent’s to the parent’s: no share is negative', () => {
    expect(
      levelShares([
        { userId: 1, partnershipBp: 0 },
        { userId: 2, partnershipBp: 5_000 },
        { userId: 3, partnershipBp: 7_000 },
      ]).map((s) => s.shareBp),
    ).toEqual([5_000, 0, 5_000]);
  });

  it('charges 2% match commission on a net loss of 1,000 and 1% session commission on 5,000 of stakes: 70, borne in the shares', () => {
    const rates = { matchBp: 200, sessionBp: 100, casinoBp: 0 };
    const match = commissionOf({ kind: 'MATCH', netPnlPaise: -100_000 }, rates);
    const session = commissionOf({ kind: 'SESSION', stakesPaise: 500_000 }, rates);
    expect([match, session]).toEqual([2_000, 5_000]);
    expect(commissionOf({ kind: 'MATCH', netPnlPaise: 100_000 }, rates)).toBe(0);
    const matchSplit = splitResult(-100_000, match, chain);
    const sessionSplit = splitResult(-50_000, session, chain);
    const borne = matchSplit.map((l, i) => l.commissionSharePaise + sessionSplit[i]!.commissionSharePaise);
    expect(borne).toEqual([700, 700, 5_600]);
    // The bettor owes its agent its losses less the rebate: 1,500 - 70.
    expect(owedUp(matchSplit, 2) + owedUp(sessionSplit, 2)).toBe(143_000);
    // The agent owes the master the master's and the root's 20% of it: 300 - 14.
    expect(owedUp(matchSplit, 1) + owedUp(sessionSplit, 1)).toBe(28_600);
  });

  it('splits any result exactly over any chain, each level within a paisa of its percentage', () => {
    const chains = fc
      .array(fc.integer({ min: 0, max: FULL_SHARE_BP }), { minLength: 0, maxLength: 4 })
      .map((figures) => {
        // Each figure at most its parent's, as the calls allow.
        let cap = FULL_SHARE_BP;
        return [
          { userId: 1, partnershipBp: FULL_SHARE_BP },
          ...figures.map((f, i) => {
            cap = Math.min(cap, f);
            return { userId: i + 2, partnershipBp: cap };
          }),
        ];
      });
    fc.assert(
      fc.property(
        chains,
        fc.integer({ min: -1e10, max: 1e10 }),
        fc.integer({ min: 0, max: 1e9 }),
        (c, net, commission) => {
          const split = splitResult(net, commission, c);
          expect(split.reduce((s, l) => s + l.shareBp, 0)).toBe(FULL_SHARE_BP);
          expect(split.reduce((s, l) => s + l.pnlSharePaise, 0)).toBe(0 - net);
          expect(split.reduce((s, l) => s + l.commissionSharePaise, 0)).toBe(commission);
          for (const l of split) {
            expect(Math.abs(l.pnlSharePaise - (-net * l.shareBp) / FULL_SHARE_BP)).toBeLessThan(split.length);
            expect(l.commissionSharePaise).toBeGreaterThanOrEqual(0);
          }
          // What goes up from the bettor is its whole result with the rebate.
          expect(owedUp(split, split.length - 1)).toBe(0 - net - commission);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
