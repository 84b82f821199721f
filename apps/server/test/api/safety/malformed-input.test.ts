import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createTestApp, testDbKind } from '../../helpers/test-app.ts';
import { bearer, createApiKey } from '../../helpers/api-keys.ts';
import { routeRecorder, type ApiRoute } from './route-table.ts';
import { baseOf, casesOf, DEPTH, type MalformedCase } from './malformed-cases.ts';


/*
 * Every operation under /api, /platform-api and /open/v1 (with an API key) gets malformed input derived from its own schemas (see
 * malformed-cases.ts) and must answer 4xx with a message, never 5xx. A new route joins by existing.
 */

/** Routes that take no input at all: nothing to make malformed. Keep this short. */
const NOTHING_TO_FUZZ: Record<string, string> = {
  'POST /api/sys/logout': 'no query, no body: it ends the caller session',
  'GET /api/sys/permission/getUserPermissionByToken': 'no query, no body: answers the caller own menu',
  'GET /api/sys/dict/getDictItems': 'no code in the path: answers 404 for any input',
  'GET /api/sys/dict/names': "no query, no body: every dictionary's code and name",
  'GET /api/sys/announcement/stream': "no input: the caller's own event stream, which stays open (test/api/announcement/stream.test.ts reads it over HTTP)",
  'GET /open/v1/wallet/balances': "no query, no body: the key's company's balances",
};

// the open API's cases all come from one key, which no rate limit should stop
const recorder = routeRecorder();
const t = await createTestApp({ config: { OPEN_API_RATE_LIMIT: 100_000 }, onRoute: recorder.onRoute });
const routes = [...recorder.apiRoutes(), ...recorder.openApiRoutes()];
const tokens: Record<'admin' | 'merchant' | 'apiKey', string> = { admin: '', merchant: '', apiKey: '' };

const name = (route: ApiRoute) => `${route.method} ${route.url}`;
const caller = (route: ApiRoute) => (route.openApi ? 'apiKey' : route.access.permission === 'public' ? undefined : 'tenant' in route.access && route.access.tenant === 'platform' ? 'admin' : 'merchant');

function urlOf(route: ApiRoute, params: Record<string, unknown>): string {
  return route.url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

/** The cases of a route, each sent with valid values (where the schema lets us build them) in its other parts. */
function plan(route: ApiRoute): { cases: MalformedCase[]; query: Record<string, unknown>; params: Record<string, unknown>; body: unknown } {
  const query = route.querystring ? (baseOf(route.querystring, 'text') ?? {}) : {};
  const params = route.params ? (baseOf(route.params, 'text') ?? {}) : {};
  const body = route.body ? (baseOf(route.body, 'json') ?? {}) : undefined;
  const cases: MalformedCase[] = [
    ...(route.querystring ? casesOf('querystring', route.querystring) : []),
    ...(route.params ? casesOf('params', route.params) : []),
    ...(route.body ? casesOf('body', route.body) : []),
  ];
  if (route.multipart) {
    const deep = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
    cases.push(
      { name: 'JSON instead of multipart', part: 'body', value: { file: 'x' }, expect: 'refused' },
      { name: 'deep JSON instead of multipart', part: 'body', raw: deep, expect: 'refused' },
      { name: 'a multipart body that is not one', part: 'body', raw: 'not multipart at all', expect: 'refused' },
    );
  }
  // half of a character in every text of a valid body: PostgreSQL refuses to store it
  const halves = body === undefined || route.multipart ? '' : JSON.stringify(body, (_, value: unknown) => (typeof value === 'string' ? '\ud800' : value));
  if (halves.includes('\\ud800')) cases.push({ name: 'a lone surrogate in every text', part: 'body', raw: halves, expect: 'refused' });
  return { cases, query, params, body };
}

async function send(route: ApiRoute, base: ReturnType<typeof plan>, c: MalformedCase): Promise<LightMyRequestResponse> {
  const who = caller(route);
  const query = (c.part === 'querystring' ? c.value : base.query) as Record<string, string>;
  const params = (c.part === 'params' ? c.value : base.params) as Record<string, unknown>;
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (c.part === 'body' || base.body !== undefined) {
    payload = c.part === 'body' ? (c.raw ?? JSON.stringify(c.value)) : JSON.stringify(base.body);
    headers['content-type'] = c.name === 'a multipart body that is not one' ? 'multipart/form-data; boundary=----x' : 'application/json';
  }
  // an open-API route takes the key, and an Idempotency-Key for its creates and cancels
  if (who === 'apiKey') Object.assign(headers, bearer(tokens.apiKey), { 'idempotency-key': randomUUID() });
  return t.call({
    method: route.method as 'GET',
    url: urlOf(route, params),
    query,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(who && who !== 'apiKey' ? { token: tokens[who] } : {}),
    lang: 'en-US',
  });
}

/**
 * A path parameter left out makes another route's URL (GET /open/v1/orders/ is the order list): that
 * request is no malformed call of this route, and is the other route's to answer.
 */
function landsElsewhere(route: ApiRoute, c: MalformedCase): boolean {
  if (c.part !== 'params') return false;
  const url = urlOf(route, c.value as Record<string, unknown>).replace(/\/+$/, '');
  return routes.some((other) => other !== route && other.method === route.method && other.url === url);
}

/** What is wrong with an answer to a case, or null. */
function verdict(route: ApiRoute, c: MalformedCase, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (landsElsewhere(route, c)) return status >= 500 ? `${status} on the route it lands on` : null;
  let message = '';
  try {
    // the portal's envelope, or the open API's { error: { code, message } }
    const body = response.json() as { message?: unknown; error?: { message?: unknown } };
    message = String(body.message ?? body.error?.message ?? '');
  } catch {
    message = '';
  }
  if (status >= 500) return `${status} ${message.replace(/\s*\(trace [^)]*\)/, '').slice(0, 120)}`;
  // malformed input stopped by the access check never reached the schema: the case would prove nothing
  if (c.expect === 'refused' && (status === 401 || status === 403) && route.access.permission !== 'public') return `${status}: the caller may not call it`;
  if (c.expect === 'refused' && (status < 400 || status >= 500)) return `${status} for malformed input`;
  if (status >= 400 && message.trim() === '') return `${status} without a message`;
  return null;
}

describe(`malformed input on every route (${testDbKind()})`, () => {
  beforeAll(async () => {
    tokens.admin = await t.login('admin');
    tokens.merchant = await t.login('merchant');
    // the key routes' tolerated cases (a zero overlap, say) really roll or revoke the key their sample id names,
    // which is the first key made: the open routes are called with a second one
    await createApiKey(t.db, 'merchant');
    tokens.apiKey = (await createApiKey(t.db, 'merchant')).key;
  });
  afterAll(() => t.close());

  it('fuzzes every route that takes input; the few that take none are listed', () => {
    expect(routes.length).toBeGreaterThan(100);
    const inputless = routes.filter((route) => !route.querystring && !route.params && !route.body && !route.multipart).map(name);
    expect(inputless.sort()).toEqual(Object.keys(NOTHING_TO_FUZZ).sort());
  });

  it('refuses half a character in a text with its own message, where the finding saw a 500', async () => {
    for (const url of ['/api/sys/dict/add', '/api/online/cgform/head/add', '/api/sys/checkRule/add']) {
      const response = await t.call({ method: 'POST', url, token: tokens.admin, headers: { 'content-type': 'application/json' }, payload: '{"title":"\\ud800 {\\"zh-TW\\":\\"x\\"}"}', lang: 'en-US' });
      expect([url, response.statusCode, response.json().message]).toEqual([url, 400, 'The request body holds invalid text (an unpaired Unicode surrogate)']);
    }
    // a whole character written as its two halves is text like any other
    const whole = await t.call({ method: 'POST', url: '/api/sys/dict/add', token: tokens.admin, headers: { 'content-type': 'application/json' }, payload: '{"dictName":"\\ud83d\\ude00"}', lang: 'en-US' });
    expect(whole.json().message).not.toContain('surrogate');
  });

  it.each(routes.filter((route) => !(name(route) in NOTHING_TO_FUZZ)).map((route) => [name(route), route] as const))('%s', async (_, route) => {
    const base = plan(route);
    expect(base.cases.length).toBeGreaterThan(0);
    const failures: string[] = [];
    // a few at a time: the answers do not depend on each other, the database serves one query at a time anyway
    for (let start = 0; start < base.cases.length; start += 8) {
      const batch = base.cases.slice(start, start + 8);
      const responses = await Promise.all(batch.map((c) => send(route, base, c)));
      for (const [index, response] of responses.entries()) {
        const c = batch[index]!;
        const wrong = verdict(route, c, response);
        if (wrong) failures.push(`${c.part} ${c.name}: ${wrong}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
