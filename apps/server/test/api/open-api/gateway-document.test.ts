import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCOPES } from '@portal/shared/open-api';
import { OPEN_API_ERROR_CODES } from '@portal/shared/open-api-gateway';
import { bearer, createApiKey } from '../../helpers/api-keys.ts';
import { createTestApp, testDbKind } from '../../helpers/test-app.ts';

/*
 * The open API's rate limit per key (a small limit in this app's config) and its own OpenAPI document,
 * which lists exactly the open routes while the portal's /api/docs lists none of them.
 */

const LIMIT = 3;
// a built web app, so that its fallback route (index.html for every unknown path) is there as in production
const webDist = mkdtempSync(path.join(os.tmpdir(), 'open-api-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!DOCTYPE html><html><body>the web app</body></html>');
const t = await createTestApp({ config: { OPEN_API_RATE_LIMIT: LIMIT, WEB_DIST: webDist } });

type Operation = {
  parameters?: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: Record<string, { headers?: Record<string, unknown>; content?: { 'application/json': { example?: unknown; examples?: Record<string, { value: { error: { code: string } } }> } } }>;
  security: Record<string, string[]>[];
  'x-scope': string | null;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, { type: string; scheme?: string }>; schemas: Record<string, unknown> } };

describe(`the open API's rate limit and document (${testDbKind()})`, () => {
  const keys = { one: '', two: '' };
  beforeAll(async () => {
    keys.one = (await createApiKey(t.db, 'merchant')).key;
    keys.two = (await createApiKey(t.db, 'merchant')).key;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("an unknown path under /open/ is a JSON 404 not_found, never the web app's page", async () => {
    expect((await t.call({ method: 'GET', url: '/some/page' })).body).toContain('the web app');
    for (const url of ['/open/v1/nothing', '/open/v2/orders', '/open/', '/open/v1/orders/LO1/nothing']) {
      const response = await t.call({ method: 'GET', url, headers: bearer(keys.two), lang: 'en-US' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
      expect(response.json().error, url).toMatchObject({ code: 'not_found', message: expect.stringContaining('No such endpoint') });
    }
  });

  describe('rate limit per key', () => {
    it('counts each key apart, sends the RateLimit headers and answers 429 rate_limited with Retry-After past the limit', async () => {
      const remaining: string[] = [];
      for (let i = 0; i < LIMIT; i++) {
        const response = await t.call({ method: 'GET', url: '/open/v1/wallet/balances', headers: bearer(keys.one) });
        expect(response.statusCode).toBe(200);
        expect(response.headers['ratelimit-limit']).toBe(String(LIMIT));
        expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
        remaining.push(String(response.headers['ratelimit-remaining']));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      // a create past the limit is refused before its body is read, and makes nothing
      const refused = await t.call({ method: 'POST', url: '/open/v1/orders', lang: 'en-US', headers: { ...bearer(keys.one), 'idempotency-key': randomUUID() }, payload: { nothing: true } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(refused.json().error.message).toMatch(/try again in \d+ s/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      // another key of the same company has its own minute
      const other = await t.call({ method: 'GET', url: '/open/v1/wallet/balances', headers: bearer(keys.two) });
      expect(other.statusCode).toBe(200);
      expect(other.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    });

    it('does not count callers without a valid key (they are refused first) nor the document', async () => {
      for (let i = 0; i < LIMIT + 2; i++) {
        expect((await t.call({ method: 'GET', url: '/open/v1/orders' })).statusCode).toBe(401);
        expect((await t.call({ method: 'GET', url: '/open/v1/openapi.json' })).statusCode).toBe(200);
      }
      const answer = await t.call({ method: 'GET', url: '/open/v1/openapi.json' });
      expect(answer.headers['ratelimit-limit']).toBeUndefined();
    });
  });

  describe('the document', () => {
    let document: Document;
    beforeAll(async () => {
      const response = await t.call({ method: 'GET', url: '/open/v1/openapi.json' });
      expect(response.statusCode).toBe(200);
      document = response.json();
    });

    it('lists exactly the open routes, each with its scope, the bearer scheme and examples', () => {
      expect(document.openapi).toBe('3.1.0');
      const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
      expect(operations.sort()).toEqual(
        [
          'GET /orders',
          'POST /orders',
          'GET /orders/{orderNo}',
          'POST /orders/{orderNo}/cancel',
          'GET /orders/{orderNo}/tracking',
          'GET /parcels',
          'GET /wallet/balances',
          'GET /purchase-orders',
          'GET /purchase-orders/{purchaseNo}',
        ].sort(),
      );
      expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
      for (const [path, methods] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          const name = `${method} ${path}`;
          expect(API_SCOPES, name).toContain(operation['x-scope']);
          expect(operation.security, name).toEqual([{ apiKey: [operation['x-scope']] }]);
          const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
          expect(success?.[1].content?.['application/json'].example, name).toBeTruthy();
          expect(success?.[1].headers, name).toHaveProperty('RateLimit-Remaining');
          expect(operation.responses['429']?.headers, name).toHaveProperty('Retry-After');
          expect(operation.responses['401']?.content?.['application/json'].examples?.unauthorized?.value.error.code, name).toBe('unauthorized');
          if (operation.requestBody) expect(operation.requestBody.content['application/json'].example, name).toBeTruthy();
          for (const parameter of operation.parameters ?? []) if (parameter.in !== 'query') expect(parameter.example, `${name} ${parameter.name}`).toBeTruthy();
        }
      }
      const create = document.paths['/orders']?.post;
      expect(create?.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(['header Idempotency-Key']);
      expect(Object.keys(create?.responses ?? {}).sort()).toEqual(['201', '400', '401', '403', '409', '413', '415', '429', '500']);
      const codes = Object.values(create?.responses ?? {}).flatMap((answer) => Object.keys(answer.content?.['application/json'].examples ?? {}));
      expect(codes.sort()).toEqual([...OPEN_API_ERROR_CODES].filter((code) => code !== 'not_found').sort());
    });

    it('is what the routes validate with: the document\'s create example is accepted', async () => {
      const example = document.paths['/orders']?.post?.requestBody?.content['application/json'].example;
      const response = await t.call({ method: 'POST', url: '/open/v1/orders', headers: { ...bearer(keys.two), 'idempotency-key': randomUUID() }, payload: example as object });
      expect(response.statusCode, response.body).toBe(201);
    });

    it("the portal's /api/docs lists none of the open routes", async () => {
      const portal = (await t.call({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(portal.paths).length).toBeGreaterThan(100);
      expect(Object.keys(portal.paths).filter((path) => path.startsWith('/open'))).toEqual([]);
    });

    it('has a browsable page', async () => {
      const page = await t.call({ method: 'GET', url: '/open/v1/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('/open/v1/docs/init.js');
      const init = await t.call({ method: 'GET', url: '/open/v1/docs/init.js' });
      expect(init.body).toContain('/open/v1/openapi.json');
      expect((await t.call({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' })).statusCode).toBe(200);
    });
  });
});
