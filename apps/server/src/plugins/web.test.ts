import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import securityHeaders from './security-headers.ts';
import webRoutes from './web.ts';

/**
 * The built web app as a browser fetches it: compressed copies when accepted, hashed assets cached
 * for good, and the security headers (ADR 42) on pages, assets and API answers.
 */
let root: string;
const app = Fastify();
const script = 'console.log("the app");'.repeat(100);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><script src="/assets/index-abc123.js"></script>');
  mkdirSync(join(root, 'console'));
  writeFileSync(join(root, 'console/index.html'), '<!doctype html><script src="/assets/console-def456.js"></script>');
  writeFileSync(join(root, 'assets/index-abc123.js'), script);
  writeFileSync(join(root, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets/index-abc123.js.gz'), gzipSync(script));
  await app.register(securityHeaders, { frameOrigins: ['https://games.example.com'] });
  await app.register(webRoutes, { root });
  app.get('/api/ping', async () => ({ status: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

it('sends the Brotli or gzip copy of an asset as the browser accepts, and the plain file otherwise', async () => {
  const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.rawPayload.length).toBeLessThan(script.length / 5);
  const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  const plain = await app.inject({ url: '/assets/index-abc123.js' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
  for (const answer of [br, gz, plain]) expect(answer.headers.vary).toBe('Accept-Encoding');
});

it('caches hashed assets for a year and makes the page itself be asked again', async () => {
  const asset = await app.inject({ url: '/assets/index-abc123.js' });
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const page = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(page.statusCode).toBe(200);
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(page.body).toContain('/assets/index-abc123.js');
});

const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self' ws://exchange.example.com wss://exchange.example.com https://ipapi.co",
  'frame-src https://games.example.com',
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
const EVERY_ANSWER = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' };
const pick = (headers: Record<string, unknown>, names: string[]) => Object.fromEntries(names.map((n) => [n, headers[n]]));
const SECURITY = ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'];

it("sends the pages' security policy: own scripts only, never framed, frames only the casino provider's game origin", async () => {
  for (const url of ['/', '/index.html', '/console/']) {
    for (const encoding of ['br', 'identity']) {
      const page = await app.inject({ url, headers: { host: 'exchange.example.com', 'accept-encoding': encoding } });
      expect({ url, encoding, ...pick(page.headers, SECURITY) }).toEqual({
        url,
        encoding,
        'content-security-policy': PAGE_POLICY,
        'x-frame-options': 'DENY',
        ...EVERY_ANSWER,
      });
    }
  }
});

it('lists the live socket of the host asked for, and nothing of a Host header that is not a plain host', async () => {
  const local = await app.inject({ url: '/', headers: { host: '127.0.0.1:3000' } });
  expect(local.headers['content-security-policy']).toContain("connect-src 'self' ws://127.0.0.1:3000 wss://127.0.0.1:3000 https://ipapi.co;");
  const forged = await app.inject({ url: '/', headers: { host: "evil.example; script-src 'unsafe-inline'" } });
  expect(forged.headers['content-security-policy']).toContain("connect-src 'self' https://ipapi.co;");
  expect(forged.headers['content-security-policy']).not.toContain('evil');
});

it('sends nosniff and the referrer policy on assets and API answers, which need no page policy', async () => {
  for (const url of ['/assets/index-abc123.js', '/api/ping']) {
    const answer = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect({ url, ...pick(answer.headers, SECURITY) }).toEqual({
      url,
      'content-security-policy': undefined,
      'x-frame-options': undefined,
      ...EVERY_ANSWER,
    });
  }
});

it('serves the back-office console at /console/ (and sends /console there)', async () => {
  const page = await app.inject({ url: '/console/' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('/assets/console-def456.js');
  expect(page.headers['cache-control']).toBe('no-cache');
  const bare = await app.inject({ url: '/console' });
  expect({ status: bare.statusCode, location: bare.headers.location }).toEqual({ status: 301, location: '/console/' });
});
