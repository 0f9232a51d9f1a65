import { createHmac, timingSafeEqual } from 'node:crypto';
import { CASINO_SIGNATURE_HEADERS, CASINO_SIGNATURE_MAX_SKEW_S } from './casino.ts';

// The one signature of every call between the platform and the casino provider (the wallet calls
// and the launch), used by both apps so they cannot drift apart. A subpath of the contracts
// package (`@exchange/contracts/casino-signing`), not part of its index: it needs node:crypto,
// and the web app imports the index.

/** What a signature covers: the operation (method and path), who calls, when, and the exact body. */
export interface SignedRequest {
  /** HTTP method, e.g. 'POST' (upper-cased before signing). */
  method: string;
  /** The request path without query string, e.g. '/api/wallet/debit'. */
  path: string;
  /** The caller's X-Provider-Id. */
  providerId: string;
  /** X-Timestamp: unix seconds, as sent. */
  timestamp: string;
  /** The body bytes as sent (UTF-8). */
  rawBody: string;
}

/**
 * The signed text: method, path, provider id, timestamp and raw body, joined by "\n". None of the
 * first four can hold a newline (a method is a token, a path and header values cannot carry one,
 * a timestamp is digits), so two different requests never give the same text. Signing the path
 * binds a body to its operation: a credit signed for /api/wallet/credit is refused at /rollback.
 */
export function casinoSigningString(request: SignedRequest): string {
  return [request.method.toUpperCase(), request.path, request.providerId, request.timestamp, request.rawBody].join('\n');
}

/** X-Signature = hex(HMAC_SHA256(secret, casinoSigningString(request))). */
export function casinoSignature(secret: string, request: SignedRequest): string {
  return createHmac('sha256', secret).update(casinoSigningString(request)).digest('hex');
}

/** The three signature headers of a call (timestamp: unix seconds of `nowMs`). */
export function casinoSignedHeaders(call: {
  secret: string;
  providerId: string;
  method: string;
  path: string;
  rawBody: string;
  nowMs: number;
}): Record<string, string> {
  const timestamp = String(Math.floor(call.nowMs / 1000));
  return {
    [CASINO_SIGNATURE_HEADERS.providerId]: call.providerId,
    [CASINO_SIGNATURE_HEADERS.timestamp]: timestamp,
    [CASINO_SIGNATURE_HEADERS.signature]: casinoSignature(call.secret, { method: call.method, path: call.path, providerId: call.providerId, timestamp, rawBody: call.rawBody }),
  };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a signed call as the receiver sees it: the expected provider id, a timestamp within
 * CASINO_SIGNATURE_MAX_SKEW_S of now, and the signature over the method and path the receiver
 * serves (its route, not what the caller claims), compared in constant time.
 */
export function verifyCasinoSignature(
  headers: Record<string, string | string[] | undefined>,
  request: { method: string; path: string; rawBody: string },
  expect: { secret: string; providerId: string; nowMs: number },
): SignatureCheck {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const providerId = header(CASINO_SIGNATURE_HEADERS.providerId);
  const timestamp = header(CASINO_SIGNATURE_HEADERS.timestamp);
  const signature = header(CASINO_SIGNATURE_HEADERS.signature);
  if (!providerId || !timestamp || !signature) return { ok: false, reason: 'Missing signature headers' };
  if (providerId !== expect.providerId) return { ok: false, reason: 'Unknown provider' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'Bad timestamp' };
  if (Math.abs(Number(timestamp) - expect.nowMs / 1000) > CASINO_SIGNATURE_MAX_SKEW_S) {
    return { ok: false, reason: 'Timestamp too far from now' };
  }
  const expected = Buffer.from(casinoSignature(expect.secret, { ...request, providerId, timestamp }), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'Bad signature' };
  return { ok: true };
}
