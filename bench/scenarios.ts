export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** which child process a scenario loads */
export type ScenarioTarget = 'hello' | 'portal';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type Scenario = {
  /** unique; shown in the table and the JSON results */
  name: string;
  target: ScenarioTarget;
  method: HttpMethod;
  /** path and query, e.g. /api/sys/dict/getDictItems/OrderStatus */
  path: string;
  headers: Record<string, string>;
  /** sent as JSON (content-type is added) */
  body?: JsonValue;
};

/** what scenarios may use: the session of the logged-in demo user */
export type ScenarioContext = {
  token: string;
};

/** the demo user whose session the portal scenarios use */
export const BENCH_USER = { username: 'merchant', password: 'Portal#2026' } as const;

/** the bare Fastify server every other scenario is compared with */
export const BASELINE_SCENARIO: Scenario = { name: 'hello-world', target: 'hello', method: 'GET', path: '/', headers: {} };

/** Each endpoint must reach this share of the baseline's requests per second on PostgreSQL. */
export const TARGET_RATIO = 0.4;

/** The portal scenarios, in the order they run (after the baseline). Add new ones here. */
export function buildPortalScenarios(context: ScenarioContext): Scenario[] {
  const session = { 'x-access-token': context.token };
  return [
    { name: 'getUserPermissionByToken', target: 'portal', method: 'GET', path: '/api/sys/permission/getUserPermissionByToken', headers: session },
    { name: 'getDictItems/OrderStatus', target: 'portal', method: 'GET', path: '/api/sys/dict/getDictItems/OrderStatus', headers: session },
    { name: 'queryAllDictItems', target: 'portal', method: 'GET', path: '/api/sys/dict/queryAllDictItems', headers: session },
  ];
}
