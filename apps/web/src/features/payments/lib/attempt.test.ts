import { describe, expect, it } from 'vitest';
import { attemptFor } from './attempt';

describe('one client_ref per attempt', () => {
  let n = 0;
  const newRef = () => `ref-${++n}`;

  it('keeps the ref while the same request is sent again, and takes a new one for another', () => {
    const first = attemptFor(null, '{"amount":500}', newRef);
    expect(attemptFor(first, '{"amount":500}', newRef)).toBe(first);
    const second = attemptFor(first, '{"amount":600}', newRef);
    expect(second.clientRef).not.toBe(first.clientRef);
    // After a made request the form forgets the attempt: the same request again is a new one.
    expect(attemptFor(null, '{"amount":600}', newRef).clientRef).not.toBe(second.clientRef);
  });
});
