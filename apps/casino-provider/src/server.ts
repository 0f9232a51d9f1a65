/**
 * Starts the casino provider: PROVIDER_PORT (3001), PLATFORM_URL (http://127.0.0.1:3000),
 * PROVIDER_ID, WALLET_SECRET (shared with the platform; scripts/start.mjs makes a random one per
 * start), PROVIDER_DATA_DIR (apps/casino-provider/data), PROVIDER_PUBLIC_URL (origin of launch URLs),
 * CASINO_FAST=1 (short rounds) or CASINO_BETTING_MS / CASINO_REVEAL_MS / CASINO_RESULT_MS.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { buildProviderApp } from './app.ts';
import { PROVIDER_DIR } from './package-dir.ts';
import { DEFAULT_TIMINGS, FAST_TIMINGS, type RoundTimings } from './rounds/table.ts';

const env = process.env;
const port = Number(env.PROVIDER_PORT ?? 3001);
const host = env.HOST ?? '0.0.0.0';
let secret = env.WALLET_SECRET;
if (!secret) {
  secret = randomBytes(32).toString('hex');
  console.warn('casino-provider: WALLET_SECRET not set; using a random one (the platform must be given the same secret; `npm start` does this)');
}
const base = env.CASINO_FAST === '1' ? FAST_TIMINGS : DEFAULT_TIMINGS;
const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
const timings: RoundTimings = {
  ...base,
  ...(num(env.CASINO_BETTING_MS) !== undefined ? { bettingMs: num(env.CASINO_BETTING_MS) } : {}),
  revealMs: num(env.CASINO_REVEAL_MS) ?? base.revealMs,
  resultMs: num(env.CASINO_RESULT_MS) ?? base.resultMs,
};

const app = buildProviderApp({
  platformUrl: env.PLATFORM_URL || 'http://127.0.0.1:3000',
  providerId: env.PROVIDER_ID || 'casino-provider',
  secret,
  dataDir: env.PROVIDER_DATA_DIR || join(PROVIDER_DIR, 'data'),
  publicUrl: env.PROVIDER_PUBLIC_URL,
  timings,
  logger: { level: env.LOG_LEVEL ?? 'info' },
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port, host });
  console.log(`\nCasino provider running at http://localhost:${port} (${app.services.tables.size} tables, wallet at ${env.PLATFORM_URL ?? 'http://127.0.0.1:3000'})\n`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
