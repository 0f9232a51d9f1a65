/**
 * The contracts fuzz in `npm test`: at least 100 malformed requests to every call of the OpenAPI
 * document, as a bettor and (operator calls) as the operator, on PGlite and PostgreSQL. Never a
 * 5xx, always the envelope, and the money, bets and settings unchanged. `npm run fuzz` runs the
 * long form (docs/reliability.md).
 */
import { beforeAll, expect, it } from 'vitest';
import { endpoints } from '@exchange/contracts';
import { createMatchOdds, firstMatchOf } from '../test/betting.ts';
import { useProviderStub } from '../test/casino-provider-stub.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { fuzzContracts, stateDigest } from './fuzz.ts';

const RUNS = 100;
// The casino calls reach a provider: a stub answers, as in the casino suites.
const provider = useProviderStub('fuzz-secret', 'fuzz-provider');

describeEachDatabase(
  'contracts fuzz',
  (ctx) => {
    let bettor: string;
    let operator: string;
    beforeAll(async () => {
      bettor = await ctx().login('demo1');
      operator = await ctx().login('admin');
      // A market to aim at: ids in the generated bodies then name real rows.
      await createMatchOdds(ctx(), operator, (await firstMatchOf(ctx().db, 4, false)).matchId);
    });

    it('sees a change of the money, bets or settings', async () => {
      // The digest the fuzz compares must notice what it guards: here a saved stake button.
      const before = await stateDigest(ctx().db);
      await ctx().call('setButtonValue', [{ button_name: '7k', button_value: 7000, type: 'Casino' }], bettor);
      const after = await stateDigest(ctx().db);
      expect(Object.keys(before).filter((t) => before[t] !== after[t])).toEqual(['button_values']);
    });

    it(`refuses ${RUNS} malformed bodies to every call with a 4xx and the envelope, changing nothing`, { timeout: 240_000 }, async () => {
      const report = await fuzzContracts({ app: ctx().app, db: ctx().db, callers: { bettor, operator }, runs: RUNS, seed: 20_261_123 });
      expect(report.failures).toEqual([]);
      expect(report.serverErrors).toBe(0);
      expect(report.stateChanged).toEqual([]);
      // Every call of the contracts table is in the document and got its share.
      expect(report.calls).toBe(Object.keys(endpoints).length);
      expect(report.malformed).toBeGreaterThanOrEqual(RUNS * report.calls);
    });
  },
  { casino: provider.casino },
);
