import { createHmac, timingSafeEqual } from 'node:crypto';
import { CASINO_SIGNATURE_HEADERS, CASINO_SIGNATURE_MAX_SKEW_S, casinoSignaturePayload } from '@exchange/contracts';

/** hex(HMAC_SHA256(secret, timestamp + "." + rawBody)): both directions of casino.md. */
export function casinoSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(casinoSignaturePayload(timestamp, rawBody)).digest('hex');
}

/** Headers of a signed call from this side (the launch request to the provider). */
export function signedHeaders(secret: string, providerId: string, rawBody: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    'content-type': 'application/json',
    [CASINO_SIGNATURE_HEADERS.providerId]: providerId,
    [CASINO_SIGNATURE_HEADERS.timestamp]: timestamp,
    [CASINO_SIGNATURE_HEADERS.signature]: casinoSignature(secret, timestamp, rawBody),
  };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a signed call: the provider id, a timestamp (unix seconds) at most 300 s from now, and
 * the signature of the raw body, compared in constant time.
 */
export function verifySignature(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
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
  const expected = Buffer.from(casinoSignature(expect.secret, timestamp, rawBody), 'hex');
  const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'Bad signature' };
  return { ok: true };
}
