/**
 * Betfair's price ladder in integer hundredths of decimal odds (1.45 -> 145). 350 prices from
 * 1.01 to 1000; any other price is refused (INVALID_ODDS). A tick is a price's index on the
 * ladder (0 = 1.01, 349 = 1000), which is what the order book indexes its levels by.
 */

/** Decimal odds in hundredths: 101 (1.01) to 100000 (1000). */
export type Price = number;
/** Index of a price on the ladder, 0 to LADDER_SIZE - 1. */
export type Tick = number;

/** [up to this price, step] in hundredths: "up to 2 by 0.01; 2-3 by 0.02; ...". */
const LADDER_BANDS: ReadonlyArray<readonly [Price, number]> = [
  [200, 1],
  [300, 2],
  [400, 5],
  [600, 10],
  [1000, 20],
  [2000, 50],
  [3000, 100],
  [5000, 200],
  [10000, 500],
  [100000, 1000],
];

export const MIN_PRICE: Price = 101;
export const MAX_PRICE: Price = 100000;

function buildLadder(): Int32Array {
  const prices: Price[] = [];
  for (let price = MIN_PRICE; price <= MAX_PRICE; ) {
    prices.push(price);
    // The step from a price is the step of the band the price is below the top of.
    price += LADDER_BANDS.find(([upTo]) => price < upTo)?.[1] ?? Infinity;
  }
  return Int32Array.from(prices);
}

/** Every valid price, ascending. */
export const LADDER: Readonly<Int32Array> = buildLadder();
export const LADDER_SIZE = LADDER.length;

/** price -> tick, -1 for a price that is not on the ladder (200 KB, bought once for O(1) look-ups). */
const TICK_OF_PRICE = new Int16Array(MAX_PRICE + 1).fill(-1);
for (let tick = 0; tick < LADDER_SIZE; tick++) TICK_OF_PRICE[LADDER[tick]!] = tick;

export function isValidPrice(price: number): price is Price {
  return Number.isInteger(price) && price >= MIN_PRICE && price <= MAX_PRICE && TICK_OF_PRICE[price]! >= 0;
}

/** The tick of a valid price; -1 when the price is not on the ladder (no throw: hot path). */
export function tickOfPrice(price: number): Tick {
  return Number.isInteger(price) && price >= MIN_PRICE && price <= MAX_PRICE ? TICK_OF_PRICE[price]! : -1;
}

/** The tick of a price; throws RangeError when the price is not on the ladder. */
export function priceToTick(price: Price): Tick {
  const tick = tickOfPrice(price);
  if (tick < 0) throw new RangeError(`Not a ladder price: ${price}`);
  return tick;
}

export function tickToPrice(tick: Tick): Price {
  if (!Number.isInteger(tick) || tick < 0 || tick >= LADDER_SIZE) throw new RangeError(`Not a ladder tick: ${tick}`);
  return LADDER[tick]!;
}

/** The price n ticks above a valid price, clamped at 1000. */
export function tickUp(price: Price, n = 1): Price {
  return LADDER[Math.min(LADDER_SIZE - 1, priceToTick(price) + n)]!;
}

/** The price n ticks below a valid price, clamped at 1.01. */
export function tickDown(price: Price, n = 1): Price {
  return LADDER[Math.max(0, priceToTick(price) - n)]!;
}

/**
 * The ladder price closest to any price in hundredths, clamped to 1.01..1000. `direction` picks
 * the next price up or down instead; a price half-way between two ladder prices goes up under
 * 'nearest' (the longer odds, as a bet slip shows them).
 */
export function nearestValidPrice(price: number, direction: 'nearest' | 'up' | 'down' = 'nearest'): Price {
  if (!Number.isFinite(price)) throw new RangeError(`Not a price: ${price}`);
  if (price <= MIN_PRICE) return MIN_PRICE;
  if (price >= MAX_PRICE) return MAX_PRICE;
  // Binary search for the first ladder price >= price.
  let lo = 0;
  let hi = LADDER_SIZE - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (LADDER[mid]! < price) lo = mid + 1;
    else hi = mid;
  }
  const above = LADDER[lo]!;
  if (above === price || direction === 'up') return above;
  const below = LADDER[lo - 1]!;
  if (direction === 'down') return below;
  return price - below < above - price ? below : above;
}
