import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { amountText, isConfirmable, istShort, parseLimit, pendingText, refusalText } from './limits';

describe('safer-gambling limits', () => {
  it('shows times as dd/MM HH:mm in IST', () => {
    expect(istShort('2026-11-28T14:01:00.000Z')).toBe('28/11 19:31 (IST)');
    expect(istShort('nonsense')).toBe('');
  });

  it('says a change waiting with its amount and from when', () => {
    const pending = {
      amount: 5000,
      asked_at: '2026-11-27T14:01:00.000Z',
      confirmable_at: '2026-11-28T14:01:00.000Z',
    };
    expect(pendingText(pending)).toBe('₹5,000 from 28/11 19:31 (IST)');
    expect(pendingText({ ...pending, amount: null })).toBe('No limit from 28/11 19:31 (IST)');
    expect(amountText(100000)).toBe('₹1,00,000');
  });

  it('may confirm from confirmable_at on, not before', () => {
    const pending = {
      amount: 5000,
      asked_at: '2026-11-27T14:01:00.000Z',
      confirmable_at: '2026-11-28T14:01:00.000Z',
    };
    const at = Date.parse(pending.confirmable_at);
    expect(isConfirmable(pending, at - 1)).toBe(false);
    expect(isConfirmable(pending, at)).toBe(true);
    expect(isConfirmable(null, at)).toBe(false);
  });

  it('reads a limit in rupees, or says why not', () => {
    expect(parseLimit('5,000')).toEqual({ amount: 5000 });
    expect(parseLimit(' 250.50 ')).toEqual({ amount: 250.5 });
    expect(parseLimit('')).toEqual({ error: 'Enter an amount, or choose No limit' });
    expect(parseLimit('0')).toEqual({ error: 'A limit must be more than ₹0' });
    expect(parseLimit('12.345')).toEqual({ error: 'Enter an amount in rupees, e.g. 5000' });
    expect(parseLimit('-5')).toEqual({ error: 'Enter an amount in rupees, e.g. 5000' });
  });

  it('puts a refusal in words, its time in IST', () => {
    const early = new ApiError(
      'This change can be confirmed from 2026-11-28T14:01:00.000Z',
      409,
      'LIMIT_NOT_CONFIRMABLE',
      {
        confirmable_at: '2026-11-28T14:01:00.000Z',
      },
    );
    expect(refusalText(early, 'x')).toBe('This change can be confirmed from 28/11 19:31 (IST)');
    expect(
      refusalText(new ApiError('Nothing waits', 409, 'LIMIT_NOT_CONFIRMABLE', { confirmable_at: null }), 'x'),
    ).toBe('Nothing waits');
    expect(refusalText(new Error('boom'), 'Not saved')).toBe('Not saved');
  });
});
