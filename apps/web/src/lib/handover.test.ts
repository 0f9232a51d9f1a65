import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { HANDOVER_RETRIES, withHandoverRetry } from './handover';

describe('a money call refused in a market handover', () => {
  const handover = () =>
    new ApiError('Something went wrong on our side. Please try again.', 503, 'MARKET_HANDOVER');

  it('is sent again, the same call, until it is answered', async () => {
    const sent: string[] = [];
    const answer = await withHandoverRetry(async () => {
      sent.push('ref-1');
      if (sent.length < 3) throw handover();
      return { bet_id: 9 };
    }, 1);
    expect(answer).toEqual({ bet_id: 9 });
    expect(sent).toEqual(['ref-1', 'ref-1', 'ref-1']);
  });

  it('gives up after its retries, and never retries another refusal', async () => {
    let calls = 0;
    await expect(
      withHandoverRetry(async () => {
        calls++;
        throw handover();
      }, 1),
    ).rejects.toMatchObject({ code: 'MARKET_HANDOVER' });
    expect(calls).toBe(1 + HANDOVER_RETRIES);

    calls = 0;
    await expect(
      withHandoverRetry(async () => {
        calls++;
        throw new ApiError('Insufficient balance', 400, 'INSUFFICIENT_FUNDS');
      }, 1),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(calls).toBe(1);
  });
});
