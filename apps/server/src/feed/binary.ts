/**
 * Binary sessions, pure: index stocks, commodities and US indices, one session a trading day in
 * its IST hours (services/betting/hours.ts). The simulated price is a random walk from the open,
 * drawn from a generator seeded by the instrument and the day, so it is the same whenever and
 * however often it is asked: a restarted feed carries on with the same price, and the close it
 * settles at is the walk's value at the closing time.
 */
import { INSTRUMENTS, type Instrument } from './catalog-data.ts';
import { SESSION_HOURS } from '../services/betting/index.ts';
import { hash } from './market-maker.ts';
import { seededRandom } from './random.ts';

/** The price moves every 15 seconds. */
export const TICK_MS = 15_000;
/** About 0.05% a tick: roughly 1.5% over an index session. */
const TICK_SPREAD = 0.0005;

const paths = new Map<string, number[]>();

/** The price path of an instrument's session on an IST day number: one value per tick from the open. */
function path(instrument: Instrument, dayNumber: number): number[] {
  const id = `${instrument.key}:${dayNumber}`;
  let values = paths.get(id);
  if (values) return values;
  const hours = SESSION_HOURS[instrument.session];
  const ticks = Math.ceil(((hours.closeMinute - hours.openMinute) * 60_000) / TICK_MS);
  const random = seededRandom(hash(dayNumber * 1_000 + INSTRUMENTS.indexOf(instrument) + 1));
  // Opens within 2% of its base, then walks (the sum of three uniforms: a near-normal step).
  let price = instrument.base * (0.98 + 0.04 * random());
  values = [Math.round(price)];
  for (let k = 0; k < ticks; k++) {
    price *= 1 + TICK_SPREAD * 2 * (random() + random() + random() - 1.5);
    values.push(Math.round(price));
  }
  if (paths.size > 200) paths.clear();
  paths.set(id, values);
  return values;
}

/**
 * The instrument's price `msSinceOpen` into its session of IST day `dayNumber` (days since
 * 1970-01-01 IST): the open before it, the close after it.
 */
export function sessionPrice(instrument: Instrument, dayNumber: number, msSinceOpen: number): number {
  const values = path(instrument, dayNumber);
  const k = Math.max(0, Math.min(values.length - 1, Math.floor(msSinceOpen / TICK_MS)));
  return values[k]!;
}

/** The closing price: what the session settles at. */
export function closingPrice(instrument: Instrument, dayNumber: number): number {
  const values = path(instrument, dayNumber);
  return values[values.length - 1]!;
}
