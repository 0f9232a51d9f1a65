/**
 * The server log carries no secret (ADR 25): bearer tokens in URLs (`/ws?token=`), Authorization
 * headers, passwords and wallet secrets are redacted from every line, whatever logs them.
 */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { CASINO_SIGNATURE_HEADERS } from '@exchange/contracts';
import { DEMO_PASSWORD } from './services/demo-accounts.ts';
import { describeEachDatabase } from './test/databases.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

describeEachDatabase(
  'server log redaction',
  (ctx) => {
    it('writes no token, password or wallet secret to any log line', async () => {
      lines.length = 0;
      const token = await ctx().login('demo1');
      const secrets = [token, DEMO_PASSWORD, 'Wallet-Secret-123', 'signature-abc'];

      // The live socket's token in the query, as the request log's url would show it.
      const ws = await ctx().app.inject({ method: 'GET', url: `/ws?token=${encodeURIComponent(token)}&v=1` });
      expect(ws.statusCode).toBeGreaterThanOrEqual(400);
      await ctx().app.inject({ method: 'GET', url: `/api/user/getUserBalance?usertoken=${token}`, headers: { authorization: `Bearer ${token}` } });
      await ctx().call('changePassword', { master_password: DEMO_PASSWORD, new_password: 'x', confirm_password: 'x' }, token);
      await ctx().app.inject({
        method: 'POST',
        url: '/api/wallet/debit',
        headers: { [CASINO_SIGNATURE_HEADERS.signature]: 'signature-abc', 'content-type': 'application/json' },
        payload: { token },
      });
      // Whatever a handler might log one day: headers, bodies, settings.
      ctx().app.log.info(
        {
          req: { headers: { authorization: `Bearer ${token}`, [CASINO_SIGNATURE_HEADERS.signature]: 'signature-abc' } },
          body: { password: DEMO_PASSWORD, master_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD, token },
          config: { walletSecret: 'Wallet-Secret-123' },
          url: `/ws?token=${token}`,
        },
        'a careless line',
      );

      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(5);
      for (const secret of secrets) expect(log).not.toContain(secret);
      expect(log).toContain('/ws?token=[REDACTED]&v=1');
      expect(log).toContain('a careless line');
    });
  },
  { logger: { level: 'trace', stream } },
);
