import { RECEIPT_MAX_BYTES } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { receiptProblem } from './receipt';

describe('the receipt image', () => {
  it('takes a PNG, JPEG or WebP of at most 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(receiptProblem({ type, size: RECEIPT_MAX_BYTES })).toBeNull();
  });
  it('says why another file cannot go', () => {
    expect(receiptProblem({ type: 'application/pdf', size: 1000 })).toBe(
      'The receipt must be a PNG, JPEG or WebP image',
    );
    expect(receiptProblem({ type: 'image/gif', size: 1000 })).toBe(
      'The receipt must be a PNG, JPEG or WebP image',
    );
    expect(receiptProblem({ type: 'image/png', size: RECEIPT_MAX_BYTES + 1 })).toBe(
      'The receipt must be at most 5 MB',
    );
    expect(receiptProblem({ type: 'image/png', size: 0 })).toBe('The receipt file is empty');
  });
});
