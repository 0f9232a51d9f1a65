import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { casinoSignedHeaders, casinoSigningString, verifyCasinoSignature } from './casino-signing.ts';

const SECRET = 'shared-secret';
const NOW_MS = 1_795_000_000_000;
const BODY = '{"transactionId":"t-1","amount":10}';

describe('casino signature', () => {
  it('signs method, path, provider id, timestamp and body, one per line (the wire format of ADR 24)', () => {
    const request = { method: 'post', path: '/api/wallet/credit', providerId: 'casino-provider', timestamp: '1795000000', rawBody: BODY };
    expect(casinoSigningString(request)).toBe(`POST\n/api/wallet/credit\ncasino-provider\n1795000000\n${BODY}`);
    // What an outside implementation computes from that text.
    const expected = createHmac('sha256', SECRET).update(`POST\n/api/wallet/credit\ncasino-provider\n1795000000\n${BODY}`).digest('hex');
    const headers = casinoSignedHeaders({ secret: SECRET, providerId: 'casino-provider', method: 'POST', path: '/api/wallet/credit', rawBody: BODY, nowMs: NOW_MS });
    expect(headers).toEqual({ 'x-provider-id': 'casino-provider', 'x-timestamp': '1795000000', 'x-signature': expected });
  });

  it('verifies only at the method and path it was signed for, for that provider and body', () => {
    const headers = casinoSignedHeaders({ secret: SECRET, providerId: 'casino-provider', method: 'POST', path: '/api/wallet/credit', rawBody: BODY, nowMs: NOW_MS });
    const expect_ = { secret: SECRET, providerId: 'casino-provider', nowMs: NOW_MS };
    expect(verifyCasinoSignature(headers, { method: 'POST', path: '/api/wallet/credit', rawBody: BODY }, expect_)).toEqual({ ok: true });
    for (const request of [
      { method: 'POST', path: '/api/wallet/rollback', rawBody: BODY },
      { method: 'POST', path: '/api/wallet/debit', rawBody: BODY },
      { method: 'PUT', path: '/api/wallet/credit', rawBody: BODY },
      { method: 'POST', path: '/api/wallet/credit', rawBody: `${BODY} ` },
    ]) {
      expect({ request, check: verifyCasinoSignature(headers, request, expect_) }).toEqual({ request, check: { ok: false, reason: 'Bad signature' } });
    }
    // The provider id is signed too: the same signature under another id does not verify.
    const other = { ...headers, 'x-provider-id': 'other-provider' };
    expect(verifyCasinoSignature(other, { method: 'POST', path: '/api/wallet/credit', rawBody: BODY }, { ...expect_, providerId: 'other-provider' })).toEqual({ ok: false, reason: 'Bad signature' });
    expect(verifyCasinoSignature(headers, { method: 'POST', path: '/api/wallet/credit', rawBody: BODY }, { ...expect_, nowMs: NOW_MS + 301_000 })).toEqual({
      ok: false,
      reason: 'Timestamp too far from now',
    });
  });
});
