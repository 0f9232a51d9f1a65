import { describe, expect, it } from 'vitest';
import { marketShowsInPlay, matchStateLabel, matchStateOf, meetingStateOf, raceStateLabel, raceStateOf } from './catalog.ts';

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

describe('race and meeting state', () => {
  const won = { kind: 'WINNERS' as const, winners: ['Dancing Brave'] };
  const off = { started: true, hasMarkets: true, result: null };

  it('a race is upcoming before its off, off while running, finished with its winner, abandoned when not run', () => {
    expect(raceStateOf({ started: false, hasMarkets: true, result: null })).toBe('UPCOMING');
    expect(raceStateOf({ started: false, hasMarkets: false, result: null })).toBe('UPCOMING');
    expect(raceStateOf(off)).toBe('IN_PLAY');
    expect(raceStateOf({ ...off, result: won })).toBe('FINISHED');
    expect(raceStateOf({ ...off, result: { kind: 'VOID', winners: [] } })).toBe('ABANDONED');
    // Past its off with no market at all: never run.
    expect(raceStateOf({ started: true, hasMarkets: false, result: null })).toBe('ABANDONED');
  });

  it('a meeting is upcoming until its first race is off and finished when every race is done', () => {
    expect(meetingStateOf(['UPCOMING', 'UPCOMING'])).toBe('UPCOMING');
    expect(meetingStateOf(['FINISHED', 'UPCOMING'])).toBe('IN_PLAY');
    expect(meetingStateOf(['ABANDONED', 'UPCOMING'])).toBe('IN_PLAY');
    expect(meetingStateOf(['FINISHED', 'IN_PLAY'])).toBe('IN_PLAY');
    expect(meetingStateOf(['FINISHED', 'ABANDONED'])).toBe('FINISHED');
  });

  it('names a race as the racing screens do', () => {
    expect(raceStateLabel({ state: 'UPCOMING', result: null })).toBe('Upcoming');
    expect(raceStateLabel({ state: 'IN_PLAY', result: null })).toBe('Off');
    expect(raceStateLabel({ state: 'FINISHED', result: won })).toBe('Won by Dancing Brave');
    expect(raceStateLabel({ state: 'FINISHED', result: { kind: 'WINNERS', winners: ['A', 'B'] } })).toBe('Dead heat · A & B');
    expect(raceStateLabel({ state: 'ABANDONED', result: { kind: 'VOID', winners: [] } })).toBe('Abandoned · bets void');
    expect(raceStateLabel({ state: 'ABANDONED', result: null })).toBe('Not run');
  });
});
