import { describe, expect, it } from 'vitest';
import { askingOdds } from './asking-odds';

const at = (price: number) => ({ price, size: 100 });

describe('the odds an empty box opens the slip at', () => {
  it("is the side's best price when only a deeper box is empty", () => {
    expect(askingOdds({ back: [at(2.5)], lay: [at(2.6)] }, 'back', 3)).toBe(2.5);
  });

  it('is the best price on the other side when this side has none', () => {
    expect(askingOdds({ back: [], lay: [at(2.6), at(2.7)] }, 'back', 3)).toBe(2.6);
    expect(askingOdds({ back: [at(2.5), at(2.4)], lay: [] }, 'lay', 3)).toBe(2.5);
  });

  it('is even chances among the runners on the tick ladder when the runner has no price at all', () => {
    expect(askingOdds({ back: [], lay: [] }, 'back', 2)).toBe(2);
    expect(askingOdds({ back: [], lay: [] }, 'lay', 14)).toBe(14);
    // 23 is not on the ladder (20-30 goes by 1): still 23; 1 runner left still asks 2.00.
    expect(askingOdds({ back: [], lay: [] }, 'back', 23)).toBe(23);
    expect(askingOdds({ back: [], lay: [] }, 'back', 1)).toBe(2);
    // 37 is between 36 and 38 (30-50 goes by 2): the longer odds, as the slip rounds.
    expect(askingOdds({ back: [], lay: [] }, 'back', 37)).toBe(38);
  });
});
