/**
 * RFC 6238 codes (SHA-1, 6 digits, 30 s: the contracts' TOTP_* constants) computed in the test
 * from the secret the page shows, as an authenticator app would: the server's library is not a
 * part the web tests may reach into.
 */
import { createHmac } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@exchange/contracts';

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${ch}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The code for `at` (RFC 4226 dynamic truncation of the HMAC of the time step). */
export function totpCode(secret: string, at: number = Date.now()): string {
  const step = Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return String(value).padStart(TOTP_DIGITS, '0');
}

/** A 6-digit code that is not the current one (nor the ones beside it the server may accept). */
export function wrongCode(secret: string, at: number = Date.now()): string {
  const near = new Set([-1, 0, 1].map((d) => totpCode(secret, at + d * TOTP_PERIOD_SECONDS * 1000)));
  for (let n = 123456; ; n = (n + 7919) % 1_000_000) {
    const code = String(n).padStart(TOTP_DIGITS, '0');
    if (!near.has(code)) return code;
  }
}
