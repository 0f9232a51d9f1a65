import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SPORT, type MarketView } from '@exchange/contracts';
import { matches } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { ensureMarkets } from './markets.ts';

/** What each cricket series' matches offer (issue 20: the Ranji Trophy was played as a T20, without The Draw). */
describeEachDatabase('cricket formats', (ctx) => {
  it('gives each series its format: The Draw in first-class only, the format\'s session lines', async () => {
    const { db, app } = ctx();
    await ensureMarkets(db, app.betting, ctx().now(), { racingHours: 0 });
    const token = await ctx().login('demo1');
    const fixtures = await db
      .select({ matchId: matches.matchId, seriesId: matches.seriesId, name: matches.matchName })
      .from(matches)
      .where(and(eq(matches.sportId, SPORT.CRICKET), eq(matches.isActive, true)));
    const expected: Record<number, { draw: boolean; sessions: (home: string) => string[] }> = {
      // Indian Premier League and Big Bash League: T20.
      101: { draw: false, sessions: (h) => [`${h} 6 Over Runs`, `${h} 20 Over Runs`, `Fall of 1st Wkt ${h}`] },
      103: { draw: false, sessions: (h) => [`${h} 6 Over Runs`, `${h} 20 Over Runs`, `Fall of 1st Wkt ${h}`] },
      // ICC World Cup: ODI.
      102: { draw: false, sessions: (h) => [`${h} 10 Over Runs`, `${h} 50 Over Runs`, `Fall of 1st Wkt ${h}`] },
      // Ranji Trophy: first-class.
      104: {
        draw: true,
        sessions: (h) => [`${h} 30 Over Runs (session)`, `${h} 90 Over Runs (Day 1)`, `${h} Lambi`, `Fall of 1st Wkt ${h}`],
      },
    };
    const seen = new Set<number>();
    for (const f of fixtures) {
      const rule = expected[f.seriesId];
      if (!rule) continue;
      seen.add(f.seriesId);
      const detail = await ctx().call('getMatchDetail', { match_id: f.matchId }, token);
      const views = detail.json.data.markets as MarketView[];
      const [home, away] = f.name.split(' v ');
      const odds = views.find((m) => m.market_type === 'MATCH_ODDS')!;
      expect(odds.runners.map((r) => r.name)).toEqual(rule.draw ? [home, away, 'The Draw'] : [home, away]);
      // The maker's prices on every runner, The Draw's too.
      expect(odds.runners.every((r) => r.back.length > 0 && r.lay.length > 0)).toBe(true);
      const bookmaker = views.find((m) => m.market_type === 'BOOKMAKER')!;
      expect(bookmaker.runners.map((r) => r.name)).toEqual(odds.runners.map((r) => r.name));
      expect(views.filter((m) => m.kind === 'FANCY').map((m) => m.name)).toEqual(rule.sessions(home!));
    }
    expect([...seen].sort()).toEqual([101, 102, 103, 104]);
  }, 120_000);
});
