import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/time.ts';
import type { CasinoConfig } from '../services/casino/index.ts';
import { CasinoProviderClient } from '../services/casino/index.ts';
import { CasinoWallet } from '../services/casino/index.ts';

export interface CasinoServices {
  config: CasinoConfig;
  provider: CasinoProviderClient;
  wallet: CasinoWallet;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The casino provider's client and the seamless wallet it calls. */
    casino: CasinoServices;
  }
}

/** The casino services as the `casino` decorator (the config comes from the app options / env). */
export default fp<{ db: Db; clock: Clock; config: CasinoConfig }>(
  async (app, opts) => {
    if (opts.config.providerId.length > 20) throw new Error('PROVIDER_ID must be at most 20 characters');
    if (!opts.config.walletSecret) app.log.warn('WALLET_SECRET is not set: casino games cannot be launched and wallet calls are refused');
    app.decorate('casino', {
      config: opts.config,
      provider: new CasinoProviderClient(opts.config, opts.clock),
      wallet: new CasinoWallet(opts.db, opts.config.providerId),
    });
  },
  { name: 'casino' },
);
