import { describe, expect, it } from 'vitest';
import { requestReference, requestSums } from './request-rows';

const row = { utr: null, account_number: null, ifsc: null, upi_id: null };

describe('a request row names its way of paying', () => {
  it('a deposit by its UTR', () => {
    expect(requestReference({ ...row, kind: 'DEPOSIT', method: 'UPI', utr: '412345678901' })).toBe(
      'UTR 412345678901',
    );
  });
  it('a withdrawal by the account it is paid out to', () => {
    expect(
      requestReference({
        ...row,
        kind: 'WITHDRAW',
        method: 'BANK',
        account_number: '123456789012',
        ifsc: 'HDFC0001234',
      }),
    ).toBe('123456789012 / HDFC0001234');
    expect(requestReference({ ...row, kind: 'WITHDRAW', method: 'UPI', upi_id: 'ravi@okaxis' })).toBe(
      'ravi@okaxis',
    );
  });
});

describe("a payment statement's totals", () => {
  it('sum each kind approved and pending apart, and leave rejected requests out', () => {
    expect(
      requestSums([
        { kind: 'WITHDRAW', status: 'PENDING', amount: 250.1 },
        { kind: 'DEPOSIT', status: 'APPROVED', amount: 1000.2 },
        { kind: 'DEPOSIT', status: 'REJECTED', amount: 5000 },
        { kind: 'DEPOSIT', status: 'APPROVED', amount: 0.1 },
      ]),
    ).toEqual([
      { kind: 'DEPOSIT', status: 'APPROVED', count: 2, amount: 1000.3 },
      { kind: 'WITHDRAW', status: 'PENDING', count: 1, amount: 250.1 },
    ]);
    expect(requestSums([{ kind: 'WITHDRAW', status: 'REJECTED', amount: 10 }])).toEqual([]);
  });
});
