import { describe, expect, it } from 'vitest';
import { startsWithKey } from '@/lib/query-keys';
import { consoleKeys, keysOfTopic } from './query-keys';

/** Whether a nudge of the topic refreshes the key (react-query's prefix match). */
const refreshedBy = (topic: 'downline' | 'payment_requests', key: readonly unknown[]) =>
  keysOfTopic(topic).some((prefix) => startsWithKey(key, prefix));

const k = consoleKeys;
const moneyKeys = [
  k.downline.list(null, '', 1, 25),
  k.downline.list(7, 'ab', 2, 25),
  k.downline.user.profile(7),
  k.downline.user.statement(7, { statement_type: 'all' }, 1, 25),
  k.downline.user.bets(7, 'all'),
  k.downline.user.profitLoss(7, { from_date: '2026-01-01' }),
  k.downline.user.activity(7, 'all', 1, 25),
  k.downline.marketBook(null),
  k.downline.matchBook(3),
  k.downline.business.ledger(7),
  k.downline.business.ledger(null),
  k.downline.business.collection,
  k.downline.business.partyWinLoss({ from_date: '2026-01-01' }),
  k.downline.business.plusMinus(3),
];
const operatorKeys = [
  k.operator.sports,
  k.operator.series.of(4),
  k.operator.matches.of({ page: 1 }),
  k.operator.matches.ofResults({ page: 1 }),
  k.operator.match.of(3),
  k.operator.markets.of(3),
  k.operator.bets.of({ market_id: 9 }),
  k.operator.settlementPreview({ action: 'void', market_id: 9 }),
  k.operator.auditLog({ page: 1 }),
  k.operator.casinoGames,
];

describe("the console's live nudges (ADR 36)", () => {
  it("refresh every downline figure on 'downline', and the dashboard on either topic", () => {
    for (const key of moneyKeys) expect(refreshedBy('downline', key)).toBe(true);
    expect(refreshedBy('downline', k.dashboard)).toBe(true);
    expect(refreshedBy('payment_requests', k.dashboard)).toBe(true);
  });

  it("refresh the payment requests (and a receipt) on 'payment_requests' only", () => {
    for (const key of [k.payments.requests.of({ page: 1 }), k.payments.receipt(5)]) {
      expect(refreshedBy('payment_requests', key)).toBe(true);
      expect(refreshedBy('downline', key)).toBe(false);
    }
  });

  it("leave the caller's own account, the shared accounts and the operator's data alone", () => {
    for (const key of [k.me, k.accounts.shared('address', 1, 25), k.catalog.sports, k.catalog.matches(4, true), ...operatorKeys])
      for (const topic of ['downline', 'payment_requests'] as const) expect(refreshedBy(topic, key)).toBe(false);
  });
});

describe('the prefixes a send invalidates', () => {
  it('each cover their own lists and nothing of another kind', () => {
    expect(startsWithKey(k.operator.series.of(4), k.operator.series.all)).toBe(true);
    expect(startsWithKey(k.operator.matches.of({ page: 1 }), k.operator.matches.all)).toBe(true);
    // A settlement refreshes the results screen's match list with the catalog's.
    expect(startsWithKey(k.operator.matches.ofResults({ page: 1 }), k.operator.matches.all)).toBe(true);
    expect(startsWithKey(k.operator.match.of(3), k.operator.match.all)).toBe(true);
    expect(startsWithKey(k.operator.match.of(3), k.operator.matches.all)).toBe(false);
    expect(startsWithKey(k.operator.markets.of(3), k.operator.markets.all)).toBe(true);
    expect(startsWithKey(k.operator.bets.of({ market_id: 9 }), k.operator.bets.all)).toBe(true);
    // A payment decision refreshes the requests, not a receipt (it never changes).
    expect(startsWithKey(k.payments.requests.of({ page: 1 }), k.payments.requests.all)).toBe(true);
    expect(startsWithKey(k.payments.receipt(5), k.payments.requests.all)).toBe(false);
  });
});
