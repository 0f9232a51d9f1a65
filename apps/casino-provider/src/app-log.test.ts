import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildProviderApp } from './app.ts';
import { FakeClock } from './lib/clock.ts';

// The provider's request log carries no launch token or signature either (ADR 25 of the platform).
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const app = buildProviderApp({
  platformUrl: 'http://127.0.0.1:9',
  providerId: 'prov',
  secret: 'provider-log-secret',
  clock: new FakeClock(Date.now()),
  gameCodes: ['imlive1001'],
  logger: { level: 'trace', stream },
});
beforeAll(() => app.ready());
afterAll(() => app.close());

it('redacts the launch token of the game URL and the signature header from its log', async () => {
  await app.inject({ method: 'GET', url: '/game/imlive1001?lt=launch-token-123' });
  await app.inject({ method: 'POST', url: '/api/session', headers: { 'x-signature': 'sig-456' }, payload: { lt: 'launch-token-123', gameCode: 'imlive1001' } });
  const log = lines.join('');
  expect(log).toContain('/game/imlive1001?lt=[REDACTED]');
  expect(log).not.toContain('launch-token-123');
  expect(log).not.toContain('sig-456');
});

it("redacts the player's session of the table stream's URL (an EventSource cannot send it in a header)", async () => {
  await app.inject({ method: 'GET', url: '/api/table/imlive4242/stream?session=session-789' });
  const log = lines.join('');
  expect(log).toContain('/api/table/imlive4242/stream?session=[REDACTED]');
  expect(log).not.toContain('session-789');
});
