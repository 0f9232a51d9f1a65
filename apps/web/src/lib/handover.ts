import { ApiError } from './api';

/** How often, and how far apart, a money call refused in a market's handover is sent again. */
export const HANDOVER_RETRIES = 2;
export const HANDOVER_RETRY_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A bet or a cash out sent again, as it was (the same client_ref), when the server answered 503
 * MARKET_HANDOVER: the market's matching process went away while the call was with it (ADR 65),
 * so it may or may not have been done. Sent again with its client_ref, it gets the first answer
 * if it was, and is made once if it was not; the bettor sees one answer, not a server error.
 */
export async function withHandoverRetry<T>(send: () => Promise<T>, waitMs = HANDOVER_RETRY_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'MARKET_HANDOVER' || attempt >= HANDOVER_RETRIES)
        throw error;
      await sleep(waitMs);
    }
  }
}
