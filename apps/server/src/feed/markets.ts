/**
 * The markets of the catalog's fixtures and races, created through the betting service, and a
 * market maker ('mm1') that rests back and lay liquidity around a fair price through the same bet
 * path as any bettor, so a bettor's back at the shown price is matched by a real counter-order.
 * Run at every start (seed/start.ts) and by the feed for the fixtures it adds (match-feed.ts).
 * Deterministic and idempotent: markets have natural keys, the market maker's orders have
 * client_refs, and markets that already got liquidity are skipped. The console's matches and
 * races (ADR 36) get only the markets the operator creates.
 *
 *   every non-racing match   Match Odds (exchange; Winner for politics)
 *   cricket                  Bookmaker and its format's session lines (The Draw in first-class and Test)
 *   binary session           a yes/no line on the close (NIFTY 50, GOLD, DOW JONES...)
 *   every race ahead         WIN and PLACE (exchange)
 */
import { and, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { SPORT } from '@exchange/contracts';
import type { Db } from '../db/client.ts';
import { markets, matches, orders, races } from '../db/schema/index.ts';
import { sessionHoursOf, type BettingService, type CreateMarketInput } from '../services/betting/index.ts';
import type { MarketState } from '../services/betting/index.ts';
import { feedMatch } from '../services/catalog-admin.ts';
import { DEMO_PASSWORD } from '../services/demo-accounts.ts';
import { accountOfUser, transfer, worldAccount } from '../services/money/index.ts';
import { muteNotifications } from '../services/notifications/index.ts';
import { hashPassword } from '../services/passwords.ts';
import { createUser, findUserByName } from '../services/users.ts';
import { sessionPrice } from './binary.ts';
import { binaryOf, cricketFormatOf, SPORT_ID } from './catalog-data.ts';
import { FORMATS, sessionLines } from './cricket-formats.ts';
import { hash, ladderQuotes, openQuotes, type Quote } from './market-maker.ts';

export const MARKET_MAKER = 'mm1';
/** ₹10 crore: the market maker's float (its quotes on every race ahead hold about ₹3 crore, ADR 38). */
export const MARKET_MAKER_FUNDS_PAISE = 10_000_000_000;
/**
 * What one quote on a race risks at most (a back its stake, a lay its liability): ₹2,000. Every
 * race of the next days is quoted, and a long price's lay would otherwise hold ₹50,000 or more.
 */
export const RACE_QUOTE_RISK_PAISE = 200_000;

export interface EnsureMarketsOptions {
  /** Create race markets for races starting within this many hours (default: every race ahead). */
  racingHours?: number;
  /** Only these fixtures (no races): the markets of fixtures the feed has just created. */
  matchIds?: readonly number[];
}

const RACING = [SPORT.HORSE_RACING, SPORT.GREYHOUND_RACING] as number[];

const POLITICS_RUNNERS: Record<string, string[]> = {
  'US Midterms 2026 - Winner': ['Democrats', 'Republicans'],
  'US Midterms 2026 - Senate Control': ['Democrats', 'Republicans'],
  'Next Lok Sabha Election - Most Seats': ['BJP', 'INC', 'Any Other Party'],
};

const HORSES = [
  'Golden Arrow',
  'Silver Saint',
  'Night Raider',
  'Desert Storm',
  'Royal Mirage',
  'Copper Kettle',
  'Blue Lagoon',
  'Morning Mist',
  'Iron Duke',
  'Wild Orchid',
  'Stormy Petrel',
  'Lucky Charm',
  'Red Baron',
  'Misty Dawn',
  'Highland Fling',
  'Dancing Brave',
  'Sea The Moon',
  'Crimson Tide',
  'Quick Silver',
  'Monsoon Magic',
  'Thunder Bay',
  'Velvet Rope',
  'Pink Lotus',
  'Kings Ransom',
  'Amber Glow',
  'Black Pearl',
  'Winter Palace',
  'Summer Breeze',
  'Jaipur Jewel',
  'Bombay Duck',
  'Star Of India',
  'Noble Quest',
];
const DOGS = [
  'Swift Blaze',
  'Ballymac Ace',
  'Droopys Jet',
  'Kilara Flash',
  'Romeo Rocket',
  'Salacres Lad',
  'Pennys Bolt',
  'Coolavanny Jo',
  'Aero Rhythm',
  'Sidarian Boy',
];

/** Fair win probabilities of a market's runners (sum 1), from its natural key. */
export function fairProbabilities(key: number, count: number, withDraw: boolean): number[] {
  if (count === 2) {
    const p = 0.3 + (hash(key) % 40) / 100;
    return [p, 1 - p];
  }
  if (withDraw && count === 3) {
    const home = 0.3 + (hash(key) % 30) / 100;
    return [home, 0.72 - home, 0.28];
  }
  const weights = Array.from(
    { length: count },
    (_, i) => 1 + (hash(key * 31 + i) % 9) + (i === hash(key) % count ? 8 : 0),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

async function marketMaker(db: Db, now: Date): Promise<number> {
  let user = await findUserByName(db, MARKET_MAKER);
  if (!user) {
    const admin = await findUserByName(db, 'admin');
    user = await createUser(
      db,
      {
        userName: MARKET_MAKER,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        role: 'user',
        parentId: admin?.id ?? null,
      },
      now,
    );
  }
  // Its quotes match, lapse and settle all day: none of that is news to anybody (ADR 51).
  await muteNotifications(db, user.id, now);
  await transfer(
    db,
    {
      idempotencyKey: `seed:opening:${MARKET_MAKER}`,
      debitAccountId: (await worldAccount(db)).id,
      creditAccountId: (await accountOfUser(db, user.id)).id,
      amountPaise: MARKET_MAKER_FUNDS_PAISE,
      reason: 'DEPOSIT',
      remark: `Opening deposit to ${MARKET_MAKER} (market maker)`,
    },
    now,
  );
  return user.id;
}

interface Planned {
  key: string;
  input: CreateMarketInput;
  /** Fair probabilities of the runners, for liquidity (exchange) or rates (bookmaker). */
  fair?: number[];
  liquidity: boolean;
}

function teamsOf(name: string): string[] {
  const parts = name.split(' v ').map((p) => p.trim());
  return parts.length === 2 ? parts : [];
}

/** The markets each fixture gets. */
async function plan(db: Db, now: Date, options: EnsureMarketsOptions): Promise<Planned[]> {
  const out: Planned[] = [];
  const fixtures = await db
    .select()
    .from(matches)
    .where(
      and(
        feedMatch(),
        eq(matches.isActive, true),
        sql`${matches.sportId} not in (${sql.join(RACING, sql`, `)})`,
        ne(matches.sportId, SPORT.HIDDEN),
        options.matchIds ? inArray(matches.matchId, [...options.matchIds]) : undefined,
      ),
    )
    .orderBy(matches.matchId);
  for (const m of fixtures) {
    const cricket = m.sportId === SPORT.CRICKET;
    // Applied only while the market is in play (ADR 16): set from the start, so a fixture the
    // feed turns in play has its delay.
    const delay = 1_000;
    if (m.sportId === SPORT.POLITICS) {
      const names = POLITICS_RUNNERS[m.matchName] ?? ['Yes', 'No'];
      out.push({
        key: `match:${m.matchId}:WINNER`,
        input: {
          matchId: m.matchId,
          kind: 'EXCHANGE',
          marketType: 'WINNER',
          name: 'Winner',
          runners: names.map((name) => ({ name })),
          sort: 0,
        },
        fair: fairProbabilities(m.matchId, names.length, false),
        liquidity: true,
      });
      continue;
    }
    if (m.sportId === SPORT_ID.BINARY) {
      const session = binaryOf(m.matchId);
      if (!session) continue;
      // A yes/no line on the close, from the open price; the feed moves it through the session.
      const line = sessionPrice(session.instrument, session.dayNumber, 0);
      out.push({
        key: `match:${m.matchId}:BINARY`,
        input: {
          matchId: m.matchId,
          kind: 'FANCY',
          marketType: 'BINARY',
          name: `${session.instrument.name} close`,
          session: sessionHoursOf(session.instrument.session),
          sort: 0,
          fancy: { noLine: line, noRate: 100, yesLine: line, yesRate: 100 },
        },
        liquidity: false,
      });
      continue;
    }
    const teams = teamsOf(m.matchName);
    if (teams.length !== 2) continue;
    const format = cricket ? cricketFormatOf(m.seriesId) : null;
    // Football and the drawable cricket formats (first-class, Test) have The Draw.
    const drawable = m.sportId === SPORT.FOOTBALL || (format !== null && FORMATS[format].drawable);
    const runners = drawable ? [...teams, 'The Draw'] : teams;
    const fair = fairProbabilities(m.matchId, runners.length, drawable);
    out.push({
      key: `match:${m.matchId}:MATCH_ODDS`,
      input: {
        matchId: m.matchId,
        kind: 'EXCHANGE',
        marketType: 'MATCH_ODDS',
        name: 'Match Odds',
        runners: runners.map((name) => ({ name })),
        betDelayMs: delay,
        sort: 0,
      },
      fair,
      liquidity: true,
    });
    if (!format) continue;
    out.push({
      key: `match:${m.matchId}:BOOKMAKER`,
      input: {
        matchId: m.matchId,
        kind: 'BOOKMAKER',
        marketType: 'BOOKMAKER',
        name: 'Bookmaker',
        betDelayMs: delay,
        sort: 1,
        runners: runners.map((name, i) => {
          const back = Math.max(1, Math.round(100 / fair[i]!) - 100 - 3);
          return { name, backRate: back, layRate: back + 4 };
        }),
      },
      liquidity: false,
    });
    sessionLines(format, m.matchId, teams[0]!, 1).forEach((l, i) =>
      out.push({
        key: `match:${m.matchId}:FANCY:${i + 1}`,
        input: {
          matchId: m.matchId,
          kind: 'FANCY',
          marketType: 'FANCY',
          name: l.name,
          betDelayMs: delay,
          sort: 10 + i,
          fancy: { noLine: l.line, noRate: 100, yesLine: l.line + 1, yesRate: 100 },
        },
        liquidity: false,
      }),
    );
  }

  if (options.matchIds) return out;
  const until =
    options.racingHours === undefined ? undefined : new Date(now.getTime() + options.racingHours * 3_600_000);
  const raceRows = await db
    .select({ race: races, sportId: matches.sportId })
    .from(races)
    .innerJoin(matches, eq(matches.matchId, races.matchId))
    .where(
      and(
        feedMatch(races.matchId),
        gt(races.startTime, now),
        until ? sql`${races.startTime} <= ${until.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(races.startTime, races.raceId);
  for (const { race, sportId } of raceRows) {
    const dogs = sportId === SPORT.GREYHOUND_RACING;
    const count = dogs ? 6 : 6 + (hash(race.raceId) % 5);
    const names = Array.from({ length: count }, (_, i) => {
      const pool = dogs ? DOGS : HORSES;
      const name = pool[(hash(race.raceId) + i * 7) % pool.length]!;
      return dogs ? `${i + 1}. ${name}` : name;
    });
    const runners = names.map((name) => ({ name }));
    const fair = fairProbabilities(race.raceId, count, false);
    const common = {
      matchId: race.matchId,
      raceId: race.raceId,
      kind: 'EXCHANGE' as const,
      startTime: race.startTime,
      runners,
    };
    out.push({
      key: `race:${race.raceId}:WIN`,
      input: { ...common, marketType: 'WIN', name: 'Win', sort: 0 },
      fair,
      // Every race ahead, tomorrow's too: a race on the list is one a bettor can bet on now.
      liquidity: true,
    });
    const places = count >= 8 ? 3 : 2;
    // The chance to place, roughly: each runner's win chance scaled by the places paid.
    const placeFair = fair.map((p) => Math.min(0.95, p * places));
    const total = placeFair.reduce((a, b) => a + b, 0);
    out.push({
      key: `race:${race.raceId}:PLACE`,
      input: { ...common, marketType: 'PLACE', name: `Place (${places} places)`, places, sort: 1 },
      fair: placeFair.map((p) => (p * places) / total),
      liquidity: true,
    });
  }
  return out;
}

/**
 * Creates the markets that are missing and rests the market maker's liquidity on those without it
 * yet (opening the market maker's account first when it is missing). Returns how many markets and
 * orders it created.
 */
export async function ensureMarkets(
  db: Db,
  betting: BettingService,
  now: Date,
  options: EnsureMarketsOptions = {},
): Promise<{ markets: number; orders: number }> {
  const mmId = await marketMaker(db, now);
  const planned = await plan(db, now, options);
  const before = await db.select({ n: sql<number>`count(*)::int` }).from(markets);
  const ids = await betting.createMarkets(planned.map((p) => ({ ...p.input, externalKey: p.key })));
  const after = await db.select({ n: sql<number>`count(*)::int` }).from(markets);
  const created = after[0]!.n - before[0]!.n;
  const existing = new Map(planned.map((p, i) => [p.key, ids[i]!]));

  const withLiquidity = new Set(
    (
      await db
        .selectDistinct({ id: orders.marketId })
        .from(orders)
        .where(
          and(
            eq(orders.userId, mmId),
            isNotNull(orders.clientRef),
            // The feed's new fixtures: their markets only, not every order the maker ever placed.
            options.matchIds && existing.size > 0
              ? inArray(orders.marketId, [...existing.values()])
              : undefined,
          ),
        )
    ).map((r) => r.id),
  );
  const ladders = new Map<number, (market: MarketState) => Quote[]>();
  for (const p of planned) {
    const marketId = existing.get(p.key)!;
    if (!p.liquidity || !p.fair || withLiquidity.has(marketId)) continue;
    const fair = p.fair;
    ladders.set(marketId, (market) => {
      const selectionIds = market.runners.map((r) => r.selectionId);
      return p.input.raceId
        ? ladderQuotes(marketId, selectionIds, fair, 2, { maxRiskPaise: RACE_QUOTE_RISK_PAISE, minStakePaise: market.row.minStakePaise })
        : ladderQuotes(marketId, selectionIds, fair, 3);
    });
  }
  // Out of float: what it cannot carry is left out (a market with none is tried again at the
  // next upkeep, when settlements may have freed money).
  const placed = await openQuotes(betting, mmId, ladders);
  return { markets: created, orders: placed };
}
