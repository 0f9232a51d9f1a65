/** A slip draft for the bet-slip tests: backing runner 1 of market 10 at 2.04 with ₹500, `over` on top. */
import type { SlipDraft } from './draft';

export const draft = (over: Partial<SlipDraft> = {}): SlipDraft => ({
  matchId: 1,
  marketId: 10,
  kind: 'EXCHANGE',
  marketName: 'Match Odds',
  selectionId: 1,
  runnerName: 'Home',
  side: 'BACK',
  odds: 2.04,
  line: null,
  inPlay: false,
  betDelayMs: 0,
  minStake: 100,
  maxStake: 500_000,
  oddsText: '2.04',
  stakeText: '500',
  keepInPlay: false,
  ...over,
});
