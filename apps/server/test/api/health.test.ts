import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, testConfig, testDbKind, type TestApp } from '../helpers/test-app.ts';

describe(`health (${testDbKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness without the database and readiness with it', async () => {
    expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result).toEqual({ status: 'ready', database: testDbKind() });
  });

  it('says when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const ready = await other.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    await other.app.close();
  });

  it("serves the OpenAPI document with each operation's permission", async () => {
    const response = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.paths['/api/sys/login'].post['x-permission']).toBe('public');
    expect(doc.paths['/api/sys/permission/getUserPermissionByToken'].get['x-permission']).toBe('authenticated');
    expect(doc.paths['/api/sys/loginfo'].get['x-permission']).toBe('statistics:visit:list');
    expect(doc.paths['/api/sys/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });

  it('sends the security headers on every answer', async () => {
    for (const url of ['/healthz', '/api/nope']) {
      const response = await t.call({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
  });

  it('answers an unknown endpoint with a translated 404 envelope', async () => {
    const response = await t.call({ method: 'GET', url: '/api/nope', lang: 'en-US' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 404, message: 'No such endpoint: GET /api/nope' });
  });

  it('refuses to start with a route that declares no access, or an open-API route without its scope', async () => {
    for (const [url, refusal] of [
      ['/api/unguarded', /GET \/api\/unguarded declares no access/],
      ['/platform-api/unguarded', /declares no access/],
      ['/open/v1/unguarded', /GET \/open\/v1\/unguarded declares no open-API scope/],
    ] as const) {
      const app = await buildApp({ config: testConfig, database: t.database, logger: false });
      void app.register(async (child) => {
        child.get(url, async () => 'reachable');
      });
      await expect(app.ready()).rejects.toThrow(refusal);
      await app.close().catch(() => undefined);
    }
  });
});
