import { and, eq, gt, or } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { matches } from '../db/schema/index.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createFeed } from './index.ts';
import { ensureMarkets } from './markets.ts';

/**
 * The simulator's new in-play fixtures (a sport short of matches in play) never take the name of
 * a live or upcoming match of the sport (issue 20: "Mumbai v Karnataka" in play and on 27/11).
 */
describeEachDatabase('new in-play fixtures', (ctx) => {
  it('take no name of a live or upcoming match of their sport', async () => {
    const { db, app } = ctx();
    const now = ctx().now();
    await ensureMarkets(db, app.betting, now, { racingHours: 0 });
    // Every name of the sport is on the list already (the seed publishes them all): more matches in
    // play than the seed's makes the feed add some.
    const feed = await createFeed(db, app.betting, () => now, { inPlay: { [SPORT.CRICKET]: 6, [SPORT.FOOTBALL]: 4, [SPORT.TENNIS]: 3 } });
    await feed.step();
    const listed = await db
      .select({ sportId: matches.sportId, name: matches.matchName, inPlay: matches.inPlay })
      .from(matches)
      .where(and(eq(matches.isActive, true), or(eq(matches.inPlay, true), gt(matches.startTime, now))));
    const live = listed.filter((m) => m.inPlay && m.sportId === SPORT.CRICKET);
    expect(live.length).toBe(6);
    const seen = new Map<string, number>();
    for (const m of listed) seen.set(`${m.sportId}:${m.name}`, (seen.get(`${m.sportId}:${m.name}`) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([name]) => name)).toEqual([]);
    await feed.stop();
  }, 120_000);
});
