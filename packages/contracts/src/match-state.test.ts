import { describe, expect, it } from 'vitest';
import { marketShowsInPlay, matchStateLabel, matchStateOf } from './catalog.ts';

describe('match state', () => {
  const facts = { inPlay: false, listed: true, started: false, result: null };
  const won = { kind: 'WINNERS' as const, winners: ['India'] };

  it('is upcoming, in play, or finished once a result is declared or a started fixture is unlisted', () => {
    expect(matchStateOf(facts)).toBe('UPCOMING');
    expect(matchStateOf({ ...facts, inPlay: true, started: true })).toBe('IN_PLAY');
    // A declared result wins over a fixture row still flagged in play.
    expect(matchStateOf({ ...facts, inPlay: true, started: true, result: won })).toBe('FINISHED');
    expect(matchStateOf({ ...facts, listed: false, started: true })).toBe('FINISHED');
    // Unlisted before its start (an operator hid it): not finished.
    expect(matchStateOf({ ...facts, listed: false })).toBe('UPCOMING');
  });

  it('is named the same way everywhere', () => {
    expect(matchStateLabel({ state: 'UPCOMING', result: null })).toBe('Upcoming');
    expect(matchStateLabel({ state: 'IN_PLAY', result: null })).toBe('In-Play');
    expect(matchStateLabel({ state: 'FINISHED', result: won })).toBe('Finished · India won');
    expect(matchStateLabel({ state: 'FINISHED', result: { kind: 'WINNERS', winners: ['A', 'B'] } })).toBe(
      'Finished · A & B won',
    );
    expect(matchStateLabel({ state: 'FINISHED', result: { kind: 'VOID', winners: [] } })).toBe('Finished · Void');
    expect(matchStateLabel({ state: 'FINISHED', result: null })).toBe('Finished');
  });

  it('lets a market header say In-Play only while its match is in play and the market is not closed', () => {
    const live = { in_play: true, status: 'OPEN' };
    expect(marketShowsInPlay(live, 'IN_PLAY')).toBe(true);
    expect(marketShowsInPlay(live, 'FINISHED')).toBe(false);
    expect(marketShowsInPlay(live, 'UPCOMING')).toBe(false);
    expect(marketShowsInPlay({ in_play: true, status: 'CLOSED' }, 'IN_PLAY')).toBe(false);
    expect(marketShowsInPlay({ in_play: false, status: 'OPEN' }, 'IN_PLAY')).toBe(false);
    // A race's market follows its own flag.
    expect(marketShowsInPlay(live)).toBe(true);
  });
});
