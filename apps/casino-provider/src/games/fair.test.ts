import { describe, expect, it } from 'vitest';
import { DECKS, Shoe, drawLabels, floatsFromBlocks } from './fair-core.ts';
import { HashChain, chainLinks, cursorsFor, hmacFloatSource, sha256Hex } from './fair.ts';

describe('provably fair shuffle', () => {
  // HMAC_SHA256(key 'server-seed', 'client-seed:1:0'), from `openssl dgst -sha256 -hmac server-seed`:
  const BLOCK0 = 'aa236da731df39ccc141fec9ba3d5dde8564def0e4b5d5339ceb77be9625dbec';

  it('turns each 4 bytes of the HMAC block into b0/2^8 + b1/2^16 + b2/2^24 + b3/2^32', () => {
    const source = hmacFloatSource('server-seed', 'client-seed', '1');
    const first = source();
    // 0xaa/256 + 0x23/65536 + 0x6d/2^24 + 0xa7/2^32
    expect(first).toBeCloseTo(170 / 256 + 35 / 65536 + 109 / 16777216 + 167 / 4294967296, 15);
    expect(first).toBeCloseTo(0.6646030934061855, 15);
    const fromHex = floatsFromBlocks([Uint8Array.from(Buffer.from(BLOCK0, 'hex'))]);
    expect([first, ...Array.from({ length: 7 }, () => source())]).toEqual(fromHex);
    expect(source.cursors()).toBe(1);
    source(); // the 9th float opens block 1
    expect(source.cursors()).toBe(2);
  });

  it('draws without replacement from the canonical order: j = floor(f * remaining)', () => {
    // f0 = 0.6646 -> j = floor(0.6646 * 52) = 34 -> 26 is 'AD', so 34 is '9D'; then 51 left, and so on.
    const source = hmacFloatSource('server-seed', 'client-seed', '1');
    const shoe = new Shoe(DECKS['52'], source);
    const cards = Array.from({ length: 6 }, () => DECKS['52'].label(shoe.next()));
    expect(cards).toEqual(['9D', '10S', 'AC', 'QD', 'AD', '8C']);
    // the same from the floats alone (what the page's verifier does)
    expect(drawLabels('52', floatsFromBlocks([Uint8Array.from(Buffer.from(BLOCK0, 'hex'))]), 6)).toEqual(cards);
  });

  it('reproduces a deal from its seeds, and any other seed changes it', () => {
    const deal = (server: string, client: string, round: string) => drawLabels('8x52', floatsFor(server, client, round, 20), 20);
    expect(deal('s1', 'c1', '7')).toEqual(deal('s1', 'c1', '7'));
    expect(deal('s1', 'c1', '7')).not.toEqual(deal('s2', 'c1', '7'));
    expect(deal('s1', 'c1', '7')).not.toEqual(deal('s1', 'c1', '8'));
  });

  it('draws dice and roulette pockets from the whole "deck" every time', () => {
    const floats = [0.99, 0.99, 0.0, 0.5];
    expect(drawLabels('dice', floats, 4)).toEqual(['6', '6', '1', '4']);
    expect(drawLabels('roulette', [0.999, 0], 2)).toEqual(['36', '0']);
  });

  it('counts the HMAC blocks a deal needs', () => {
    expect(cursorsFor(1)).toBe(1);
    expect(cursorsFor(8)).toBe(1);
    expect(cursorsFor(9)).toBe(2);
  });
});

describe('hash chain', () => {
  it('links each seed to the one before by SHA-256 and publishes the terminal hash', () => {
    // sha256('abc') from sha256sum
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const chain = new HashChain('top-secret', 5);
    expect(chain.seed(4)).toBe('top-secret');
    for (let i = 0; i < 4; i++) expect(sha256Hex(chain.seed(i + 1))).toBe(chain.seed(i));
    expect(chain.terminalHash).toBe(sha256Hex(chain.seed(0)));
    expect(chain.commitment(0)).toBe(chain.terminalHash);
    expect(chain.commitment(3)).toBe(sha256Hex(chain.seed(3)));
    expect(chainLinks(chain.seed(3), chain.terminalHash, 10)).toBe(true);
    expect(chainLinks('forged', chain.terminalHash, 10)).toBe(false);
  });
});

function floatsFor(server: string, client: string, round: string, n: number): number[] {
  const source = hmacFloatSource(server, client, round);
  return Array.from({ length: n }, () => source());
}
