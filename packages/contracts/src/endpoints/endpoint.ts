/** The shape of one call in the endpoints table, and the helpers the area files build entries with. */
import { z } from 'zod';

/**
 * One entry per call: the single source of paths, methods, bodies and answers. The server
 * registers routes and builds the OpenAPI document from it; the web client is typed by it.
 * Paths are relative to `/api/` and keep the spec's exact spelling.
 */
export interface Endpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  /** 'public' needs no token; 'user' needs a valid bearer token. */
  auth: 'public' | 'user';
  /**
   * Only callers of this role, checked with the token before the body is read (ADR 25):
   * 'root' the operator alone; 'agent' an agent or the root (ADR 32).
   */
  role?: 'root' | 'agent';
  /**
   * Open to a session that must change its password first (`is_change_password` '1'): the
   * change-password page and the header around it. Every other call answers 403 (ADR 25).
   */
  beforePasswordChange?: true;
  /**
   * Also accepted as multipart/form-data: the body's fields as text parts and at most one file in
   * this part, refused by the handler beyond maxBytes (ADR 33). JSON stays accepted.
   */
  upload?: { field: string; maxBytes: number };
  /**
   * A read the pages repeat on a timer (a balance, a match list, open bets): at a peak the server
   * may refuse it at once, 503 SERVER_BUSY, so that bets go first (ADR 64). The next poll asks again.
   */
  poll?: true;
  summary: string;
  body: B;
  data: D;
}

// Keeps each entry's `auth` literal so handlers of 'user' endpoints are typed with a caller.
export const def = <B extends z.ZodType, D extends z.ZodType, A extends Endpoint['auth']>(e: Endpoint<B, D> & { auth: A }) => e;
export const None = z.undefined();
/** A POST that takes no fields: the web client sends `{}`; anything else is refused. */
export const EmptyBody = z.strictObject({}, { error: 'This call takes no fields' });
