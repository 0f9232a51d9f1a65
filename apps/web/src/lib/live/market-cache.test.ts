import type { Balance, MatchDetail } from '@exchange/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveMarketCache, mergeMarketChanges } from './market-cache';
import { queryKeys } from '../query-keys';
import { detail, market } from './test-markets';

describe('live market cache', () => {
  const client = new QueryClient();
  const balances: Balance[] = [];
  let cache: LiveMarketCache;
  const key = (matchId: number) => queryKeys.matchDetail.of(matchId);
  const marketOf = (matchId: number, marketId: number) =>
    client.getQueryData<MatchDetail>(key(matchId))!.markets.find((m) => m.market_id === marketId)!;

  function setUp() {
    client.clear();
    balances.length = 0;
    cache = new LiveMarketCache(client, (b) => balances.push(b));
    client.setQueryData(key(7), detail(7, [market(11), market(12)]));
    client.setQueryData(key(8), detail(8, [market(21)]));
  }
  afterEach(() => cache.dispose());

  it('puts an image into the getMatchDetail answer that holds the market, and leaves other matches alone', () => {
    setUp();
    const other = client.getQueryData(key(8));
    const untouched = marketOf(7, 12);
    cache.image({ ...market(11, 3), status: 'SUSPENDED' });
    expect(marketOf(7, 11)).toMatchObject({ status: 'SUSPENDED', runners: [{ back: [{ price: 3, size: 1000 }] }, {}] });
    expect(marketOf(7, 12)).toBe(untouched);
    expect(client.getQueryData(key(8))).toBe(other);
  });

  it('applies a delta: changed fields and runners replace theirs, the caller position stays', () => {
    setUp();
    cache.image(market(11));
    const { position: _p, ...runner } = market(11).runners[0]!;
    expect(cache.delta(11, { in_play: true, runners: [{ ...runner, back: [{ price: 2.5, size: 40 }] }] })).toBe(true);
    const patched = marketOf(7, 11);
    expect(patched.in_play).toBe(true);
    expect(patched.status).toBe('OPEN');
    expect(patched.runners[0]).toMatchObject({ back: [{ price: 2.5, size: 40 }], position: 150 });
    expect(patched.runners[1]).toEqual(market(11).runners[1]);
  });

  it("refetches neither the match pages nor the lists on a market's status, play or result change: match_score carries the match's state", () => {
    setUp();
    // Match lists whose rows stream a market: cricket's holds market 11 (match 7), football's not.
    const list = (sportId: number) => queryKeys.matchList.of(sportId);
    const row = (matchId: number, marketId: number) => ({ ...detail(matchId, []), match_odds: { market_id: marketId, status: 'OPEN', runners: [] } });
    client.setQueryData(list(4), [row(7, 11)]);
    client.setQueryData(list(1), [row(8, 21)]);
    cache.image(market(11));
    const { position: _p, ...runner } = market(11).runners[0]!;
    cache.delta(11, { runners: [{ ...runner, back: [{ price: 2.5, size: 40 }] }] });
    // A fancy line going BALL RUNNING at every ball, a market closing: patched, not refetched
    // (ADR 22, "Match score": the match's state comes pushed with its score).
    cache.delta(11, { status: 'SUSPENDED', in_play: true });
    cache.delta(11, { status: 'CLOSED' });
    expect(marketOf(7, 11)).toMatchObject({ status: 'CLOSED', in_play: true });
    for (const k of [key(7), key(8), list(4), list(1)]) expect(client.getQueryState(k)!.isInvalidated).toBe(false);
  });

  it('refuses a delta for a market without an image (the client asks for one)', () => {
    setUp();
    expect(cache.delta(12, { status: 'CLOSED' })).toBe(false);
    expect(marketOf(7, 12).status).toBe('OPEN');
  });

  it("applies the caller's position: exposure, P&L per runner and the fancy book", () => {
    setUp();
    cache.image(market(11));
    cache.position({
      type: 'position',
      market_id: 11,
      exposure: 300,
      runners: [
        { selection_id: 1, position: -300 },
        { selection_id: 2, position: 250 },
      ],
      fancy_positions: [],
    });
    expect(marketOf(7, 11)).toMatchObject({ exposure: 300, runners: [{ position: -300 }, { position: 250 }] });
  });

  it('keeps the live copy when an older getMatchDetail answer lands after pushes', async () => {
    setUp();
    cache.image(market(11, 4));
    const stale = detail(7, [market(11, 2), market(12)]);
    await client.fetchQuery({ queryKey: key(7), queryFn: () => stale, staleTime: 0 });
    expect(marketOf(7, 11).runners[0]!.back).toEqual([{ price: 4, size: 1000 }]);
    expect(marketOf(7, 12)).toEqual(market(12));
    // Once the stream stops, the HTTP answer is the truth again.
    cache.forget(11);
    await client.fetchQuery({ queryKey: key(7), queryFn: () => stale, staleTime: 0 });
    expect(marketOf(7, 11).runners[0]!.back).toEqual([{ price: 2, size: 1000 }]);
  });

  it('shows a pushed balance and marks bet queries stale, not the match pages', () => {
    setUp();
    client.setQueryData(['bet', 'currentBets', 'all'], []);
    client.setQueryData(['user', 'exposureDetail'], []);
    cache.balance({ total_balance: 1234.5, liability: 20, available_balance: 1214.5 });
    expect(balances).toEqual([{ total_balance: 1234.5, liability: 20, available_balance: 1214.5 }]);
    cache.bets();
    expect(client.getQueryState(['bet', 'currentBets', 'all'])!.isInvalidated).toBe(true);
    expect(client.getQueryState(['user', 'exposureDetail'])!.isInvalidated).toBe(true);
    expect(client.getQueryState(key(7))!.isInvalidated).toBe(false);
  });

  it('merges changes into a plain market the same way', () => {
    const merged = mergeMarketChanges(market(5), { status: 'CLOSED', result: { kind: 'WINNERS', winner_ids: [1], runs: null, settled_at: null } });
    expect(merged).toMatchObject({ status: 'CLOSED', result: { winner_ids: [1] }, runners: market(5).runners });
  });

  it('tells the watchers of a market, and only them, when its live copy changes or stops', () => {
    setUp();
    const calls: string[] = [];
    const stop11 = cache.onMarket(11, () => calls.push(`11:${cache.get(11)?.runners[0]!.back[0]!.price ?? 'gone'}`));
    cache.onMarket(12, () => calls.push('12'));
    cache.image(market(11, 3));
    const { position: _p, ...runner } = market(11).runners[0]!;
    cache.delta(11, { runners: [{ ...runner, back: [{ price: 3.5, size: 10 }] }] });
    cache.forget(11);
    cache.forget(11); // nothing held any more: no call
    expect(calls).toEqual(['11:3', '11:3.5', '11:gone']);
    stop11();
    cache.image(market(11));
    expect(calls).toHaveLength(3);
  });
});
