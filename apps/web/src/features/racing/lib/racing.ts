import { raceStateLabel, SPORT, type MatchResult, type RaceState } from '@exchange/contracts';
import { DAY_MS, istDate } from '@exchange/contracts/ist';
import { formatIst } from '@/lib/format';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The racing page of a venue on an IST day, optionally opened on one race. */
export function venuePath(matchId: number, date: string, raceId?: number): string {
  return `/horse-racing/${matchId}/${date}${raceId == null ? '' : `?race=${raceId}`}`;
}

export interface RaceDay {
  date: string;
  label: string;
}

/** The route's date when it is a yyyy-MM-dd day, else today in IST. */
export function routeDay(date: string | undefined, now: Date = new Date()): string {
  return date && YMD.test(date) && !Number.isNaN(Date.parse(date)) ? date : istDate(now);
}

/** Today, tomorrow and the day after in IST; a different route date (an old link) is added in order. */
export function raceDays(selected: string, now: Date = new Date()): RaceDay[] {
  const days = [0, 1, 2].map((n) => {
    const at = new Date(now.getTime() + n * DAY_MS);
    const date = istDate(at);
    const label = n === 0 ? 'Today' : n === 1 ? 'Tomorrow' : formatIst(at).slice(0, 5);
    return { date, label };
  });
  if (!days.some((d) => d.date === selected)) {
    days.push({
      date: selected,
      label: `${selected.slice(8, 10)}/${selected.slice(5, 7)}/${selected.slice(0, 4)}`,
    });
    days.sort((a, b) => a.date.localeCompare(b.date));
  }
  return days;
}

/** The racing countries in the usual order (GB, IE, AU, US, ZA, FR, IN), any others after them A-Z. */
const COUNTRY_ORDER = ['GB', 'IE', 'AU', 'US', 'ZA', 'FR', 'IN'];
export function orderCountries(codes: readonly string[]): string[] {
  const rank = (c: string) => {
    const i = COUNTRY_ORDER.indexOf(c);
    return i === -1 ? COUNTRY_ORDER.length : i;
  };
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The racing sport of the page: greyhounds (4339) when the match or the query says so, else horses (7). */
export function racingSportId(matchSportId: number | undefined, queryParam: string | null): number {
  if (matchSportId === SPORT.HORSE_RACING || matchSportId === SPORT.GREYHOUND_RACING) return matchSportId;
  return Number(queryParam) === SPORT.GREYHOUND_RACING ? SPORT.GREYHOUND_RACING : SPORT.HORSE_RACING;
}

interface Race {
  race_id: number;
  market_start_time: string;
}

/** The race to open: the one asked for, else the next off, else the last of the day. */
export function pickRace<T extends Race>(
  races: readonly T[],
  asked: number | null,
  now: Date = new Date(),
): T | undefined {
  const byId = races.find((r) => r.race_id === asked);
  if (byId) return byId;
  const sorted = [...races].sort((a, b) => Date.parse(a.market_start_time) - Date.parse(b.market_start_time));
  return sorted.find((r) => Date.parse(r.market_start_time) >= now.getTime()) ?? sorted[sorted.length - 1];
}

/** A race chip's or tab's modifier: past races greyed, the running one marked, by the race's state. */
export function raceChipModifier(state: RaceState): string {
  return { UPCOMING: '', IN_PLAY: 'off', FINISHED: 'done', ABANDONED: 'void' }[state];
}

/** The race card's box when the race has no market to show: why, by its state (ADR 27, races). */
export function raceEmptyText(race: { state: RaceState; result: MatchResult | null }): string {
  if (race.state === 'UPCOMING') return 'No markets open for this race yet';
  if (race.state === 'IN_PLAY') return 'The race is off';
  if (race.state === 'FINISHED') return `Result: ${raceStateLabel(race)}`;
  return race.result ? 'Abandoned: the race was not run. Bets are void and stakes returned.' : 'Not run: this race was not run.';
}
