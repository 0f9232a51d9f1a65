/**
 * RFC 6238 codes (SHA-1, 6 digits, 30 s: the contracts' TOTP_* constants) computed in the test
 * from the secret the page shows, as an authenticator app would: the server's library is not a
 * part the tests may reach into. The one copy for the web component tests and the browser tests
 * (e2e/): it sits here because a web feature's test may import only `@/...` (ADR 29).
 */
import { createHmac } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@exchange/contracts';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

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

/** The time step of an instant (the counter of RFC 6238). */
const totpStep = (at: number) => Math.floor(at / STEP_MS);

/** The code for `at` (RFC 4226 dynamic truncation of the HMAC of the time step). */
export function totpCode(secret: string, at: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(totpStep(at)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return String(value).padStart(TOTP_DIGITS, '0');
}

/** A 6-digit code that is not the current one (nor the ones beside it the server may accept). */
export function wrongCode(secret: string, at: number = Date.now()): string {
  const near = new Set([-1, 0, 1].map((d) => totpCode(secret, at + d * STEP_MS)));
  for (let n = 123456; ; n = (n + 7919) % 1_000_000) {
    const code = String(n).padStart(TOTP_DIGITS, '0');
    if (!near.has(code)) return code;
  }
}

/**
 * Waits until the clock is in a time step after the one of `at`, and gives that instant: the
 * server takes a code once per step, so a second login needs the app's next code. Waiting on the
 * clock is the condition itself (a step is 30 s of wall time); 300 ms more keeps clear of the edge.
 */
export async function nextStepAfter(at: number): Promise<number> {
  const wait = (totpStep(at) + 1) * STEP_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait + 300));
  return Date.now();
}
