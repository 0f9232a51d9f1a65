/** hex(SHA-256(utf8(text))) with Web Crypto (browsers and Node alike). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The round's commitment holds: the server seed revealed after the round hashes to the hash
 * shown before betting opened, so the seed (and so the cards) was fixed in advance.
 */
export async function commitmentHolds(proof: { serverSeed: string; hash: string }): Promise<boolean> {
  return (await sha256Hex(proof.serverSeed)) === proof.hash.toLowerCase();
}
