/// <reference types="vite/client" />
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@portal/shared/finance';
import { createTestApp, testDbKind } from '../../helpers/test-app.ts';
import { ok } from '../../helpers/answers.ts';
import { bearer, createApiKey } from '../../helpers/api-keys.ts';
import { routeRecorder, type ApiRoute } from './route-table.ts';
import { baseOf, shapeOf } from './malformed-cases.ts';
import type { ByIdOperation, ListOperation, Method, Owner, TenantRecord, TenantResource } from './tenant-resource.ts';


/*
 * The cross-tenant harness: every resource declared in ./resources/*.ts is made (or found) as tenant 1
 * and tried as tenant 2, who must get 404 for anything by its id, find it in no list or export, and
 * leave it as it was. A merchant route that takes an id must belong to some declaration.
 */

/** Merchant routes that take an id but hold no tenant's record. Keep this short. */
const NOT_TENANT_RECORDS: Record<string, string> = {
  'GET /api/sys/category/queryById': 'the category dictionary is one global reference table that every tenant reads',
  // the id is a report definition, global like the menu catalogue; every call answers only the caller's tenant's rows (test/api/online/report-run.test.ts)
  'GET /api/online/cgreport/api/getQueryInfo/:cgRpConfigId': "a report definition is the platform's, global; it answers only the caller tenant's rows",
  'GET /api/online/cgreport/api/getData/:cgRpConfigId': "a report definition is the platform's, global; it answers only the caller tenant's rows",
  'GET /api/online/cgreport/api/getChart/:cgRpConfigId': "a report definition is the platform's, global; it answers only the caller tenant's rows",
  'GET /api/online/cgreport/api/exportXls/:cgRpConfigId': "a report definition is the platform's, global; it answers only the caller tenant's rows",
};

const declared = import.meta.glob<{ resources: TenantResource[] }>('./resources/*.ts', { eager: true });
const resources = Object.entries(declared).flatMap(([file, module]) => module.resources.map((resource) => ({ ...resource, file })));

const recorder = routeRecorder();
const t = await createTestApp({ onRoute: recorder.onRoute });
// the open API's routes too, called with an API key of each tenant
const routes = [...recorder.apiRoutes(), ...recorder.openApiRoutes()];
const tokens = { merchant: '', merchant2: '' };
const apiKeys: Record<string, string> = {};

const routeOf = (method: Method, url: string): ApiRoute => {
  const route = routes.find((r) => r.method === method && r.url === url);
  if (!route) throw new Error(`${method} ${url} is declared but is no route`);
  return route;
};

type Request = { method: Method; url: string; query?: Record<string, string>; payload?: unknown; headers?: Record<string, string> };

function send(token: string, { method, url, query, payload, headers }: Request): Promise<LightMyRequestResponse> {
  // the money-moving calls want an Idempotency-Key: every POST gets a fresh one
  const key = method === 'POST' ? { [IDEMPOTENCY_HEADER]: randomUUID() } : {};
  // the open API takes the API key of the token's tenant instead of the session
  if (url.startsWith('/open/')) return t.call({ method, url, lang: 'en-US', ...(query ? { query } : {}), ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...key, ...bearer(apiKeys[token] ?? ''), ...headers } });
  return t.call({ method, url, token, lang: 'en-US', ...(query ? { query } : {}), ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...key, ...headers } });
}

/** The operation as a request on `record`: the smallest valid input of its schemas, `with`, and the id. */
function requestOf(operation: ByIdOperation, record: TenantRecord): Request {
  const route = routeOf(operation.method, operation.url);
  const query: Record<string, string> = route.querystring ? ((baseOf(route.querystring, 'text') as Record<string, string> | null) ?? {}) : {};
  // a path parameter other than the id (an online form's code) comes from `with`, never into the body
  const pathKeys = new Set([...operation.url.matchAll(/:(\w+)/g)].map((match) => match[1]));
  const withBody = Object.fromEntries(Object.entries(operation.with ?? {}).filter(([key]) => operation.id === 'path' || operation.id === 'path-no' || !pathKeys.has(key)));
  let payload: Record<string, unknown> | undefined = route.body ? { ...(baseOf(route.body, 'json') ?? {}), ...withBody } : undefined;
  if (operation.id === 'query') query.id = String(record.id);
  if (operation.id === 'body') payload = { ...payload, id: record.id };
  // the record's id goes into the path; a further path parameter (a menu of the platform's catalogue) comes from `with`
  const url =
    operation.id === 'path' || operation.id === 'path-no'
      ? operation.url.replace(/:(\w+)/g, (_, key: string) => String(operation.with?.[key] ?? (operation.id === 'path-no' ? record.no : record.id)))
      : operation.url.replace(/:(\w+)/g, (whole, key: string) => (operation.with?.[key] === undefined ? whole : String(operation.with[key])));
  if (operation.id === 'path-no') payload = route.body ? { ...operation.with } : undefined;
  return { method: operation.method, url, query, payload };
}

/** All the text of an answer: its JSON, or every cell of an exported workbook. */
async function textOf(response: LightMyRequestResponse): Promise<string> {
  if (!String(response.headers['content-type']).includes('spreadsheetml')) return response.body;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
  return cells.join('\n');
}

const owner: Owner = {
  call: (request) => send(tokens.merchant, request),
  ok: <T,>(response: LightMyRequestResponse) => ok<T>(response),
  db: t.db,
};

const name = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe(`tenant 2 neither sees nor touches tenant 1's records (${testDbKind()})`, () => {
  beforeAll(async () => {
    tokens.merchant = await t.login('merchant');
    tokens.merchant2 = await t.login('merchant2');
    apiKeys[tokens.merchant] = (await createApiKey(t.db, 'merchant')).key;
    apiKeys[tokens.merchant2] = (await createApiKey(t.db, 'merchant2')).key;
  });
  afterAll(() => t.close());

  it('finds the declarations', () => {
    expect(resources.length).toBeGreaterThan(5);
  });

  describe.each(resources.map((resource) => [`${resource.name} (${resource.file})`, resource] as const))('%s', (_, resource) => {
    let record: TenantRecord;
    let before: unknown;
    beforeAll(async () => {
      record = await resource.create(owner);
      before = await resource.view(owner, record);
    });

    it.each(resource.byId.map((operation) => [name(operation), operation] as const))('%s answers 404 and changes nothing', async (_, operation) => {
      const response = await send(tokens.merchant2, requestOf(operation, record));
      expect(response.statusCode, response.body.slice(0, 300)).toBe(404);
      expect(response.json()).toMatchObject(operation.url.startsWith('/open/') ? { error: { code: 'not_found' } } : { success: false, code: 404 });
      expect(await resource.view(owner, record)).toEqual(before);
    });

    it.each(resource.lists.map((operation) => [name(operation), operation] as const))('%s does not mention it', async (_, operation: ListOperation) => {
      const response = await send(tokens.merchant2, operation);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(await textOf(response)).not.toContain(record.no);
      const json = response.headers['content-type']?.toString().includes('json') ? (response.json() as { result?: { records?: unknown }; records?: unknown }) : undefined;
      const records: unknown = json ? (json.result ?? json).records : undefined;
      if (Array.isArray(records)) expect(records.map((r: { id?: unknown }) => r.id)).not.toContain(record.id);
    });
  });

  it('covers every merchant route that takes an id', () => {
    const covered = new Set(resources.flatMap((resource) => resource.byId.map(name)));
    const takesId = (route: ApiRoute) =>
      /:\w*id\b/i.test(route.url) ||
      // the open API's records by their number in the path
      (route.openApi !== undefined && /:\w+/.test(route.url)) || [route.querystring, route.body].some((schema) => schema && Object.keys(shapeOf(schema) ?? {}).includes('id'));
    const merchantRoutes = routes.filter((route) => 'tenant' in route.access && route.access.tenant !== 'platform' && takesId(route)).map(name);
    expect(merchantRoutes.filter((route) => !covered.has(route) && !(route in NOT_TENANT_RECORDS))).toEqual([]);
    // and every exception is still a route that takes an id
    expect(Object.keys(NOT_TENANT_RECORDS).filter((route) => !merchantRoutes.includes(route))).toEqual([]);
  });
});
