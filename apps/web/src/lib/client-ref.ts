/**
 * A client_ref: 128 random bits in hex, naming one money action so that the server makes it once
 * however often it is sent. getRandomValues works on plain http too, unlike randomUUID.
 */
export function newClientRef(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
