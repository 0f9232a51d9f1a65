import { describe, expect, it } from 'vitest';
import { requestReference } from './request-rows';

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
