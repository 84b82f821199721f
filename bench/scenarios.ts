import type { ScaleFixtures } from './scale.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** which child process a scenario loads (twin: a bare twin of a portal endpoint, bench/twins.ts) */
export type ScenarioTarget = 'hello' | 'portal' | 'twin';

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
  /** the p99 latency the endpoint must stay under, measured on one connection (the scale targets, docs/performance.md) */
  p99TargetMs?: number;
  /**
   * a different client address on every request (X-Forwarded-For, which the portal trusts in scale
   * mode): a public endpoint rate-limited per address is measured as many visitors, not one refused one
   */
  rotateClientAddress?: boolean;
  /**
   * values that must differ on every request, merged over headers and body (a create: a new merchant order
   * number and Idempotency-Key each time)
   */
  perRequest?: () => { headers?: Record<string, string>; body?: JsonValue };
  /** a portal answer that is not the envelope (the open API): the probe checks the status only */
  plainAnswer?: boolean;
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
    // a page view: pushed into the visit log's buffer (the first 30 a minute of the session; the rest are not counted), written in batches off the request
    { name: 'sys/visit', target: 'portal', method: 'POST', path: '/api/sys/visit', headers: session, body: { path: '/dashboard/analysis' } },
  ];
}

/** The targets on the 1,000,000-order data: every list page, and a public tracking lookup. */
export const LIST_P99_TARGET_MS = 50;
export const TRACK_P99_TARGET_MS = 10;

export type ScaleScenarioContext = {
  token: string;
  fixtures: ScaleFixtures;
  /** the run's clock, for the created-time range of the filtered page */
  now: Date;
  /** the built-in order picker's online report (its id), read over the million orders */
  orderPickerId?: number;
};

/**
 * `--scale`: the order screens of the merchant with 30% of the 1,000,000 orders, and the public
 * tracking page, on the data of `npm run seed:scale` (bench/scale.ts).
 */
export function buildScaleScenarios(context: ScaleScenarioContext): Scenario[] {
  const session = { 'x-access-token': context.token };
  const daysAgo = (days: number) => new Date(context.now.getTime() - days * 86_400_000).toISOString();
  const query = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const list = (name: string, values: Record<string, string | number>): Scenario => ({
    name,
    target: 'portal',
    method: 'GET',
    path: `/api/logistics/order/list?${query({ pageNo: 1, pageSize: 10, ...values })}`,
    headers: session,
    p99TargetMs: LIST_P99_TARGET_MS,
  });
  const track = (name: string, numbers: string[]): Scenario => ({
    name,
    target: 'portal',
    method: 'GET',
    path: `/api/open/track?${query({ numbers: numbers.join(',') })}`,
    headers: { 'accept-language': 'en-US' },
    p99TargetMs: TRACK_P99_TARGET_MS,
    rotateClientAddress: true,
  });
  return [
    list('orderList/first', {}),
    list('orderList/filtered', { status: 'DONE', destinationCountry: 'US', createdFrom: daysAgo(180), createdTo: daysAgo(30) }),
    list('orderList/statusTab', { status: 'WHOUT' }),
    list('orderList/page500', { pageNo: 500 }),
    // number searches: a whole order number typed in lower case with a space, and the start of a merchant order number
    list('orderList/orderNo', { orderNo: `${context.fixtures.orderNo.slice(0, 8)} ${context.fixtures.orderNo.slice(8)}`.toLowerCase() }),
    list('orderList/merchantNoStart', { merchantOrderNo: context.fixtures.merchantOrderNo.slice(0, -2).toLowerCase() }),
    { name: 'order/queryById', target: 'portal', method: 'GET', path: `/api/logistics/order/queryById?id=${context.fixtures.orderId}`, headers: session, p99TargetMs: LIST_P99_TARGET_MS },
    { name: 'order/statusCounts', target: 'portal', method: 'GET', path: '/api/logistics/order/statusCounts', headers: session, p99TargetMs: LIST_P99_TARGET_MS },
    track('track/1', [context.fixtures.oneNumber]),
    track('track/10', context.fixtures.tenNumbers),
    // the order picker's report (a data set of the allow-list, the caller's tenant, its default sort), a first page and a status filter
    ...(context.orderPickerId === undefined
      ? []
      : [
          { name: 'onlineReport/orderPicker', target: 'portal', method: 'GET', path: `/api/online/cgreport/api/getData/${context.orderPickerId}?pageNo=1&pageSize=10`, headers: session, p99TargetMs: LIST_P99_TARGET_MS } satisfies Scenario,
          { name: 'onlineReport/status', target: 'portal', method: 'GET', path: `/api/online/cgreport/api/getData/${context.orderPickerId}?pageNo=1&pageSize=10&status=WHOUT`, headers: session, p99TargetMs: LIST_P99_TARGET_MS } satisfies Scenario,
        ]),
  ];
}
