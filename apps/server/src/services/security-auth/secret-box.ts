/**
 * The server's security-auth key at work (ADR 34): TOTP secrets sealed with AES-256-GCM, and
 * backup codes kept only as an HMAC-SHA256. Two keys are derived from the one 32-byte key with
 * HKDF, so the cipher and the MAC never share a key. The key itself is never logged or shown.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export const SECURITY_AUTH_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A version prefix, so a later change of cipher can tell old values apart. */
const FORMAT = 'v1';

const derive = (key: Uint8Array, purpose: string) => Buffer.from(hkdfSync('sha256', key, new Uint8Array(0), `exchange:${purpose}`, 32));

export class SecretBox {
  readonly #cipherKey: Buffer;
  readonly #macKey: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== SECURITY_AUTH_KEY_BYTES) throw new Error(`The security auth key must be ${SECURITY_AUTH_KEY_BYTES} bytes`);
    this.#cipherKey = derive(key, 'totp-secret');
    this.#macKey = derive(key, 'backup-code');
  }

  /**
   * Encrypts `plain`; `context` (e.g. the user id) is bound as associated data, so a sealed
   * value copied to another row does not open there.
   */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#cipherKey, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** The plain text of a sealed value; throws when the key, the context or the value is wrong. */
  open(sealed: string, context: string): string {
    const [format, iv, tag, body, ...rest] = sealed.split('.');
    if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined || rest.length > 0) {
      throw new Error('Not a sealed security auth value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#cipherKey, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** HMAC-SHA256 (hex) of a value: what is stored instead of a backup code. */
  mac(value: string): string {
    return createHmac('sha256', this.#macKey).update(value, 'utf8').digest('hex');
  }
}
