/**
 * Cricket formats (issue 20, ADR 38): each series plays one (catalog-data.ts), which decides the
 * innings' overs, whether The Draw is a runner, and the session (fancy) lines of every innings.
 * The same format always gets the same lines: the side batting first gets its lines with the
 * match's markets, the chasers theirs at the innings break.
 */
import { hash } from './market-maker.ts';

export type CricketFormat = 'T20' | 'ODI' | 'FIRST_CLASS' | 'TEST';

interface FormatRules {
  /** Overs an innings may last: the day's play of a long format, in the demo (one innings a side). */
  overs: number;
  /** A first-class or Test match that runs out of time is drawn: The Draw is a runner. */
  drawable: boolean;
}

export const FORMATS: Record<CricketFormat, FormatRules> = {
  T20: { overs: 20, drawable: false },
  ODI: { overs: 50, drawable: false },
  FIRST_CLASS: { overs: 90, drawable: true },
  TEST: { overs: 90, drawable: true },
};

export const ballsOf = (format: CricketFormat) => FORMATS[format].overs * 6;

export interface SessionLine {
  name: string;
  line: number;
}

/**
 * The session lines of one innings (1: the side batting first, 2: the chasers, "(2nd inns)").
 * Limited overs: the powerplay's runs (6 overs of a T20, 10 of an ODI), the innings' full overs
 * and the fall of the first wicket. First-class and Test follow the rules' minimums: a session
 * (30 overs, void under 25), the first day's total (90 overs, void under 80; first innings), the
 * lambi (the innings' runs, void under 70) and the fall of the first wicket.
 */
export function sessionLines(format: CricketFormat, matchId: number, team: string, innings: 1 | 2): SessionLine[] {
  const suffix = innings === 2 ? ' (2nd inns)' : '';
  const h = (salt: number) => hash(matchId * salt + innings);
  const wicket = { name: `Fall of 1st Wkt ${team}${suffix}`, line: 20 + (h(13) % 20) };
  switch (format) {
    case 'T20':
      return [
        { name: `${team} 6 Over Runs${suffix}`, line: 40 + (h(1) % 16) },
        { name: `${team} 20 Over Runs${suffix}`, line: 150 + (h(7) % 40) },
        wicket,
      ];
    case 'ODI':
      return [
        { name: `${team} 10 Over Runs${suffix}`, line: 55 + (h(1) % 16) },
        { name: `${team} 50 Over Runs${suffix}`, line: 260 + (h(7) % 60) },
        wicket,
      ];
    case 'FIRST_CLASS':
    case 'TEST':
      return [
        { name: `${team} 30 Over Runs (session)${suffix}`, line: 90 + (h(1) % 30) },
        ...(innings === 1 ? [{ name: `${team} 90 Over Runs (Day 1)`, line: 260 + (h(5) % 50) }] : []),
        { name: `${team} Lambi${suffix}`, line: 280 + (h(7) % 60) },
        wicket,
      ];
  }
}
