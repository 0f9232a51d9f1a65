import { createHash, createHmac, randomBytes } from 'node:crypto';
import { FLOATS_PER_CURSOR, bytesToFloat, hmacMessage, type FloatSource } from './fair-core.ts';

/** hex(SHA256(utf8(text))): the chain link and the round's commitment. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The round's float stream: HMAC_SHA256(key = serverSeed, msg = `${clientSeed}:${roundId}:${cursor}`)
 * for cursor 0, 1, 2..., each 32-byte block giving 8 floats of 4 bytes. `cursors()` tells how many
 * blocks were used (the proof shows it).
 */
export function hmacFloatSource(serverSeed: string, clientSeed: string, roundId: string): FloatSource & { cursors: () => number } {
  let cursor = 0;
  let block: Buffer | null = null;
  let offset = 0;
  const next = () => {
    if (block === null || offset >= 32) {
      block = createHmac('sha256', serverSeed).update(hmacMessage(clientSeed, roundId, cursor)).digest();
      cursor++;
      offset = 0;
    }
    const f = bytesToFloat(block[offset]!, block[offset + 1]!, block[offset + 2]!, block[offset + 3]!);
    offset += 4;
    return f;
  };
  return Object.assign(next, { cursors: () => cursor });
}

/** Blocks a deal of `draws` floats needs. */
export const cursorsFor = (draws: number): number => Math.ceil(draws / FLOATS_PER_CURSOR);

/**
 * A table's hash chain: seed[i] = SHA256(seed[i+1]) (hex strings hashed as UTF-8), built down from a
 * random top seed. The terminal hash SHA256(seed[0]) is published when the chain is made; round k
 * of the chain uses seed[k], whose own hash is seed[k-1] (or the terminal hash for k = 0), so every
 * revealed seed proves the one before it and the whole chain was fixed in advance.
 */
export class HashChain {
  private readonly seeds: string[];
  readonly terminalHash: string;
  constructor(
    readonly topSeed: string,
    readonly length: number,
  ) {
    if (!(length >= 1)) throw new Error('a chain needs at least one seed');
    const seeds = new Array<string>(length);
    seeds[length - 1] = topSeed;
    for (let i = length - 2; i >= 0; i--) seeds[i] = sha256Hex(seeds[i + 1]!);
    this.seeds = seeds;
    this.terminalHash = sha256Hex(seeds[0]!);
  }
  static random(length: number): HashChain {
    return new HashChain(randomBytes(32).toString('hex'), length);
  }
  seed(index: number): string {
    const s = this.seeds[index];
    if (s === undefined) throw new Error(`chain index ${index} out of range 0..${this.length - 1}`);
    return s;
  }
  /** The commitment shown before round `index` opens: SHA256(seed[index]). */
  commitment(index: number): string {
    return index === 0 ? this.terminalHash : this.seeds[index - 1]!;
  }
}

/** Checks that `seed` hashes, in at most `maxSteps` steps, to `anchor` (a terminal hash or an earlier seed). */
export function chainLinks(seed: string, anchor: string, maxSteps: number): boolean {
  let h = seed;
  for (let i = 0; i < maxSteps; i++) {
    h = sha256Hex(h);
    if (h === anchor) return true;
  }
  return false;
}
