import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../helpers/test-app.ts';

/** The built web app as the server hands it out: what a browser may keep, and what it must ask for again. */
describe(`the web app's files (${testDbKind()})`, () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(dist, 'session-gate.js'), 'void 0;');
    writeFileSync(path.join(dist, 'assets', 'main-Ab3dE5gH.js'), 'export {};');
    t = await createTestApp({ config: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('lets a browser keep a file named by its content for good, without asking again', async () => {
    const response = await t.call({ method: 'GET', url: '/assets/main-Ab3dE5gH.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the page and the files without a content name asked for again at every load', async () => {
    for (const url of ['/dashboard/analysis', '/session-gate.js']) {
      const response = await t.call({ method: 'GET', url });
      expect([url, response.statusCode, response.headers['cache-control']]).toEqual([url, 200, 'public, max-age=0']);
    }
  });
});
