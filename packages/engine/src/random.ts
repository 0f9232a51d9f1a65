/**
 * A small seeded generator (mulberry32). The engine has no randomness of its own; simulations,
 * property tests and benchmarks that need a reproducible stream inject one made here, so a run
 * can be replayed from its seed.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
