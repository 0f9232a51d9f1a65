import { useRef } from 'react';
import { newClientRef } from '@/lib/client-ref';

/** One request the bettor is trying to make: what it says, and the client_ref it goes with. */
export interface Attempt {
  content: string;
  clientRef: string;
}

/**
 * The attempt to send `content`: the last one while it says the same (a double click, a retry
 * after no answer: the server makes the request once for that client_ref), else a new one.
 */
export function attemptFor(
  last: Attempt | null,
  content: string,
  newRef: () => string = newClientRef,
): Attempt {
  return last && last.content === content ? last : { content, clientRef: newRef() };
}

/**
 * The client_ref of each attempt of a form. `refFor(content)` keeps the ref while the content is
 * the same; `done()` after the server made the request, so the next one, even identical, is new.
 */
export function useAttemptRef() {
  const last = useRef<Attempt | null>(null);
  return {
    refFor(content: unknown): string {
      last.current = attemptFor(last.current, JSON.stringify(content));
      return last.current.clientRef;
    },
    done(): void {
      last.current = null;
    },
  };
}
