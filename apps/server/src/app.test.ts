import { expect, it } from 'vitest';
import { endpoints, GlobalSettings, type EndpointName } from '@exchange/contracts';
import { buildApp } from './app.ts';
import { describeEachDatabase } from './test/databases.ts';

const userEndpoints = (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n].auth === 'user');

describeEachDatabase('app', (ctx) => {
  it('serves the global settings without a token', async () => {
    const res = await ctx().call('getGlobalSetting');
    expect(res.statusCode).toBe(200);
    expect(res.json.status).toBe(true);
    expect(GlobalSettings.parse(res.json.data)).toMatchObject({ payment_gateway: '1', is_show_apk: '0', logo: '/logo.svg' });
    expect(res.response.headers['cache-control']).toContain('no-store');
  });

  it('sends nosniff and the referrer policy on every answer, a refusal too (ADR 42)', async () => {
    for (const res of [await ctx().call('getGlobalSetting'), await ctx().call('getUserBalance')]) {
      expect(res.response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' });
    }
  });

  it('answers 401 on every user endpoint without a token or with an invalid one', async () => {
    for (const name of userEndpoints) {
      const missing = await ctx().call(name, {});
      expect(missing.statusCode, name).toBe(401);
      expect(missing.json).toMatchObject({ status: false, code: 'UNAUTHORIZED' });
      const invalid = await ctx().call(name, {}, 'not-a-real-token');
      expect(invalid.statusCode, name).toBe(401);
      expect(invalid.json.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers an unknown /api path with a 404 envelope', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'Not found: GET /api/nothing/here', code: 'NOT_FOUND' });
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"user_name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses an invalid body with the first issue as the message', async () => {
    const token = await ctx().login('demo1');
    const res = await ctx().call('getMatchVenueListByCountryCodeSportId', { sport_id: 7, date: '22-11-2026' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ status: false, message: 'Date must be yyyy-MM-dd', code: 'VALIDATION_ERROR' });
  });

  it('hides internal errors behind a 500 envelope', async () => {
    const app = buildApp({ db: ctx().db });
    app.get('/api/boom', async () => {
      throw new Error('secret detail');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: false, message: 'Something went wrong. Please try again.', code: 'INTERNAL_ERROR' });
  });

  it('publishes an OpenAPI 3.1 document listing every endpoint', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, e] of Object.entries(endpoints)) {
      const op = doc.paths[`/api/${e.path}`]?.[e.method.toLowerCase()];
      expect(op, name).toBeDefined();
      expect(op.summary).toBe(e.summary);
      expect(op.security).toEqual(e.auth === 'user' ? [{ bearerAuth: [] }] : []);
      expect(op.responses['200'].content['application/json'].schema.properties).toHaveProperty('status');
      if (e.method === 'POST') expect(op.requestBody.content['application/json'].schema).toBeTypeOf('object');
    }
    expect(doc.paths['/api/user/login'].post.requestBody.content['application/json'].schema.required).toEqual(['user_name', 'password']);
  });
});
