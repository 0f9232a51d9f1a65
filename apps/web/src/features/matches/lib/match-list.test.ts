import { describe, expect, it } from 'vitest';
import { istTime } from '@/lib/format';
import {
  formatLine,
  groupBySeries,
  homeSportTabs,
  isOutright,
  isRacingSport,
  isSessionOnly,
  outcomePrices,
  sessionSummary,
  sortMatches,
  tableHeading,
} from './match-list';
import { matchPath, racingPath } from './match-paths';

const m = (match_name: string, match_Date: string, in_play = false, series_id = 1) => ({
  match_name,
  match_Date,
  in_play,
  series_id,
  series_name: `Series ${series_id}`,
});

describe('sortMatches', () => {
  it('puts in-play matches first, then orders by start time', () => {
    const sorted = sortMatches([
      m('Later', '2030-01-02T10:00:00Z'),
      m('Live late', '2030-01-01T12:00:00Z', true),
      m('Sooner', '2030-01-01T10:00:00Z'),
      m('Live early', '2030-01-01T09:00:00Z', true),
    ]);
    expect(sorted.map((x) => x.match_name)).toEqual(['Live early', 'Live late', 'Sooner', 'Later']);
  });

  it('puts unreadable times last and breaks ties by name, without touching its input', () => {
    const input = [m('B', 'soon'), m('Z', '2030-01-01T10:00:00Z'), m('A', '2030-01-01T10:00:00Z')];
    expect(sortMatches(input).map((x) => x.match_name)).toEqual(['A', 'Z', 'B']);
    expect(input.map((x) => x.match_name)).toEqual(['B', 'Z', 'A']);
  });
});

describe('groupBySeries', () => {
  it('groups sorted matches, a series placed by its first match', () => {
    const groups = groupBySeries([
      m('S1 later', '2030-01-03T10:00:00Z', false, 1),
      m('S2 live', '2030-01-05T10:00:00Z', true, 2),
      m('S1 sooner', '2030-01-02T10:00:00Z', false, 1),
    ]);
    expect(groups.map((g) => [g.series_name, g.matches.map((x) => x.match_name)])).toEqual([
      ['Series 2', ['S2 live']],
      ['Series 1', ['S1 sooner', 'S1 later']],
    ]);
  });
});

describe('homeSportTabs', () => {
  it('drops Indian casino and inactive sports and puts cricket first', () => {
    const tabs = homeSportTabs([
      { sport_id: 1, is_active: 1 },
      { sport_id: -1, is_active: 1 },
      { sport_id: 4, is_active: 1 },
      { sport_id: 2, is_active: 0 },
      { sport_id: 7, is_active: 1 },
    ]);
    expect(tabs.map((s) => s.sport_id)).toEqual([4, 1, 7]);
  });
});

describe('matchPath', () => {
  it('sends racing sports to the racing page of the IST day of the match', () => {
    expect(isRacingSport(7) && isRacingSport(4339) && !isRacingSport(4)).toBe(true);
    // 20:00 UTC on 1 March is 01:30 on 2 March in IST.
    expect(matchPath({ match_id: 55, sport_id: 7, match_Date: '2030-03-01T20:00:00Z' })).toBe(
      '/horse-racing/55/2030-03-02',
    );
    expect(matchPath({ match_id: 56, sport_id: 4339, match_Date: '2030-03-01T10:00:00Z' })).toBe(
      '/horse-racing/56/2030-03-01',
    );
  });

  it('uses the current IST day for a racing match without a readable time', () => {
    expect(matchPath({ match_id: 5, sport_id: 7, match_Date: '' }, new Date('2030-05-05T19:00:00Z'))).toBe(
      '/horse-racing/5/2030-05-06',
    );
  });

  it('sends every other sport to game-details', () => {
    expect(matchPath({ match_id: 9, sport_id: 4, match_Date: '2030-03-01T20:00:00Z' })).toBe(
      '/game-details/4/9',
    );
    expect(matchPath({ match_id: 10, sport_id: 2378961, match_Date: '2030-03-01T20:00:00Z' })).toBe(
      '/game-details/2378961/10',
    );
  });

  it('builds racing links with an optional race', () => {
    expect(racingPath(3, '2030-01-01')).toBe('/horse-racing/3/2030-01-01');
    expect(racingPath(3, '2030-01-01', 12)).toBe('/horse-racing/3/2030-01-01?race=12');
  });
});

describe('istTime', () => {
  it('gives HH:mm in IST', () => {
    expect(istTime('2030-03-01T20:05:00Z')).toBe('01:35');
    expect(istTime('2030-03-01T00:00:00Z')).toBe('05:30');
    expect(istTime('nonsense')).toBe('');
  });
});

describe('outcomePrices', () => {
  it('puts the draw under X and the two sides under 1 and 2', () => {
    const r = (name: string) => ({ name });
    expect(
      outcomePrices({ runners: [r('Arsenal'), r('Chelsea'), r('The Draw')] }).map((x) => x?.name),
    ).toEqual(['Arsenal', 'The Draw', 'Chelsea']);
    expect(outcomePrices({ runners: [r('India'), r('Australia')] }).map((x) => x?.name)).toEqual([
      'India',
      undefined,
      'Australia',
    ]);
    expect(outcomePrices(null)).toEqual([undefined, undefined, undefined]);
  });
});

describe('isOutright', () => {
  const runners = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `R${i + 1}` }));
  it('is a Winner market, or any market of more than three runners', () => {
    expect(isOutright({ market_type: 'WINNER', runners: runners(2) })).toBe(true);
    expect(isOutright({ market_type: 'MATCH_ODDS', runners: runners(5) })).toBe(true);
  });
  it('is not Match Odds of two or three runners (1 / X / 2), nor a match without a market', () => {
    expect(isOutright({ market_type: 'MATCH_ODDS', runners: runners(3) })).toBe(false);
    expect(isOutright({ market_type: 'MATCH_ODDS', runners: runners(2) })).toBe(false);
    expect(isOutright(null)).toBe(false);
  });
});

describe('session-only rows (binary sessions)', () => {
  const hours = { open: '10:00', close: '14:30', weekdays_only: true };
  const session = (over: Partial<Parameters<typeof sessionSummary>[0]> = {}) => ({
    status: 'OPEN',
    in_play: true,
    fancy: { no_line: 24408, yes_line: 24408 },
    session_hours: hours,
    ...over,
  });
  const odds = { market_type: 'MATCH_ODDS', runners: [1, 2] };
  const winner = { market_type: 'WINNER', runners: [1, 2, 3, 4] };

  it('shows the line and the session state instead of 1 / X / 2', () => {
    expect(sessionSummary(session())).toEqual({ line: 'Line 24,408', state: 'In session · closes 14:30 IST' });
    expect(sessionSummary(session({ in_play: false }))).toEqual({ line: 'Line 24,408', state: 'Session 10:00-14:30 IST (Mon-Fri)' });
    expect(sessionSummary(session({ status: 'SUSPENDED' })).state).toBe('Suspended');
    expect(sessionSummary(session({ status: 'CLOSED' })).state).toBe('Session closed');
    expect(sessionSummary(session({ fancy: null, session_hours: null, in_play: false }))).toEqual({
      line: 'Line -',
      state: 'Opens at the start time',
    });
    expect(formatLine(102500)).toBe('1,02,500');
  });

  it('is a session row only without Match Odds', () => {
    expect(isSessionOnly({ match_odds: null, session_line: session() })).toBe(true);
    expect(isSessionOnly({ match_odds: odds, session_line: session() })).toBe(false);
    expect(isSessionOnly({ match_odds: null, session_line: null })).toBe(false);
  });

  it('heads the table 1 / X / 2 only when a row has those boxes', () => {
    const sessionRow = { match_odds: null, session_line: session() };
    const outrightRow = { match_odds: winner, session_line: null };
    const matchRow = { match_odds: odds, session_line: null };
    expect(tableHeading([sessionRow, sessionRow])).toBe('Session line');
    expect(tableHeading([outrightRow])).toBe('Runners');
    expect(tableHeading([outrightRow, sessionRow])).toBe('Markets');
    expect(tableHeading([sessionRow, matchRow])).toBe('outcomes');
    expect(tableHeading([{ match_odds: null, session_line: null }])).toBe('outcomes');
    expect(tableHeading([])).toBe('outcomes');
  });
});
