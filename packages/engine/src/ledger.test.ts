import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertValidTransfer, canDebit, transferPostings, type TransferRequest } from './index.ts';

describe('ledger postings', () => {
  it('conserve money: balances sum to zero after any sequence of transfers', () => {
    const transfer = fc.record({
      debitAccountId: fc.integer({ min: 0, max: 5 }),
      creditAccountId: fc.integer({ min: 0, max: 5 }),
      amountPaise: fc.integer({ min: 1, max: 1e12 }),
    });
    fc.assert(
      fc.property(fc.array(transfer, { maxLength: 200 }), (transfers) => {
        const balances = new Map<number, number>();
        for (const t of transfers.filter((x) => x.debitAccountId !== x.creditAccountId)) {
          for (const p of transferPostings(t)) balances.set(p.accountId, (balances.get(p.accountId) ?? 0) + p.deltaPaise);
        }
        return [...balances.values()].reduce((a, b) => a + b, 0) === 0;
      }),
    );
  });

  it('refuses non-positive, fractional and same-account transfers', () => {
    const ok: TransferRequest = { idempotencyKey: 'k', debitAccountId: 1, creditAccountId: 2, amountPaise: 100, reason: 'CHIPS_IN', remark: '' };
    expect(() => assertValidTransfer(ok)).not.toThrow();
    expect(() => assertValidTransfer({ ...ok, amountPaise: 0 })).toThrow(RangeError);
    expect(() => assertValidTransfer({ ...ok, amountPaise: 1.5 })).toThrow(RangeError);
    expect(() => assertValidTransfer({ ...ok, creditAccountId: 1 })).toThrow(RangeError);
    expect(() => assertValidTransfer({ ...ok, idempotencyKey: '' })).toThrow(RangeError);
  });

  it('lets only the world account go below zero', () => {
    expect(canDebit({ kind: 'user', balancePaise: 100, exposurePaise: 0 }, 100)).toBe(true);
    expect(canDebit({ kind: 'user', balancePaise: 100, exposurePaise: 1 }, 100)).toBe(false);
    expect(canDebit({ kind: 'world', balancePaise: 0, exposurePaise: 0 }, 100)).toBe(true);
  });
});
