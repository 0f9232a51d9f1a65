import { parseCard } from './fair-core.ts';
import type { Deal, GameEngine } from './types.ts';

/** Deals a hand-worked round: cards as labels ('KS', '10H'), dice / pockets as digits. */
export function dealFixed<R = unknown>(engine: GameEngine, outcomes: readonly string[]): Deal<R> {
  const values = outcomes.map((o) => (engine.deck === 'dice' || engine.deck === 'roulette' ? Number(o) : parseCard(o)));
  let i = 0;
  return engine.deal(() => {
    if (i >= values.length) throw new Error('the round needs more cards than the test gave');
    return values[i++]!;
  }) as Deal<R>;
}

/** Payout factor of each named option on a hand-worked round. */
export function payouts(engine: GameEngine, outcomes: readonly string[], keys: readonly string[]): Record<string, number> {
  const { result } = dealFixed(engine, outcomes);
  return Object.fromEntries(keys.map((k) => [k, engine.settle(k, result)]));
}

/** Odds of an option as offered (open cards given for Hi Low / Andar Bahar). */
export function oddsOf(engine: GameEngine, key: string, open: readonly number[] = []): number {
  const option = engine.options(open).find((o) => o.key === key);
  if (!option) throw new Error(`no option ${key}`);
  return option.odds;
}
