import { createHmac, timingSafeEqual } from 'node:crypto';
import { CASINO_SIGNATURE_HEADERS, CASINO_SIGNATURE_MAX_SKEW_S, casinoSignaturePayload } from '@exchange/contracts';

/** hex(HMAC_SHA256(secret, `${timestamp}.${rawBody}`)). */
export function signBody(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(casinoSignaturePayload(timestamp, rawBody)).digest('hex');
}

/** The three headers of a signed call (timestamp in unix seconds). */
export function signedHeaders(providerId: string, secret: string, rawBody: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [CASINO_SIGNATURE_HEADERS.providerId]: providerId,
    [CASINO_SIGNATURE_HEADERS.timestamp]: timestamp,
    [CASINO_SIGNATURE_HEADERS.signature]: signBody(secret, timestamp, rawBody),
  };
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Checks a signed call: provider id, timestamp within 300 s, signature compared in constant time. */
export function verifySignature(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  expect: { providerId: string; secret: string; nowMs: number },
): SignatureCheck {
  const get = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const providerId = get(CASINO_SIGNATURE_HEADERS.providerId);
  const timestamp = get(CASINO_SIGNATURE_HEADERS.timestamp);
  const signature = get(CASINO_SIGNATURE_HEADERS.signature);
  if (providerId !== expect.providerId) return { ok: false, reason: 'unknown provider id' };
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missing timestamp' };
  if (Math.abs(Number(timestamp) - expect.nowMs / 1000) > CASINO_SIGNATURE_MAX_SKEW_S) return { ok: false, reason: 'timestamp too far off' };
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return { ok: false, reason: 'missing signature' };
  const want = Buffer.from(signBody(expect.secret, timestamp, rawBody), 'hex');
  const got = Buffer.from(signature, 'hex');
  return want.length === got.length && timingSafeEqual(want, got) ? { ok: true } : { ok: false, reason: 'bad signature' };
}
