/**
 * The catalog the feed keeps alive (fixtures.ts): static sports, series, cups and casino sections,
 * plus fixtures, racing meetings and binary sessions generated relative to a clock. Pure and
 * deterministic (no randomness): the same clock gives the same rows, so tests can rely on names
 * such as "India v Australia".
 */
import { SPORT, type BinarySession, DAY_MS, istDate, istDayStart } from '@exchange/contracts';
import { SESSION_HOURS } from '../services/betting/index.ts';
import type { CricketFormat } from './cricket-formats.ts';

export const SPORT_ID = {
  ...SPORT,
  KABADDI: 99994,
  BASKETBALL: 7522,
  TABLE_TENNIS: 2593174,
  ICE_HOCKEY: 7524,
  E_GAMES: 27454571,
  VOLLEYBALL: 998917,
  SNOOKER: 6422,
  /** Binary sessions: index stocks, commodities and US indices, one "match" per instrument and trading day. */
  BINARY: 99_990,
} as const;

export interface SportRow {
  sportId: number;
  name: string;
  isActive: boolean;
  order: number;
}
export const SPORTS: SportRow[] = [
  { sportId: SPORT_ID.CRICKET, name: 'Cricket', isActive: true, order: 1 },
  { sportId: SPORT_ID.FOOTBALL, name: 'Football', isActive: true, order: 2 },
  { sportId: SPORT_ID.TENNIS, name: 'Tennis', isActive: true, order: 3 },
  { sportId: SPORT_ID.HORSE_RACING, name: 'Horse Racing', isActive: true, order: 4 },
  { sportId: SPORT_ID.GREYHOUND_RACING, name: 'Greyhound Racing', isActive: true, order: 5 },
  { sportId: SPORT_ID.POLITICS, name: 'Politics', isActive: true, order: 6 },
  { sportId: SPORT_ID.KABADDI, name: 'Kabaddi', isActive: true, order: 7 },
  { sportId: SPORT_ID.BASKETBALL, name: 'Basketball', isActive: true, order: 8 },
  { sportId: SPORT_ID.TABLE_TENNIS, name: 'Table Tennis', isActive: true, order: 9 },
  { sportId: SPORT_ID.ICE_HOCKEY, name: 'Ice Hockey', isActive: true, order: 10 },
  { sportId: SPORT_ID.VOLLEYBALL, name: 'Volleyball', isActive: true, order: 11 },
  { sportId: SPORT_ID.E_GAMES, name: 'E-Games', isActive: true, order: 12 },
  { sportId: SPORT_ID.INDIAN_CASINO, name: 'Indian Casino', isActive: true, order: 13 },
  { sportId: SPORT_ID.SNOOKER, name: 'Snooker', isActive: false, order: 14 },
  { sportId: SPORT_ID.BINARY, name: 'Binary', isActive: true, order: 15 },
  // Active but never listed (spec section 9).
  { sportId: SPORT_ID.HIDDEN, name: 'Special Markets', isActive: true, order: 99 },
];

interface SeriesDef {
  seriesId: number;
  sportId: number;
  name: string;
  matches: string[];
  /** Cricket: the format the series plays (cricket-formats.ts). */
  format?: CricketFormat;
}
/** Non-racing series and their fixtures, in the order fixtures are generated. */
export const SERIES: SeriesDef[] = [
  { seriesId: 101, sportId: SPORT_ID.CRICKET, name: 'Indian Premier League', format: 'T20', matches: ['Mumbai Indians v Chennai Super Kings', 'Royal Challengers Bengaluru v Kolkata Knight Riders', 'Delhi Capitals v Rajasthan Royals', 'Sunrisers Hyderabad v Punjab Kings'] },
  { seriesId: 102, sportId: SPORT_ID.CRICKET, name: 'ICC World Cup', format: 'ODI', matches: ['India v Australia', 'England v South Africa', 'Pakistan v New Zealand'] },
  { seriesId: 103, sportId: SPORT_ID.CRICKET, name: 'Big Bash League', format: 'T20', matches: ['Sydney Sixers v Perth Scorchers', 'Melbourne Stars v Brisbane Heat'] },
  { seriesId: 104, sportId: SPORT_ID.CRICKET, name: 'Ranji Trophy', format: 'FIRST_CLASS', matches: ['Mumbai v Karnataka', 'Delhi v Tamil Nadu'] },
  { seriesId: 201, sportId: SPORT_ID.FOOTBALL, name: 'English Premier League', matches: ['Arsenal v Chelsea', 'Liverpool v Manchester City', 'Tottenham v Newcastle'] },
  { seriesId: 202, sportId: SPORT_ID.FOOTBALL, name: 'La Liga', matches: ['Real Madrid v Barcelona', 'Atletico Madrid v Sevilla'] },
  { seriesId: 203, sportId: SPORT_ID.FOOTBALL, name: 'UEFA Champions League', matches: ['Bayern Munich v Inter Milan', 'Paris Saint-Germain v Juventus'] },
  { seriesId: 301, sportId: SPORT_ID.TENNIS, name: 'ATP Finals', matches: ['Novak Djokovic v Carlos Alcaraz', 'Jannik Sinner v Daniil Medvedev'] },
  { seriesId: 302, sportId: SPORT_ID.TENNIS, name: 'WTA Finals', matches: ['Aryna Sabalenka v Iga Swiatek', 'Coco Gauff v Elena Rybakina'] },
  { seriesId: 401, sportId: SPORT_ID.POLITICS, name: 'US Politics', matches: ['US Midterms 2026 - Winner', 'US Midterms 2026 - Senate Control'] },
  { seriesId: 402, sportId: SPORT_ID.POLITICS, name: 'Indian Politics', matches: ['Next Lok Sabha Election - Most Seats'] },
  { seriesId: 501, sportId: SPORT_ID.KABADDI, name: 'Pro Kabaddi League', matches: ['Patna Pirates v Bengal Warriors', 'Jaipur Pink Panthers v U Mumba'] },
  { seriesId: 601, sportId: SPORT_ID.BASKETBALL, name: 'NBA', matches: ['Los Angeles Lakers v Boston Celtics', 'Golden State Warriors v Miami Heat'] },
  { seriesId: 701, sportId: SPORT_ID.TABLE_TENNIS, name: 'WTT Champions', matches: ['Fan Zhendong v Ma Long'] },
  { seriesId: 801, sportId: SPORT_ID.ICE_HOCKEY, name: 'NHL', matches: ['Toronto Maple Leafs v Montreal Canadiens'] },
  { seriesId: 901, sportId: SPORT_ID.VOLLEYBALL, name: 'Volleyball Nations League', matches: ['Brazil v Poland'] },
  { seriesId: 1001, sportId: SPORT_ID.E_GAMES, name: 'Counter-Strike Major', matches: ['Natus Vincere v FaZe Clan'] },
  { seriesId: 1101, sportId: SPORT_ID.SNOOKER, name: 'UK Championship', matches: ['Ronnie O Sullivan v Judd Trump'] },
];

/** A cricket series' format; T20 for one the catalog does not know (an operator's, ADR 36). */
export const cricketFormatOf = (seriesId: number): CricketFormat => SERIES.find((s) => s.seriesId === seriesId)?.format ?? 'T20';

/** How many of a sport's first fixtures are in play at seed time (cricket the most). */
export const IN_PLAY_COUNT: Record<number, number> = {
  [SPORT_ID.CRICKET]: 3,
  [SPORT_ID.FOOTBALL]: 2,
  [SPORT_ID.TENNIS]: 1,
  [SPORT_ID.KABADDI]: 1,
  [SPORT_ID.BASKETBALL]: 1,
};

/** After this long past its start a fixture is over: no longer in play, no longer listed. */
const MATCH_DURATION_MS: Record<number, number> = {
  [SPORT_ID.CRICKET]: 10 * 3_600_000,
  [SPORT_ID.FOOTBALL]: 2.5 * 3_600_000,
  [SPORT_ID.POLITICS]: 24 * 3_600_000,
  [SPORT_ID.HORSE_RACING]: 18 * 3_600_000,
  // The feed settles a session at its close; a day later the catalog retires what it did not.
  [SPORT_ID.BINARY]: 24 * 3_600_000,
  [SPORT_ID.GREYHOUND_RACING]: 18 * 3_600_000,
};
export const matchDurationMs = (sportId: number) => MATCH_DURATION_MS[sportId] ?? 4 * 3_600_000;

export const CUPS = [
  { cupId: 1, name: 'IPL', sportId: SPORT_ID.CRICKET, seriesId: 101 },
  { cupId: 2, name: 'World Cup', sportId: SPORT_ID.CRICKET, seriesId: 102 },
  { cupId: 3, name: 'Premier League', sportId: SPORT_ID.FOOTBALL, seriesId: 201 },
  { cupId: 4, name: 'Champions League', sportId: SPORT_ID.FOOTBALL, seriesId: 203 },
  { cupId: 5, name: 'Pro Kabaddi', sportId: SPORT_ID.KABADDI, seriesId: 501 },
];

/** Casino sections (the static game list's categories), in menu order. */
export const CASINO_SPORTS = [
  { sportId: 1, name: 'Teenpatti', isActive: true, order: 1 },
  { sportId: 2, name: 'Andar Bahar', isActive: true, order: 2 },
  { sportId: 3, name: 'Dragon Tiger', isActive: true, order: 3 },
  { sportId: 4, name: 'Baccarat', isActive: true, order: 4 },
  { sportId: 5, name: 'Roulette', isActive: true, order: 5 },
  { sportId: 6, name: 'Poker', isActive: true, order: 6 },
  { sportId: 7, name: 'Lucky 7', isActive: true, order: 7 },
  { sportId: 8, name: '32 Cards', isActive: true, order: 8 },
  { sportId: 9, name: 'Sic Bo', isActive: false, order: 9 },
  { sportId: 10, name: 'Others', isActive: true, order: 10 },
];

// ---- racing -------------------------------------------------------------------------------

const COUNTRIES = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'AU', name: 'Australia' },
  { code: 'US', name: 'United States' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'FR', name: 'France' },
  { code: 'IN', name: 'India' },
] as const;

interface VenueDef {
  venue: string;
  country: (typeof COUNTRIES)[number]['code'];
  /**
   * First race, minutes after IST midnight (every race stays inside the IST day): racing runs
   * somewhere within two hours of any hour of the Indian day (the US at night, Australia in the
   * morning, India and South Africa at midday, the UK, Ireland and France in the afternoon and
   * evening).
   */
  firstRaceIstMinutes: number;
}
const HORSE_VENUES: VenueDef[] = [
  { venue: 'Kempton', country: 'GB', firstRaceIstMinutes: 17 * 60 + 30 },
  { venue: 'Ascot', country: 'GB', firstRaceIstMinutes: 17 * 60 + 45 },
  { venue: 'Leopardstown', country: 'IE', firstRaceIstMinutes: 16 * 60 + 45 },
  { venue: 'Flemington', country: 'AU', firstRaceIstMinutes: 6 * 60 + 30 },
  { venue: 'Randwick', country: 'AU', firstRaceIstMinutes: 6 * 60 + 45 },
  { venue: 'Belmont Park', country: 'US', firstRaceIstMinutes: 20 * 60 },
  { venue: 'Turffontein', country: 'ZA', firstRaceIstMinutes: 14 * 60 },
  { venue: 'Chantilly', country: 'FR', firstRaceIstMinutes: 15 * 60 + 30 },
  { venue: 'Mumbai', country: 'IN', firstRaceIstMinutes: 12 * 60 + 30 },
  // Appended: a venue's index is part of its meetings' ids.
  { venue: 'Gulfstream Park', country: 'US', firstRaceIstMinutes: 20 * 60 + 15 },
  { venue: 'Santa Anita', country: 'US', firstRaceIstMinutes: 15 },
  { venue: 'Eagle Farm', country: 'AU', firstRaceIstMinutes: 5 * 60 + 30 },
];
const GREYHOUND_VENUES: VenueDef[] = [
  { venue: 'Romford', country: 'GB', firstRaceIstMinutes: 15 * 60 },
  { venue: 'Towcester', country: 'GB', firstRaceIstMinutes: 15 * 60 + 10 },
  { venue: 'Shelbourne Park', country: 'IE', firstRaceIstMinutes: 21 * 60 + 30 },
  { venue: 'The Meadows', country: 'AU', firstRaceIstMinutes: 10 * 60 },
  { venue: 'Wentworth Park', country: 'AU', firstRaceIstMinutes: 10 * 60 + 10 },
  { venue: 'Southland', country: 'US', firstRaceIstMinutes: 21 * 60 },
  { venue: 'Angle Park', country: 'AU', firstRaceIstMinutes: 13 * 60 + 30 },
  { venue: 'Wheeling Downs', country: 'US', firstRaceIstMinutes: 30 },
];

const RACING = [
  { sportId: SPORT_ID.HORSE_RACING, venues: HORSE_VENUES, seriesBase: 7000, idBase: 50_000_000, raceGapMinutes: 30 },
  { sportId: SPORT_ID.GREYHOUND_RACING, venues: GREYHOUND_VENUES, seriesBase: 8000, idBase: 60_000_000, raceGapMinutes: 17 },
];

/** One series per racing country, e.g. "United Kingdom" under Horse Racing. */
export function racingSeries() {
  return RACING.flatMap((r) =>
    COUNTRIES.filter((c) => r.venues.some((v) => v.country === c.code)).map((c) => ({
      seriesId: r.seriesBase + COUNTRIES.findIndex((x) => x.code === c.code),
      sportId: r.sportId,
      name: c.name,
    })),
  );
}

const ordinal = (n: number) => {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "22nd Nov" for an IST date yyyy-MM-dd. */
export function meetingDayLabel(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${ordinal(date ?? 1)} ${MONTHS[(month ?? 1) - 1]}`;
}

const HORSE_DISTANCES = ['5f', '6f', '7f', '1m', '1m2f', '1m4f', '2m'];
const HORSE_CLASSES = ['Mdn', 'Hcap', 'Stks', 'Nov Hrd', 'Listed'];
const DOG_DISTANCES = ['480m', '500m', '525m', '715m'];

export interface RacingMeeting {
  match: {
    matchId: number;
    seriesId: number;
    sportId: number;
    matchName: string;
    startTime: Date;
    venue: string;
    countryCode: string;
  };
  races: { raceId: number; matchId: number; name: string; startTime: Date }[];
}

/**
 * The meetings of one IST day for both racing sports. Ids derive from the day and the venue, so
 * generating the same day twice gives the same rows (inserted once).
 */
export function racingMeetings(day: string): RacingMeeting[] {
  const dayStart = istDayStart(day);
  const dayNumber = Math.round(dayStart.getTime() / DAY_MS);
  return RACING.flatMap((r) =>
    r.venues.map((v, venueIndex) => {
      const matchId = r.idBase + dayNumber * 100 + venueIndex;
      const raceCount = 6 + ((venueIndex + dayNumber) % 3);
      const races = Array.from({ length: raceCount }, (_, i) => {
        const n = i + 1;
        const name =
          r.sportId === SPORT_ID.HORSE_RACING
            ? `R${n} ${HORSE_DISTANCES[(n + venueIndex) % HORSE_DISTANCES.length]} ${HORSE_CLASSES[(n + dayNumber) % HORSE_CLASSES.length]}`
            : `R${n} A${((n + venueIndex) % 6) + 1} ${DOG_DISTANCES[(n + dayNumber) % DOG_DISTANCES.length]}`;
        const startTime = new Date(dayStart.getTime() + (v.firstRaceIstMinutes + i * r.raceGapMinutes) * 60_000);
        return { raceId: matchId * 10 + n, matchId, name, startTime };
      });
      return {
        match: {
          matchId,
          seriesId: r.seriesBase + COUNTRIES.findIndex((c) => c.code === v.country),
          sportId: r.sportId,
          matchName: `${v.venue} (${v.country}) ${meetingDayLabel(day)}`,
          startTime: races[0]!.startTime,
          venue: v.venue,
          countryCode: v.country,
        },
        races,
      };
    }),
  );
}

/**
 * IST days with racing meetings listed, today's included: tomorrow's card is there all of today
 * (at 23:20 IST the next races are tomorrow's), and every race listed is quoted by the market
 * maker, so a third day would only tie up its float and slow the start (ADR 38).
 */
export const RACING_DAYS = 2;

/** The IST dates from the clock's day on, `count` days. */
export function istDaysFrom(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => istDate(new Date(now.getTime() + i * DAY_MS)));
}

// ---- binary sessions ----------------------------------------------------------------------

export interface Instrument {
  /** Stable key; ids derive from the position in the list (append only). */
  key: string;
  name: string;
  session: BinarySession;
  /** Where the price starts from, about. */
  base: number;
}

export const INSTRUMENTS: readonly Instrument[] = [
  { key: 'NIFTY', name: 'NIFTY 50', session: 'INDEX', base: 24_500 },
  { key: 'BANKNIFTY', name: 'BANK NIFTY', session: 'INDEX', base: 52_000 },
  { key: 'SENSEX', name: 'SENSEX', session: 'INDEX', base: 80_500 },
  { key: 'GOLD', name: 'GOLD', session: 'COMMODITY', base: 76_000 },
  { key: 'SILVER', name: 'SILVER', session: 'COMMODITY', base: 92_000 },
  { key: 'CRUDE', name: 'CRUDE OIL', session: 'COMMODITY', base: 5_900 },
  { key: 'DOW', name: 'DOW JONES', session: 'US_INDEX', base: 44_000 },
  { key: 'NASDAQ', name: 'NASDAQ 100', session: 'US_INDEX', base: 20_800 },
  { key: 'SP500', name: 'S&P 500', session: 'US_INDEX', base: 5_950 },
];

const BINARY_SERIES: Record<BinarySession, { seriesId: number; name: string }> = {
  INDEX: { seriesId: 1201, name: 'Index Stocks' },
  COMMODITY: { seriesId: 1202, name: 'Commodities' },
  US_INDEX: { seriesId: 1203, name: 'US Indices' },
};
export const binarySeries = () => Object.values(BINARY_SERIES).map((s) => ({ ...s, sportId: SPORT_ID.BINARY }));

const BINARY_ID_BASE = 70_000_000;

/** Days since 1970-01-01 in IST of an IST date (yyyy-MM-dd). */
export const istDayNumber = (day: string) => Math.round(istDayStart(day).getTime() / DAY_MS);

/**
 * The binary sessions of one IST day: a "match" per instrument trading that day (index stocks
 * Monday to Friday), from its open to its close. Ids derive from the day and the instrument.
 */
export function binarySessions(day: string) {
  const dayStart = istDayStart(day);
  const dayNumber = istDayNumber(day);
  const weekday = new Date(dayStart.getTime() + 12 * 3_600_000).getUTCDay();
  return INSTRUMENTS.flatMap((instrument, i) => {
    const hours = SESSION_HOURS[instrument.session];
    if (hours.weekdaysOnly && (weekday === 0 || weekday === 6)) return [];
    return [
      {
        matchId: BINARY_ID_BASE + dayNumber * 100 + i,
        seriesId: BINARY_SERIES[instrument.session].seriesId,
        sportId: SPORT_ID.BINARY,
        matchName: `${instrument.name} ${meetingDayLabel(day)}`,
        startTime: new Date(dayStart.getTime() + hours.openMinute * 60_000),
      },
    ];
  });
}

/** The instrument and IST day number of a binary session's match id. */
export function binaryOf(matchId: number): { instrument: Instrument; dayNumber: number } | null {
  const offset = matchId - BINARY_ID_BASE;
  const instrument = INSTRUMENTS[offset % 100];
  if (offset < 0 || !instrument) return null;
  return { instrument, dayNumber: Math.floor(offset / 100) };
}

// ---- other sports ---------------------------------------------------------------------------

const FIVE_MINUTES = 5 * 60_000;
const FIXTURE_SPAN_MS = 3 * DAY_MS;

/** A sport's fixtures in the order they are generated: its series' interleaved (first of each, then second...). */
export function sportFixtures(sportId: number): { seriesId: number; name: string }[] {
  const own = SERIES.filter((s) => s.sportId === sportId);
  const longest = Math.max(0, ...own.map((s) => s.matches.length));
  const out: { seriesId: number; name: string }[] = [];
  for (let k = 0; k < longest; k++)
    for (const s of own) if (s.matches[k] !== undefined) out.push({ seriesId: s.seriesId, name: s.matches[k]! });
  return out;
}

/** Sports with generated fixtures (every non-racing sport with series). */
export const FIXTURE_SPORT_IDS: number[] = [...new Set(SERIES.map((s) => s.sportId))];

/**
 * One batch of non-racing fixtures relative to `now`, ids from `firstMatchId`. The first few of a
 * sport started within the last hour and are in play; the rest spread over the next 3 days.
 */
export function fixtureBatch(now: Date, firstMatchId: number) {
  const base = Math.floor(now.getTime() / FIVE_MINUTES) * FIVE_MINUTES;
  let nextId = firstMatchId;
  // Per sport, the series' fixtures interleaved, so the in-play ones come from different series.
  return FIXTURE_SPORT_IDS.flatMap((sportId) => {
    const fixtures = sportFixtures(sportId);
    const inPlay = IN_PLAY_COUNT[sportId] ?? 0;
    const upcoming = fixtures.length - inPlay;
    return fixtures.map((f, i) => {
      const live = i < inPlay;
      const startMs = live
        ? base - (10 + 15 * i) * 60_000
        : base + Math.round(((i - inPlay + 1) * FIXTURE_SPAN_MS) / (upcoming + 1) / FIVE_MINUTES) * FIVE_MINUTES;
      return {
        matchId: nextId++,
        seriesId: f.seriesId,
        sportId,
        matchName: f.name,
        startTime: new Date(startMs),
        inPlay: live,
        // Early in the first innings, so the session lines (6 overs, first wicket) are still open.
        score: live && sportId === SPORT_ID.CRICKET ? `${9 + 7 * i}/0 (${1 + i}.${i + 1} ov)` : null,
      };
    });
  });
}

/** A sport keeps fixtures published at least this far ahead (the upkeep tops it up). */
export const FIXTURES_AHEAD_MS = 2 * DAY_MS;

/**
 * The next round of one sport's fixtures, spread over the 3 days after `after` (none in play), ids
 * from `firstMatchId`, named as none of the sport's live or upcoming matches (`taken`) is.
 */
export function fixturesAfter(sportId: number, after: Date, firstMatchId: number, taken: ReadonlySet<string>) {
  const count = sportFixtures(sportId).length;
  const base = Math.ceil(after.getTime() / FIVE_MINUTES) * FIVE_MINUTES;
  const names = new Set(taken);
  return Array.from({ length: count }, (_, i) => {
    const f = freshFixture(sportId, i, names);
    names.add(f.name);
    return {
      matchId: firstMatchId + i,
      seriesId: f.seriesId,
      sportId,
      matchName: f.name,
      startTime: new Date(base + Math.max(1, Math.round(((i + 1) * FIXTURE_SPAN_MS) / (count + 1) / FIVE_MINUTES)) * FIVE_MINUTES),
      inPlay: false,
      score: null,
    };
  });
}

/**
 * The `k`-th of a sport's fixture names, round and round, or the next one no live or upcoming
 * match of the sport has (`taken`): two matches on the list never share a name. When every
 * listed name is taken, the teams of a series are paired anew ("Mumbai v Delhi", the return
 * fixture "Poland v Brazil").
 */
export function freshFixture(sportId: number, k: number, taken: ReadonlySet<string>): { seriesId: number; name: string } {
  const fixtures = sportFixtures(sportId);
  const rotation = fixtures.map((_, i) => fixtures[(k + i) % fixtures.length]!);
  const pairings = rotation.flatMap((f) => {
    const teams = [...new Set(fixtures.filter((x) => x.seriesId === f.seriesId).flatMap((x) => x.name.split(' v ')))];
    return teams.flatMap((home) => teams.filter((away) => away !== home).map((away) => ({ seriesId: f.seriesId, name: `${home} v ${away}` })));
  });
  return [...rotation, ...pairings].find((c) => !taken.has(c.name)) ?? rotation[0]!;
}

/**
 * A fixture starting `at`, for a sport short of matches in play (the demo plays faster than a
 * calendar): the `k`-th of its fixture names, or the next one not `taken`.
 */
export function extraFixture(sportId: number, at: Date, k: number, matchId: number, taken: ReadonlySet<string>) {
  const f = freshFixture(sportId, k, taken);
  // Published on the whole minute, as every fixture list shows start times (not 12:34:04).
  const startTime = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  return { matchId, seriesId: f.seriesId, sportId, matchName: f.name, startTime, inPlay: false, score: null };
}
