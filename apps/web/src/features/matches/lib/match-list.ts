import { RACING_SPORT_IDS, SPORT } from '@exchange/contracts';

interface Listed {
  in_play: boolean;
  match_Date: string;
  match_name: string;
}

const startMs = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/** In-play matches first, then by start time (unreadable times last), then by name. */
export function sortMatches<T extends Listed>(matches: readonly T[]): T[] {
  return [...matches].sort(
    (a, b) =>
      Number(b.in_play) - Number(a.in_play) ||
      startMs(a.match_Date) - startMs(b.match_Date) ||
      a.match_name.localeCompare(b.match_name),
  );
}

export interface SeriesGroup<T> {
  series_id: number;
  series_name: string;
  matches: T[];
}

/** Series groups of the sorted matches; a series sits where its first (in-play or soonest) match does. */
export function groupBySeries<T extends Listed & { series_id: number; series_name: string }>(
  matches: readonly T[],
): SeriesGroup<T>[] {
  const groups = new Map<number, SeriesGroup<T>>();
  for (const m of sortMatches(matches)) {
    let group = groups.get(m.series_id);
    if (!group) {
      group = { series_id: m.series_id, series_name: m.series_name, matches: [] };
      groups.set(m.series_id, group);
    }
    group.matches.push(m);
  }
  return [...groups.values()];
}

export function isRacingSport(sportId: number): boolean {
  return RACING_SPORT_IDS.includes(sportId);
}

/** The home page's sport tabs: active sports without Indian casino (-1) and the hidden sport, cricket (4) first. */
export function homeSportTabs<T extends { sport_id: number; is_active: number }>(sports: readonly T[]): T[] {
  const shown = sports.filter(
    (s) => s.is_active === 1 && s.sport_id !== SPORT.INDIAN_CASINO && s.sport_id !== SPORT.HIDDEN,
  );
  return [
    ...shown.filter((s) => s.sport_id === SPORT.CRICKET),
    ...shown.filter((s) => s.sport_id !== SPORT.CRICKET),
  ];
}

interface ListedRunner {
  name: string;
}

/**
 * The list's 1 / X / 2 columns from a Match Odds market: the draw is X, the other runners are
 * 1 and 2 in market order; a missing outcome is undefined (a dash).
 */
export function outcomePrices<R extends ListedRunner>(
  odds: { runners: readonly R[] } | null,
): [R | undefined, R | undefined, R | undefined] {
  if (!odds) return [undefined, undefined, undefined];
  const isDraw = (r: R) => /^(the )?draw$/i.test(r.name.trim());
  const sides = odds.runners.filter((r) => !isDraw(r));
  return [sides[0], odds.runners.find(isDraw), sides[1]];
}

/**
 * An outright (a Winner market such as an election, or any market of more than three runners)
 * does not fit the 1 / X / 2 columns: the list shows its runners by name instead.
 */
export function isOutright(odds: { market_type: string; runners: readonly unknown[] } | null): boolean {
  return odds !== null && (odds.market_type !== 'MATCH_ODDS' || odds.runners.length > 3);
}

/** A session line as listed (match/getMatches' `session_line`). */
export interface ListedSession {
  status: string;
  in_play: boolean;
  fancy: { no_line: number | null; yes_line: number | null } | null;
  session_hours: { open: string; close: string; weekdays_only: boolean } | null;
}

/** Lines and rates are whole numbers, grouped the Indian way (24,408; 1,02,500). */
export const formatLine = (n: number | null | undefined): string => (n == null ? '-' : n.toLocaleString('en-IN'));

/**
 * A session-only event (a binary session) has no Match Odds to fill 1 / X / 2: the list shows its
 * line and hours instead. A row with Match Odds keeps its boxes whatever else it has.
 */
export function isSessionOnly(m: { match_odds: unknown; session_line: ListedSession | null }): boolean {
  return m.match_odds === null && m.session_line !== null;
}

/**
 * The session's line and where it stands: "Line 24,408", then "In session · closes 14:30 IST",
 * "Session 10:00-14:30 IST (Mon-Fri)" before it opens, "Suspended" or "Closed".
 */
export function sessionSummary(s: ListedSession): { line: string; state: string } {
  const line = s.fancy?.yes_line ?? s.fancy?.no_line ?? null;
  const hours = s.session_hours;
  let state: string;
  if (s.status === 'CLOSED') state = 'Session closed';
  else if (s.status === 'SUSPENDED') state = 'Suspended';
  else if (s.in_play) state = hours ? `In session · closes ${hours.close} IST` : 'In session';
  else if (hours) state = `Session ${hours.open}-${hours.close} IST${hours.weekdays_only ? ' (Mon-Fri)' : ''}`;
  else state = 'Opens at the start time';
  return { line: `Line ${formatLine(line)}`, state };
}

/**
 * The list's column heading: 1 / X / 2 when any row has Match Odds boxes; otherwise what the rows
 * show, an outright's runners or a session's line.
 */
export function tableHeading(
  matches: readonly { match_odds: { market_type: string; runners: readonly unknown[] } | null; session_line: ListedSession | null }[],
): 'outcomes' | 'Runners' | 'Session line' | 'Markets' {
  if (matches.length === 0) return 'outcomes';
  const outrights = matches.filter((m) => isOutright(m.match_odds)).length;
  const sessions = matches.filter(isSessionOnly).length;
  if (outrights + sessions < matches.length) return 'outcomes';
  if (sessions === 0) return 'Runners';
  if (outrights === 0) return 'Session line';
  return 'Markets';
}
