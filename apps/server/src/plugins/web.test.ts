import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import webRoutes from './web.ts';

/** The built web app as a browser fetches it: compressed copies when accepted, hashed assets cached for good. */
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
  await app.register(webRoutes, { root, frameOrigins: ['https://games.example.com'] });
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

it("lets the page frame only the casino provider's game origin (the browser enforces it too)", async () => {
  for (const url of ['/', '/index.html']) {
    const page = await app.inject({ url });
    expect({ url, csp: page.headers['content-security-policy'] }).toEqual({ url, csp: 'frame-src https://games.example.com' });
  }
  // Scripts and styles are not pages: no policy needed there.
  expect((await app.inject({ url: '/assets/index-abc123.js' })).headers['content-security-policy']).toBeUndefined();
});

it('serves the back-office console at /console/ (and sends /console there), with the same page policy', async () => {
  const page = await app.inject({ url: '/console/' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('/assets/console-def456.js');
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(page.headers['content-security-policy']).toBe('frame-src https://games.example.com');
  const bare = await app.inject({ url: '/console' });
  expect({ status: bare.statusCode, location: bare.headers.location }).toEqual({ status: 301, location: '/console/' });
});
