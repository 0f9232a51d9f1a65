/**
 * RFC 6238 codes (SHA-1, 6 digits, 30 s) as an authenticator app computes them from the secret a
 * page shows: the browser tests play the bettor's phone.
 */
import { createHmac } from 'node:crypto';

export const TOTP_STEP_MS = 30_000;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`not base32: ${ch}`);
    bits += v.toString(2).padStart(5, '0');
  }
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
}

/** The time step of an instant (the counter of RFC 6238). */
export const totpStep = (at: number = Date.now()) => Math.floor(at / TOTP_STEP_MS);

/** The 6-digit code of a time step. */
export function totpCode(secret: string, step: number = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A 6-digit code that is none of the codes near `step` (the server allows a step of drift). */
export function wrongCode(secret: string, step: number = totpStep()): string {
  const near = new Set([step - 1, step, step + 1].map((s) => totpCode(secret, s)));
  for (let n = 123456; ; n = (n + 7919) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** Waits until the clock is in a step after `step`: a code is taken once per step. */
export async function nextStepAfter(step: number): Promise<number> {
  const wait = (step + 1) * TOTP_STEP_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait + 300));
  return totpStep();
}
