/**
 * The match's score and state over /ws (ADR 22, "Match score"): a feed `match` event applied
 * through the PlatformSink reaches, within the conflation window, every socket subscribed to a
 * market of that match, and no other socket. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SPORT } from '@exchange/contracts';
import { PlatformSink } from '../feed/index.ts';
import { createMatchOdds, firstMatchOf } from '../test/betting.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { LiveTestClient, type Received } from '../test/live-client.ts';

type MatchScore = Extract<Received, { type: 'match_score' }>;
const scoreOf = (matchId: number) => (m: Received): m is MatchScore => m.type === 'match_score' && m.match_id === matchId;

describeEachDatabase('live push of the match score', (ctx) => {
  let origin: string;
  let admin: string;
  let sink: PlatformSink;
  const open: LiveTestClient[] = [];
  const connect = async (user: string) => {
    const client = await LiveTestClient.connect(origin, await ctx().login(user));
    open.push(client);
    return client;
  };
  const subscribe = async (client: LiveTestClient, marketId: number) => {
    const from = client.mark();
    client.send({ op: 'subscribe', market_ids: [marketId] });
    await client.next((m) => m.type === 'market_image' && m.market_id === marketId, { from });
  };

  beforeAll(async () => {
    origin = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    admin = await ctx().login('admin');
    sink = new PlatformSink(ctx().app.betting, null);
  });

  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
  });

  it("pushes the feed's new score and state to the match's subscribers only, once per window", async () => {
    const watched = await firstMatchOf(ctx().db, SPORT.CRICKET, false);
    const other = await firstMatchOf(ctx().db, SPORT.FOOTBALL, false);
    const watchedMarket = await createMatchOdds(ctx(), admin, watched.matchId);
    const otherMarket = await createMatchOdds(ctx(), admin, other.matchId);
    // Two bettors follow the watched match; a third socket follows another match only.
    const bettor = await connect('demo1');
    const second = await connect('demo3');
    const elsewhere = await connect('demo1');
    await subscribe(bettor, watchedMarket);
    await subscribe(second, watchedMarket);
    await subscribe(elsewhere, otherMarket);
    const marks = [bettor.mark(), second.mark(), elsewhere.mark()] as const;

    const written = Date.now();
    // Three balls in quick succession: coalesced, the newest score arrives.
    await sink.apply({ type: 'match', matchId: watched.matchId, score: '12/0 (1.4 ov)', inPlay: true });
    await sink.apply({ type: 'match', matchId: watched.matchId, score: '13/0 (1.5 ov)' });
    await sink.apply({ type: 'match', matchId: watched.matchId, score: '17/0 (1.6 ov)' });

    const pushed = await bettor.next(
      (m): m is MatchScore => scoreOf(watched.matchId)(m) && m.score === '17/0 (1.6 ov)',
      { from: marks[0], timeoutMs: 2_000 },
    );
    expect(pushed).toMatchObject({ match_id: watched.matchId, score: '17/0 (1.6 ov)', state: 'IN_PLAY', in_play: true, result: null });
    expect(pushed.receivedAt - written).toBeLessThan(1_000);
    expect(await second.next(scoreOf(watched.matchId), { from: marks[1] })).toMatchObject({ score: expect.any(String) });
    // Coalesced: at most one message per 100 ms window, not one per ball.
    expect(bettor.all('match_score', marks[0]).length).toBeLessThanOrEqual(2);
    // The match page's HTTP answer says the same.
    const detail = await ctx().call('getMatchDetail', { match_id: watched.matchId }, admin);
    expect(detail.json.data).toMatchObject({ score: pushed.score, state: pushed.state });

    // The other match's socket hears its own match, never the watched one.
    await sink.apply({ type: 'match', matchId: other.matchId, score: '1 - 0' });
    await elsewhere.next(scoreOf(other.matchId), { from: marks[2] });
    expect(elsewhere.all('match_score', marks[2]).filter((m) => m.match_id === watched.matchId)).toEqual([]);
    expect(bettor.all('match_score', marks[0]).filter((m) => m.match_id === other.matchId)).toEqual([]);
  });

  it('pushes the end of the match: finished once taken off the lists, then with its declared result, then without it once rolled back', async () => {
    const match = await firstMatchOf(ctx().db, SPORT.CRICKET, true);
    const market = await createMatchOdds(ctx(), admin, match.matchId, { in_play: true });
    const bettor = await connect('demo1');
    await subscribe(bettor, market);
    let from = bettor.mark();
    await sink.apply({ type: 'match', matchId: match.matchId, score: '151/4 (18.2 ov)', inPlay: false, active: false });
    expect(await bettor.next(scoreOf(match.matchId), { from })).toMatchObject({ score: '151/4 (18.2 ov)', state: 'FINISHED', in_play: false });

    // The main market's result makes it "finished with result" (the seeded Match Odds, if any, comes first).
    const detail = await ctx().call('getMatchDetail', { match_id: match.matchId }, admin);
    const main = (detail.json.data.markets as { market_id: number; market_type: string; runners: { selection_id: number; name: string }[] }[]).find(
      (m) => m.market_type === 'MATCH_ODDS',
    )!;
    from = bettor.mark();
    const declared = await ctx().call('operatorDeclareResult', { market_id: main.market_id, winner_ids: [main.runners[0]!.selection_id] }, admin);
    expect(declared.statusCode, JSON.stringify(declared.json)).toBe(200);
    expect(await bettor.next(scoreOf(match.matchId), { from })).toMatchObject({
      state: 'FINISHED',
      result: { kind: 'WINNERS', winners: [main.runners[0]!.name] },
    });

    // The result rolled back: finished (unlisted after its start) but without a result again.
    from = bettor.mark();
    const rolledBack = await ctx().call('operatorRollbackResult', { market_id: main.market_id }, admin);
    expect(rolledBack.statusCode, JSON.stringify(rolledBack.json)).toBe(200);
    expect(await bettor.next(scoreOf(match.matchId), { from })).toMatchObject({ state: 'FINISHED', result: null });
  });
});
