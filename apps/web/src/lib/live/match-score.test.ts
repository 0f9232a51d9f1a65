import type { LiveMatchScore, MatchDetail, MatchListItem } from '@exchange/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveMarketCache } from './market-cache';
import { queryKeys } from '../query-keys';
import { detail, market } from './test-markets';

describe('live match score', () => {
  const client = new QueryClient();
  let cache: LiveMarketCache;
  const key = (matchId: number) => queryKeys.matchDetail.of(matchId);
  const detailOf = (matchId: number) => client.getQueryData<MatchDetail>(key(matchId))!;
  const pushed = (score: string, extra: Partial<LiveMatchScore> = {}): LiveMatchScore => ({
    type: 'match_score',
    match_id: 7,
    score,
    state: 'IN_PLAY',
    result: null,
    in_play: true,
    at: 1,
    ...extra,
  });

  function setUp() {
    client.clear();
    cache = new LiveMarketCache(client, () => undefined);
    client.setQueryData(key(7), detail(7, [market(11)]));
    client.setQueryData(key(8), detail(8, [market(21)]));
  }
  afterEach(() => cache.dispose());

  it("patches the match page's score and state in place, without a refetch, and leaves other matches alone", () => {
    setUp();
    const markets = detailOf(7).markets;
    const other = detailOf(8);
    cache.matchScore(pushed('17/0 (1.6 ov)'));
    expect(detailOf(7)).toMatchObject({ score: '17/0 (1.6 ov)', state: 'IN_PLAY', in_play: true, result: null });
    expect(detailOf(7).markets).toBe(markets);
    expect(client.getQueryState(key(7))!.isInvalidated).toBe(false);
    expect(detailOf(8)).toBe(other);

    cache.matchScore(pushed('151/4 (20 ov)', { state: 'FINISHED', in_play: false, result: { kind: 'WINNERS', winners: ['India'] } }));
    expect(detailOf(7)).toMatchObject({ score: '151/4 (20 ov)', state: 'FINISHED', in_play: false, result: { winners: ['India'] } });
  });

  it("patches the match's row in the match lists: its state, not its prices", () => {
    setUp();
    const row = { ...detail(7, []), match_odds: { market_id: 11, market_type: 'MATCH_ODDS', status: 'OPEN', runners: [] } };
    const list = queryKeys.matchList.of(4);
    client.setQueryData(list, [row, { ...row, match_id: 9 }]);
    cache.matchScore(pushed('3/0 (0.2 ov)'));
    const rows = client.getQueryData<MatchListItem[]>(list)!;
    expect(rows[0]).toMatchObject({ match_id: 7, state: 'IN_PLAY', in_play: true, match_odds: row.match_odds });
    expect(rows[1]).toMatchObject({ match_id: 9, state: 'UPCOMING', in_play: false });
  });

  it("keeps the pushed score over an older poll answer while the match's markets stream, not after", async () => {
    setUp();
    cache.image(market(11));
    cache.matchScore(pushed('40/1 (4.3 ov)'));
    // The 30 s safety poll answers with what it read before the last ball.
    const answer = (score: string) => () => ({ ...detail(7, [market(11)]), score, state: 'IN_PLAY' as const, in_play: true });
    await client.fetchQuery({ queryKey: key(7), queryFn: answer('38/1 (4.2 ov)'), staleTime: 0 });
    expect(detailOf(7).score).toBe('40/1 (4.3 ov)');
    // The stream stopped (page left, socket dropped): the HTTP answer is trusted again.
    cache.forget(11);
    await client.fetchQuery({ queryKey: key(7), queryFn: answer('52/1 (6 ov)'), staleTime: 0 });
    expect(detailOf(7).score).toBe('52/1 (6 ov)');
  });
});
