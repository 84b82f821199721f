import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SITE_DEFAULTS } from '../../src/config.ts';
import { createTestApp, createTestDatabase, testDbKind, type TestApp, type TestDatabase } from '../helpers/test-app.ts';

describe(`public site settings (${testDbKind()})`, () => {
  let testDatabase: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    t = await createTestApp({ testDatabase });
  });
  afterAll(async () => {
    await t.close();
    await testDatabase.drop();
  });

  it('answers the defaults to anyone, without a token, with the _t of every GET', async () => {
    const response = await t.call({ method: 'GET', url: '/api/sys/site?_t=1763700000' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json()).toMatchObject({
      success: true,
      code: 200,
      result: {
        companyName: SITE_DEFAULTS.companyName,
        copyright: `Copyright © 2019 - 2024 ${SITE_DEFAULTS.companyName}`,
        icp: SITE_DEFAULTS.icp,
        psb: SITE_DEFAULTS.psb,
        trackingUrl: '/track',
      },
    });
  });

  it('answers what the SITE_* variables say, an empty filing number included', async () => {
    const config = loadConfig({
      SITE_COMPANY_NAME: 'Harbour Freight Ltd',
      SITE_ICP: '',
      SITE_PSB: '京公网安备11010502030000号',
      SITE_TRACKING_URL: 'https://track.example.com/parcels',
    });
    const other = await createTestApp({ testDatabase, config });
    try {
      const result = (await other.call({ method: 'GET', url: '/api/sys/site' })).json().result;
      expect(result).toEqual({
        companyName: 'Harbour Freight Ltd',
        copyright: 'Copyright © 2019 - 2024 Harbour Freight Ltd',
        icp: '',
        psb: '京公网安备11010502030000号',
        trackingUrl: 'https://track.example.com/parcels',
      });
      const own = await createTestApp({ testDatabase, config: { ...config, SITE_COPYRIGHT: '© 2026 Harbour Freight' } });
      expect((await own.call({ method: 'GET', url: '/api/sys/site' })).json().result.copyright).toBe('© 2026 Harbour Freight');
      await own.app.close();
    } finally {
      await other.app.close();
    }
  });

  it('refuses a tracking address a browser would run or send elsewhere', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example.com', '/\\evil.example.com', 'track', 'ftp://example.com/x']) {
      expect(() => loadConfig({ SITE_TRACKING_URL: bad }), bad).toThrow(/SITE_TRACKING_URL/);
    }
    expect(loadConfig({ SITE_TRACKING_URL: '/yesstyleTrack' }).SITE_TRACKING_URL).toBe('/yesstyleTrack');
  });

  it('refuses unknown query fields like every GET, and documents the route as public', async () => {
    expect((await t.call({ method: 'GET', url: '/api/sys/site?x=1' })).statusCode).toBe(400);
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/sys/site'].get['x-permission']).toBe('public');
  });
});
