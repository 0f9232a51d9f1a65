import { describe, expect, it } from 'vitest';
import { RACING_SPORT_IDS, SPORT } from './catalog.ts';

// The spec's special sport ids written out (section 9): every other test names them through SPORT.
describe("the spec's sport ids", () => {
  it('has cricket 4 (listed first), racing 7 and 4339, Indian casino -1, hidden -17 and 2378961 (priority)', () => {
    expect(SPORT).toMatchObject({ CRICKET: 4, HORSE_RACING: 7, GREYHOUND_RACING: 4339, INDIAN_CASINO: -1, HIDDEN: -17, POLITICS: 2378961 });
    expect(RACING_SPORT_IDS).toEqual([7, 4339]);
  });
});
